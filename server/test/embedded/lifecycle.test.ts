import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, runningPostmaster } from '../../src/db/embedded-postgres.ts';
import { staffSignIn } from '../admin/support.ts';
import { within } from '../support/wait.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = path.join(root, '.tmp', `lifecycle-${crypto.randomBytes(4).toString('hex')}`);
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `npm start`'s server process (NODE_ENV=production, DEMO=true: scripts/start.mjs), on its own DATA_DIR, as a newcomer runs it. */
async function startPlatform(port: number) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...SMALL_HISTORY, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production', DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = () => {};
  const ready = new Promise<void>((resolve) => (started = resolve));
  const collect = (chunk: Buffer) => {
    output += chunk;
    if (output.includes('Press Ctrl-C to stop.')) started();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const exitedEarly = exited.then((code) => Promise.reject(new Error(`the platform exited with ${code}`)));
  exitedEarly.catch(() => undefined); // only raced below: once it has started, its exit is expected
  await within(Promise.race([ready, exitedEarly]), 45_000, 'the platform to start').catch((error: Error) => {
    throw new Error(`${error.message}; platform did not start:\n${output.slice(-3000)}`);
  });
  return { child, exited, output: () => output, url: `http://127.0.0.1:${port}` };
}

// The demo data's history is not under test here: a few past draws and matches, as in the other tests.
const SMALL_HISTORY = { DRAW_HISTORY_DRAWS: '3', KENO_HISTORY_DRAWS: '3', FOOTBALL_HISTORY_MATCHES: '12' };

const login = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-pass-2026' }),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as { token: string } }));

describe('the embedded platform across stops and crashes', () => {
  afterAll(() => {
    const leftover = runningPostmaster(path.join(dataDir, 'postgres'));
    if (leftover) process.kill(leftover.pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('Ctrl-C stops it cleanly; data and sessions survive a restart; after kill -9 the next start cleans up the leftover database', async () => {
    const port = await freePort();
    const first = await startPlatform(port);
    // It says what it is, and how its console is entered: a single-use link, not the password alone.
    expect(first.output()).toContain('DEMO (DEMO=true): not a production deployment');
    const link = /Console:\s+(\S+#enrol=[\w-]+)/.exec(first.output())?.[1];
    expect(link, first.output().slice(-2000)).toBeTruthy();
    expect(new URL(link!).origin).toBe(first.url);
    expect(fs.readFileSync(path.join(dataDir, 'secrets', 'demo-enrolment-link.txt'), 'utf8').trim()).toBe(new URL(link!).hash.slice('#enrol='.length));
    const enrolled = await staffSignIn(first.url, 'operator@example.com', 'operator-pass-2026', new URL(link!).hash.slice('#enrol='.length));
    expect(enrolled.user.role).toBe('supervisor');
    const { body: session } = await login(first.url);
    const pin = fs.readFileSync(path.join(dataDir, 'secrets', 'demo-pins.txt'), 'utf8').split('\n')[0]!;
    const redeemed = await fetch(`${first.url}/api/pins/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ code: pin }),
    });
    expect(redeemed.status).toBe(200);

    // Ctrl-C: workers, then HTTP, then the database; exit code 0 and no PostgreSQL left running.
    const firstPostmaster = runningPostmaster(path.join(dataDir, 'postgres'))!.pid;
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(isAlive(firstPostmaster)).toBe(false);

    // Restart: the same member, balance and login session are still there.
    const second = await startPlatform(port);
    // Enrolled now: no new link is printed (nor left on disk).
    expect(second.output()).not.toContain('#enrol=');
    expect(fs.existsSync(path.join(dataDir, 'secrets', 'demo-enrolment-link.txt'))).toBe(false);
    const me = await fetch(`${second.url}/api/me`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { balance: number }).balance).toBe(60_000); // 500.00 seeded + 100.00 PIN

    // A second instance on the same data directory is refused and leaves the first untouched.
    const intruder = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, ...SMALL_HISTORY, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let intruderOutput = '';
    intruder.stderr!.on('data', (chunk) => (intruderOutput += chunk));
    const intruderCode = await new Promise<number | null>((resolve) => intruder.once('exit', resolve));
    expect(intruderCode).not.toBe(0);
    expect(intruderOutput).toContain('in use by another running instance');
    expect((await login(second.url)).status).toBe(200);

    // kill -9: the server dies, its PostgreSQL is left behind holding the data directory…
    const orphan = runningPostmaster(path.join(dataDir, 'postgres'))!.pid;
    second.child.kill('SIGKILL');
    await second.exited;
    expect(isAlive(orphan)).toBe(true);

    // …and the next start finds it, stops it, and comes up on the same data.
    const third = await startPlatform(port);
    expect(isAlive(orphan)).toBe(false);
    expect((await login(third.url)).status).toBe(200);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 180_000);
});
