#!/usr/bin/env node
/** `npm run e2e`: only the browser tests (builds the client first when needed). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureClientBuilt } from './lib/client-build.mjs';
import { ensureSystemDeps, SYSTEM_DEPS } from './lib/system-deps.mjs';

ensureSystemDeps(SYSTEM_DEPS.filter((d) => d.binary === 'chromium'));
ensureClientBuilt();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: path.resolve(import.meta.dirname, '..'),
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
