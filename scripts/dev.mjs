#!/usr/bin/env node
/** `npm run dev`: the API (embedded mode, restarts on change) and the Vite dev server (hot reload, proxies /api and /socket.io to the API). */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: '3000' } }),
  spawn('npm', ['run', 'dev', '-w', 'client'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', () => { stop(); process.exitCode = child.exitCode ?? 0; });
