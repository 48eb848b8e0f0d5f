import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { freePort } from '../../src/db/embedded-postgres.ts';
import { startRefusals } from '../../src/platform/production-readiness.ts';
import { startServer } from '../../src/server.ts';
import { testPlatform } from '../support/platform.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const SECRET = { JWT_SECRET: 'production-readiness-test-secret-0123456789' };
/** A mail server, which production needs (its absence is one more reason, checked below). */
const MAIL = { SMTP_URL: 'smtp://mail.example.com:587' };
const settingsOf = (env: Record<string, string>) => startRefusals(loadConfig({ ...SECRET, ...MAIL, ...env })).map((p) => p.setting);
const SIMULATED = ['PAYMENTS', 'PURCHASE_GATEWAY', 'RESULT_SOURCE', 'DRAW_RESULT_SOURCE', 'FOOTBALL_RESULT_SOURCE', 'ODDS_SOURCE'];
/** Everything production needs of the parts that are simulated by default. */
const LIVE = {
  PAYMENTS: 'live',
  PURCHASE_GATEWAY: 'manual',
  RESULT_SOURCE: 'manual',
  DRAW_RESULT_SOURCE: 'manual',
  FOOTBALL_RESULT_SOURCE: 'manual',
  ODDS_SOURCE: 'hkjc',
};

/** The server's own entry point, as a deployment starts it; its exit code and what it printed, or `listening` once it answered. */
function startMain(env: Record<string, string>, port: number, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; output: string; answered: boolean }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const poll = setInterval(() => {
      void fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => {
          clearInterval(poll);
          child.kill('SIGKILL');
          resolve({ code: null, output, answered: true });
        },
        () => undefined,
      );
    }, 500);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ code, output, answered: false });
    });
  });
}

describe('a production start never runs open (issue 28 item 7)', () => {
  it('NODE_ENV=production names every simulated part; demo seeding, STAFF_MFA=off, the LINE sandbox and a published operator password too', () => {
    expect(settingsOf({ NODE_ENV: 'production' })).toEqual(SIMULATED);
    expect(settingsOf({ NODE_ENV: 'production', ...LIVE, SEED_DEMO: 'true', STAFF_MFA: 'off', LINE_SANDBOX: 'true' })).toEqual(['LINE_SANDBOX', 'SEED_DEMO', 'STAFF_MFA', 'OPERATOR_PASSWORD']);
    expect(settingsOf({ NODE_ENV: 'production', ...LIVE })).toEqual([]);
  });

  it('the official result feeds are real results: RESULT_SOURCE=feeds and DRAW_RESULT_SOURCE=feeds start in production (issue 31)', () => {
    expect(settingsOf({ NODE_ENV: 'production', ...LIVE, RESULT_SOURCE: 'feeds', DRAW_RESULT_SOURCE: 'feeds' })).toEqual([]);
    expect(settingsOf({ NODE_ENV: 'production', ...LIVE, RESULT_SOURCE: 'simulated', DRAW_RESULT_SOURCE: 'feeds' })).toEqual(['RESULT_SOURCE']);
  });

  it('ALLOW_SIMULATED=true allows only the simulated parts: never demo seeding, STAFF_MFA=off or the published password', () => {
    expect(settingsOf({ NODE_ENV: 'production', ALLOW_SIMULATED: 'true' })).toEqual([]);
    expect(settingsOf({ NODE_ENV: 'production', ALLOW_SIMULATED: 'true', SEED_DEMO: 'true', STAFF_MFA: 'off', LINE_SANDBOX: 'true' })).toEqual(['SEED_DEMO', 'STAFF_MFA', 'OPERATOR_PASSWORD']);
  });

  it('demo seeding is off by default in production, on for the demo and in development', () => {
    expect(loadConfig({ ...SECRET, NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...SECRET, NODE_ENV: 'production', DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ ...SECRET, NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    // The demo and development start as they are.
    expect(settingsOf({ NODE_ENV: 'production', DEMO: 'true', STAFF_MFA: 'off' })).toEqual([]);
    expect(settingsOf({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('the server itself refuses: exit 78 naming each reason, before anything listens', async () => {
    const port = await freePort();
    const started = await startMain({ NODE_ENV: 'production', ...SECRET, SEED_DEMO: 'true', DATA_DIR: path.join(root, '.tmp', `refused-${crypto.randomBytes(4).toString('hex')}`) }, port);
    expect(started.answered, started.output.slice(-1500)).toBe(false);
    expect(started.code).toBe(78);
    expect(started.output).toContain('Refusing to start with NODE_ENV=production (9 reasons)');
    for (const setting of [...SIMULATED, 'SEED_DEMO', 'SMTP_URL', 'OPERATOR_PASSWORD']) expect(started.output).toContain(`  - ${setting}: `);
    expect(started.output).toContain('[simulated: ALLOW_SIMULATED=true allows it]');
  }, 90_000);
});

describe('a production start on a database the demo seeded', () => {
  let databaseUrl: string;
  beforeAll(async () => {
    // The demo's seeded supervisor, with its published password, is in this database.
    const platform = await testPlatform('embedded', { OPERATOR_EMAIL: 'operator@example.com', OPERATOR_PASSWORD: 'operator-pass-2026' });
    databaseUrl = platform.connectionString;
    const server = await startServer(platform, 'worker', 0, '127.0.0.1');
    await server.services.auth.ensureOperator();
    await server.stop(); // closes the platform too
  });

  it('is refused, naming the account that still has the published password', async () => {
    const port = await freePort();
    const started = await startMain({ NODE_ENV: 'production', ALLOW_SIMULATED: 'true', ...SECRET, ...MAIL, DATABASE_URL: databaseUrl, DATA_DIR: path.join(root, '.tmp/test-data') }, port, 120_000);
    expect(started.answered, started.output.slice(-1500)).toBe(false);
    expect(started.code, started.output.slice(-1500)).toBe(78);
    expect(started.output).toContain('accounts: operator@example.com still signs in with a published demo password');
  }, 150_000);
});

describe('the payments sandbox listens on 127.0.0.1 only, whatever HOST the site has', () => {
  it('with HOST=0.0.0.0 the site answers on every address, the sandbox (test controls, published keys) only on loopback', async () => {
    const platform = await testPlatform('embedded');
    const server = await startServer(platform, 'all', 0, '0.0.0.0');
    try {
      const sandbox = server.services.deposits.runtime.sandbox!;
      expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
      expect((await fetch(`${sandbox.url}/__sandbox/notifications`)).status).toBe(200);
      const external = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
      if (external) {
        const reach = (port: number) =>
          new Promise<boolean>((resolve) => {
            const socket = net.connect({ host: external, port, timeout: 2000 }, () => (socket.destroy(), resolve(true)));
            socket.once('error', () => resolve(false));
            socket.once('timeout', () => (socket.destroy(), resolve(false)));
          });
        const sitePort = Number(new URL(server.url!).port);
        expect(await reach(sitePort), 'the site itself listens on every address').toBe(true);
        expect(await reach(sandbox.port), `the sandbox must not answer on ${external}`).toBe(false);
      }
    } finally {
      await server.stop();
    }
  });
});
