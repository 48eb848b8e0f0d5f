import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { freePort } from '../../src/db/embedded-postgres.ts';
import { createDatabaseFromTemplate } from '../global-setup.ts';
import { fetchPost, mailFolderCodes, signUpWithCode } from '../../../scripts/lib/member-signup.ts';
import { apiClient } from '../http/api-client.ts';
import { type ClientSocket, balanceEvent, connectSocket } from '../support/sockets.ts';
import { eventually, within } from '../support/wait.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;

interface Topology {
  api: string[];
  redisUrl: string;
  databaseUrl: string;
  pids: { redis: number; postgres?: number; api: number[]; worker: number };
}

/**
 * `scripts/scaled-local.mjs --json` as a child process: separate api and worker processes, a
 * redis-server and (without DATABASE_URL) an embedded PostgreSQL. Its log is kept and printed only
 * when a test fails.
 */
async function launch(env: Record<string, string>) {
  const apiPorts = [await freePort(), await freePort()];
  const log: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['scripts/scaled-local.mjs', '--json', '--api-ports', apiPorts.join(',')], {
    cwd: ROOT,
    // A clean environment: only what a user would set, so nothing of the test runner leaks in.
    // STAFF_MFA off: the test drives the operator's API with a password session (TOTP has its own tests).
    // A short simulated history: the topology is under test here, not the first start's backfill.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '5000', TRIAL_POINTS_ON_SIGNUP: '0', STAFF_MFA: 'off', DRAW_HISTORY_DRAWS: '3', KENO_HISTORY_DRAWS: '3', FOOTBALL_HISTORY_MATCHES: '12', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  readline.createInterface({ input: child.stderr! }).on('line', (line) => log.push(line));
  const firstLine = new Promise<string>((resolve) => readline.createInterface({ input: child.stdout! }).once('line', resolve));
  const ready = Promise.race([
    firstLine,
    exited.then(({ code, signal }) => Promise.reject(new Error(`scaled-local exited before it was ready (${code ?? signal})`))),
  ]);
  const topology = JSON.parse(
    await within(ready, START_TIMEOUT_MS, 'the scaled topology to be ready').catch(async (error: Error) => {
      // SIGTERM, not SIGKILL: the script must live to stop the processes it started.
      child.kill('SIGTERM');
      await within(exited, STOP_TIMEOUT_MS, 'scaled-local to stop after a failed start').catch(() => child.kill('SIGKILL'));
      throw new Error(`${error.message}\n${log.slice(-60).join('\n')}`);
    }),
  ) as Topology;
  return {
    topology,
    log,
    /** SIGTERM, as Ctrl-C would; resolves with the script's exit code once everything stopped. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return (await exited).code;
      child.kill('SIGTERM');
      return (await within(exited, STOP_TIMEOUT_MS, 'scaled-local to stop')).code;
    },
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return fs.existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

/** Processes whose command line mentions `needle` (e.g. a port only this topology uses). */
const processesMentioning = (needle: string) =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .flatMap((pid) => {
      try {
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
        return cmdline.includes(needle) ? [`${pid}: ${cmdline}`] : [];
      } catch {
        return [];
      }
    });

/** Every process shut down through its own SIGTERM handling (exit code 0), none cut off or killed. */
function expectGracefulStops(log: string[], names = ['worker', 'api1', 'api2', 'redis']) {
  const stopped = log.filter((l) => /^\[scaled\] \w+ stopped/.test(l));
  expect(stopped.map((l) => l.split(' ')[1]).sort()).toEqual([...names].sort());
  expect(stopped.filter((l) => !l.endsWith('(exit code 0)'))).toEqual([]);
}

describe('scaled topology without Docker: 2 api processes + 1 worker process + redis-server', () => {
  let running: Awaited<ReturnType<typeof launch>>;
  let apiA: ReturnType<typeof apiClient>;
  let apiB: ReturnType<typeof apiClient>;
  const sockets: ClientSocket[] = [];
  const dataDir = path.join(ROOT, `.tmp/scaled-${crypto.randomBytes(4).toString('hex')}`);

  beforeAll(async () => {
    const databaseUrl = await createDatabaseFromTemplate(inject('pgAdminUrl'), `scaled_${crypto.randomBytes(6).toString('hex')}`);
    running = await launch({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    [apiA, apiB] = running.topology.api.map((url) => apiClient(`${url}/api`)) as [typeof apiA, typeof apiB];
  }, START_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await running?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS + 10_000);

  it('an adjustment posted on api A is applied by the worker process and pushed to sockets on api B and api A', async () => {
    onTestFailed(() => console.error(`scaled-local log (last 80 lines):\n${running.log.slice(-80).join('\n')}`));
    const { topology } = running;
    expect(topology.api).toHaveLength(2);
    expect(new Set(topology.pids.api.concat(topology.pids.worker)).size).toBe(3);

    // The operator is seeded by the first api only (SEED_DEMO), from the config defaults.
    const operator = await apiA.post<{ token: string; user: { role: string } }>('/auth/login', {
      json: { email: 'operator@example.com', password: 'operator-pass-2026' },
    });
    expect(operator.status).toBe(200);
    expect(operator.body.user.role).toBe('supervisor'); // the seeded operator is promoted at start (back office)
    const email = `scaled-${crypto.randomBytes(4).toString('hex')}@example.com`;
    // Both steps on api A; the worker process mails the code into the shared DATA_DIR.
    const signup = await signUpWithCode(
      fetchPost(running.topology.api[0]!),
      { name: 'Scaled Member', email, password: 'correct-horse-1', passwordCheck: 'correct-horse-1', promoOptIn: false },
      mailFolderCodes(path.join(dataDir, 'mail')),
    );
    expect(signup.status).toBe(201);
    const member = signup.body;

    // Sessions are shared: the token from api A opens a socket on api B.
    const onB = await connectSocket(topology.api[1]!, member.token);
    sockets.push(onB);
    const pushedToB = balanceEvent(onB, 12_345, 20_000);
    const first = await apiA.post('/admin/adjustments', {
      token: operator.body.token,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      json: { userId: member.user.id, amount: 12_345, reason: 'scaled topology test' },
    });
    expect(first.status).toBe(202);
    expect(await pushedToB).toMatchObject({ balance: 12_345, trialBalance: 0 });

    // Now a socket on each node: the next push reaches both.
    const onA = await connectSocket(topology.api[0]!, member.token);
    sockets.push(onA);
    const nextOnA = balanceEvent(onA, 10_000, 20_000);
    const nextOnB = balanceEvent(onB, 10_000, 20_000);
    const second = await apiB.post('/admin/adjustments', {
      token: operator.body.token,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      json: { userId: member.user.id, amount: -2_345, reason: 'scaled topology test, debit' },
    });
    expect(second.status).toBe(202);
    expect(await nextOnA).toMatchObject({ balance: 10_000 });
    expect(await nextOnB).toMatchObject({ balance: 10_000 });
    expect((await apiB.get('/me', { token: member.token })).body).toMatchObject({ balance: 10_000 });
  }, 60_000);

  it('SIGTERM stops every process of the topology, leaving none behind', async () => {
    const { pids, api, redisUrl } = running.topology;
    const all = [pids.redis, ...pids.api, pids.worker];
    expect(all.every(isAlive)).toBe(true);
    for (const socket of sockets.splice(0)) socket.disconnect();

    expect(await running.stop()).toBe(0);
    expect(all.filter(isAlive)).toEqual([]);
    const ports = [new URL(redisUrl).port, ...api.map((url) => new URL(url).port)];
    expect(ports.flatMap((port) => processesMentioning(`:${port}`))).toEqual([]);
    expectGracefulStops(running.log);
    // Shutdown order: the worker had exited before the apis were asked to stop.
    const workerGone = running.log.findIndex((l) => l.startsWith('[scaled] worker stopped'));
    const apisAsked = running.log.findIndex((l) => /^\[api\d\].*"msg":"shutting down"/.test(l));
    expect(workerGone).toBeGreaterThan(-1);
    expect(workerGone).toBeLessThan(apisAsked);
  }, STOP_TIMEOUT_MS + 10_000);
});

describe('scaled topology without DATABASE_URL', () => {
  it('starts its own embedded PostgreSQL, serves, and stops it on SIGTERM', async () => {
    const dataDir = path.join(ROOT, `.tmp/scaled-own-db-${crypto.randomBytes(4).toString('hex')}`);
    let running: Awaited<ReturnType<typeof launch>> | undefined;
    try {
      running = await launch({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
      const { log } = running;
      onTestFailed(() => console.error(`scaled-local log (last 80 lines):\n${log.slice(-80).join('\n')}`));
      const { topology } = running;
      expect(topology.databaseUrl).toMatch(/^postgres:\/\/.*@127\.0\.0\.1:\d+\//);
      const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
      expect(isAlive(postmaster)).toBe(true);
      for (const url of topology.api) expect((await fetch(`${url}/api/health`)).status).toBe(200);

      expect(await running.stop()).toBe(0);
      expectGracefulStops(running.log, ['worker', 'api1', 'api2', 'redis', 'postgres']);
      await eventually('the postmaster to be gone', () => !isAlive(postmaster), 5_000);
      expect([topology.pids.postgres!, topology.pids.redis, ...topology.pids.api, topology.pids.worker].filter(isAlive)).toEqual([]);
      expect(processesMentioning(dataDir)).toEqual([]);
    } finally {
      await running?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, START_TIMEOUT_MS + STOP_TIMEOUT_MS);
});
