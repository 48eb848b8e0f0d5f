import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_MEMBER } from '../../src/seed/demo.ts';
import { createDatabaseFromTemplate } from '../global-setup.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Starts the real server process (main.ts) with `env` on a database of its own, until it prints its
 * banner or ends; returns everything it wrote and its data directory.
 */
async function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-banner-'));
  const databaseUrl = await createDatabaseFromTemplate(inject('pgAdminUrl'), `t_${crypto.randomBytes(6).toString('hex')}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', JWT_SECRET: 'x'.repeat(40), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 90_000);
    const check = setInterval(() => {
      if (/Press Ctrl-C/.test(output)) done();
    }, 100);
    const done = () => {
      clearTimeout(timer);
      clearInterval(check);
      resolve();
    };
    child.once('exit', done);
  });
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  return { output, dataDir };
}

/** Issue 29 item 7: a production start prints no password and no PIN; the demo still shows them. */
describe('the start-up banner', () => {
  it('in production names the accounts but prints no password and no live PIN; the PINs are in a 0600 file in a 0700 folder', async () => {
    const { output, dataDir } = await start({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', OPERATOR_PASSWORD: 'a-real-operator-password-29' });
    try {
      expect(output).not.toContain(DEMO_MEMBER.password);
      expect(output).not.toContain('a-real-operator-password-29');
      const pinsFile = path.join(dataDir, 'secrets', 'demo-pins.txt');
      if (fs.existsSync(pinsFile)) {
        for (const pin of fs.readFileSync(pinsFile, 'utf8').split('\n').filter(Boolean)) expect(output).not.toContain(pin);
        expect(fs.statSync(pinsFile).mode & 0o777).toBe(0o600);
        expect(fs.statSync(path.dirname(pinsFile)).mode & 0o777).toBe(0o700);
      }
      // Either it ran and said so without secrets, or (a production check refusing demo data) it did not run.
      if (/Press Ctrl-C/.test(output)) expect(output).toContain('(password not printed in production)');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('outside production (the demo) shows the demo logins and PINs, which is what the demo is for', async () => {
    const { output, dataDir } = await start({ NODE_ENV: 'development' });
    try {
      expect(output).toContain(`${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`);
      const pins = fs.readFileSync(path.join(dataDir, 'secrets', 'demo-pins.txt'), 'utf8').split('\n').filter(Boolean);
      expect(pins.length).toBeGreaterThan(0);
      for (const pin of pins) expect(output).toContain(pin);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
