#!/usr/bin/env node
/**
 * The server the browser tests run against: the real platform in the embedded mode on a fresh data
 * directory (so every run starts from the seeded demo data), with the built client.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// One data directory per port, so two runs on different E2E_PORTs never share a database.
const dataDir = path.join(root, `.tmp/e2e-data-${process.env.E2E_PORT ?? '4310'}`);
fs.rmSync(dataDir, { recursive: true, force: true });

// Mark Six, for the draw-lottery browser test: a draw every 3 minutes (sales closing 1 minute
// before), so the test buys for three draws and sees the first one drawn (simulated) within a few
// minutes, whenever in the run its spec happens to start.
const MARK_SIX_SOON = { source: 'e2e: a draw every 3 minutes', calendar: { everyMinutes: 3, salesCloseMinutes: 1 } };

const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '4310',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Canada Keno every minute (sales close 15 s before each draw), so a browser test sees a
    // purchase, a draw and its settlement within one test; purchases confirm after half a second.
    KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 60, salesCloseSeconds: 15 } }),
    PURCHASE_LATENCY_MS: '500',
    DRAW_RULE_OVERRIDES: JSON.stringify({ HKA01: MARK_SIX_SOON }),
    // Every browser test signs up from 127.0.0.1: the per-address sign-up limit is not under test here.
    SIGNUP_MAX_PER_ADDRESS: '1000',
    // The browser tests mint their members' points through the seeded operator (POST /api/admin/pins),
    // many specs on one server: the staff money bounds are out of their way here (docs/money-controls.md;
    // admin-console.spec.ts runs the defaults on its own server).
    ADJUSTMENT_APPROVAL_POINTS: '100000000',
    PIN_DAILY_MAX_POINTS: '1000000000',
    // The browser tests post results as the operator over the API with a password session; the
    // console's own sign-in with TOTP is tested by admin-console.spec.ts on its own server.
    STAFF_MFA: 'off',
    // "Log in with LINE" through a sandbox LINE (a local OpenID Connect provider) served at /sandbox/line.
    LINE_SANDBOX: 'true',
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '4310'}`,
    // Hong Kong football: a simulated match kicks off every 15 s (sales close 5 s before), every
    // open event's odds move each second, and results wait for the operator, so a browser test
    // buys an all-up, sees its matches close and posts their results within a couple of minutes.
    ODDS_INTERVAL_MS: '1000',
    FOOTBALL_SALES_CLOSE_LEAD_SECONDS: '5',
    FOOTBALL_RESULT_SOURCE: 'manual',
    // Reality checks (issue 32): a "minute" of 600 ms, so the 15-minute check the phone test sets falls
    // due in 9 s. Refused outside NODE_ENV=test (server/src/config.ts).
    REALITY_CHECK_MINUTE_MS: '600',
    FOOTBALL_SIMULATION: JSON.stringify({ kickOffEveryMinutes: 0.25, aheadHours: 0.1, matchMinutes: 2, voidRate: 0, moveShare: 1 }),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
