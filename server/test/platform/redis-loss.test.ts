import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HealthReport } from '@gp/common';
import { KENO_DRAWS_QUEUE } from '../../src/games/keno/jobs.ts';
import { issuePins } from '../../src/pins/service.ts';
import { apiClient } from '../http/api-client.ts';
import { FAST_ONLY_CAB01, key, openIssue, threeUnits } from '../orders/support.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { startRedis, type RedisServer } from '../support/redis-server.ts';
import { eventually } from '../support/wait.ts';

type Env = Awaited<ReturnType<typeof testServer>>;

/** Every repeatable job the workers register (see `queues.schedule` calls). */
const SCHEDULES = ['keno-draw-schedule', 'orders-reconcile', 'settle-sweep', 'football-settle-sweep', 'football-odds-tick', 'football-results-pass', 'hourly-housekeeping', 'adjustments-sweep', 'nightly-reconciliation', 'result-feeds-poll'];
// Every schedule the embedded platform registers (health lists each): the above, plus those of the
// draw lotteries, deposits and identity housekeeping.
const ALL_SCHEDULES = [...SCHEDULES, 'lottery-draw-schedule', 'lottery-settle-sweep', 'deposit-reconcile', 'hourly-identity-housekeeping', 'hourly-kyc-files', 'refund-settle'];
const QUEUES_OF: Record<string, string> = {
  'keno-draw-schedule': KENO_DRAWS_QUEUE,
  'orders-reconcile': 'order-reconcile',
  'settle-sweep': 'order-settle-sweep',
  'football-settle-sweep': 'football-settle-sweep',
  'football-odds-tick': 'football',
  'football-results-pass': 'football',
  'hourly-housekeeping': 'maintenance',
  'adjustments-sweep': 'wallet-adjustments-sweep',
  'nightly-reconciliation': 'reconciliation',
  'result-feeds-poll': 'result-feeds',
};

async function registeredSchedules(env: Env) {
  const found: string[] = [];
  for (const queue of new Set(Object.values(QUEUES_OF))) {
    for (const scheduler of await env.platform.queues.queue(queue).getJobSchedulers()) found.push(String(scheduler.key ?? scheduler.id));
  }
  return found.sort();
}

const orderStatus = async (env: Env, id: string) => (await env.platform.db.selectFrom('orders').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow()).status;

/**
 * Redis is lost and comes back. The platform's own redis-server here (a fixed port, so "the same
 * Redis" returns), empty or with its append-only file.
 */
describe('scaled mode: Redis restarted', () => {
  let redis: RedisServer;
  let env: Env;
  let aofDir: string;
  beforeAll(async () => {
    aofDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-redis-'));
    redis = await startRedis();
    // Re-assertion on a timer is set far off: what brings the schedules back here is the reconnect.
    env = await testServer('scaled', { ...FAST_ONLY_CAB01, REDIS_URL: redis.url, REDIS_PREFIX: `loss${crypto.randomBytes(3).toString('hex')}`, PURCHASE_LATENCY_MS: '20', ODDS_INTERVAL_MS: '1000', SCHEDULE_REASSERT_MS: '600000' });
  });
  afterEach(async () => {
    // Every test leaves Redis up for the next.
    if (!(await fetch(`${env.url}/api/health`).then(() => true).catch(() => false))) throw new Error('server gone');
  });
  afterAll(async () => {
    await env.stop();
    await redis.stop();
    fs.rmSync(aofDir, { recursive: true, force: true });
  });

  it('without its data: every job schedule is registered again on reconnect, and draws, purchases and settlement carry on', async () => {
    expect(await registeredSchedules(env)).toEqual([...SCHEDULES].sort());
    await redis.kill();
    redis = await startRedis({ port: redis.port });
    expect(await registeredSchedules(env).catch(() => [])).not.toEqual([...SCHEDULES].sort()); // wiped
    const restarted = new Date();

    const back = await eventually('the schedules to be registered again', async () => {
      const found = await registeredSchedules(env).catch(() => []);
      return found.length === SCHEDULES.length ? found : undefined;
    }, 15_000);
    expect(back).toEqual([...SCHEDULES].sort());

    // The keno scheduler runs again: a draw after the wipe gets its result.
    await eventually('a draw drawn after the restart', async () => {
      const drawn = await env.platform.db.selectFrom('draws').select('id').where('status', '=', 'drawn').where('drawn_at', '>', restarted).executeTakeFirst();
      return drawn ?? undefined;
    }, 20_000);
    // An order placed now is bought.
    const m = await newMember(env.services, 'AfterWipe');
    await grantPoints(env.platform, Number(m.id), 1000);
    const { issue } = await openIssue(env.platform, 1500);
    const res = await apiClient(env.url).post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    await eventually('the order to be purchased', async () => ((await orderStatus(env, res.body.order.id)) === 2 ? true : undefined), 10_000);
    // And the health report says every schedule ticks.
    const health = await eventually('the odds schedule to tick after the restart', async () => {
      const body = (await (await fetch(`${env.url}/api/health`)).json()) as HealthReport;
      return body.schedules.find((s: { id: string; lastTickAt: string | null }) => s.id === 'football-odds-tick' && s.lastTickAt && Date.parse(s.lastTickAt) > restarted.getTime()) ? body : undefined;
    }, 10_000);
    expect(health.ok).toBe(true);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  }, 90_000);

  it('while Redis is down, charged orders answer 201 at once; their purchase happens when it is back', async () => {
    const m = await newMember(env.services, 'DuringOutage');
    await grantPoints(env.platform, Number(m.id), 10_000);
    const api = apiClient(env.url);
    const { issue } = await openIssue(env.platform, 2000);
    await redis.kill();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    // Nothing waited on Redis: the answers came while their follow-up work still waits in the outbox.
    const outbox = await env.platform.outbox.stats();
    expect(outbox.pending).toBeGreaterThanOrEqual(1);
    // Logging in and redeeming a PIN work too: the limits count in memory while Redis is away.
    const login = await api.post('/api/auth/login', { json: { email: m.email, password: m.password } });
    expect(login.status).toBe(200);
    const { codes } = await issuePins(env.platform, { count: 1, points: 500 });
    const redeemed = await api.post('/api/pins/redeem', { token: m.token, json: { code: codes[0] }, headers: { 'Idempotency-Key': key() } });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.points).toBe(500);

    redis = await startRedis({ port: redis.port });
    const ids = answers.map((a) => a.body.order.id as string);
    // Bought (2), or — if the outage outlasted the sale — refunded at the cut-off (9): never stuck, never charged for nothing.
    const final = await eventually('every order to end (2 or 9)', async () => {
      const statuses = await Promise.all(ids.map((id) => orderStatus(env, id)));
      return statuses.every((s) => s === 2 || s === 9) ? statuses : undefined;
    }, 30_000);
    expect(final.length).toBe(10);
    const charges = await env.platform.db.selectFrom('ledger').select('ref_id').where('user_id', '=', Number(m.id)).where('kind', '=', 'order').execute();
    expect(charges.map((c) => c.ref_id).sort()).toEqual([...ids].sort());
    await eventually('the outbox to drain', async () => ((await env.platform.outbox.stats()).pending === 0 ? true : undefined), 15_000);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  }, 90_000);
});

describe('scaled mode: Redis restarted from its append-only file', () => {
  let redis: RedisServer;
  let env: Env;
  let aofDir: string;
  beforeAll(async () => {
    aofDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-redis-aof-'));
    redis = await startRedis({ aofDir });
    env = await testServer('scaled', { ...FAST_ONLY_CAB01, REDIS_URL: redis.url, REDIS_PREFIX: `aof${crypto.randomBytes(3).toString('hex')}`, PURCHASE_LATENCY_MS: '20' });
  });
  afterAll(async () => {
    await env.stop();
    await redis.stop();
    fs.rmSync(aofDir, { recursive: true, force: true });
  });

  it('a SIGKILLed Redis that comes back with its data loses no order', async () => {
    const m = await newMember(env.services, 'Aof');
    await grantPoints(env.platform, Number(m.id), 10_000);
    const api = apiClient(env.url);
    const { issue } = await openIssue(env.platform, 2000);
    const before = await Promise.all(Array.from({ length: 5 }, () => api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } })));
    await redis.kill();
    redis = await startRedis({ port: redis.port, aofDir });
    const after = await api.post('/api/orders', { token: m.token, json: threeUnits((await openIssue(env.platform, 1500)).issue), headers: { 'Idempotency-Key': key() } });
    const ids = [...before, after].map((a) => {
      expect(a.status).toBe(201);
      return a.body.order.id as string;
    });
    await eventually('every order to end (2 or 9)', async () => {
      const statuses = await Promise.all(ids.map((id) => orderStatus(env, id)));
      return statuses.every((s) => s === 2 || s === 9) ? true : undefined;
    }, 30_000);
    expect(await registeredSchedules(env)).toEqual([...SCHEDULES].sort());
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  }, 60_000);
});

describe('embedded mode: schedules are re-asserted on a timer, and health names a stalled one', () => {
  let env: Env;
  beforeAll(async () => {
    env = await testServer('embedded', { ...FAST_ONLY_CAB01, SCHEDULE_REASSERT_MS: '1000', ODDS_INTERVAL_MS: '1000' });
  });
  afterAll(() => env.stop());

  it('a schedule removed behind the platform\'s back is registered again within the re-assert period', async () => {
    const queue = env.platform.queues.queue('order-reconcile');
    const registered = async () => (await queue.getJobSchedulers()).some((s) => (s.key ?? s.id) === 'orders-reconcile');
    // Removed and seen gone: a re-assert tick can fall between the removal and the read (the period
    // is one second here), so it is removed again until a read finds it missing.
    await eventually('the reconcile schedule gone', async () => {
      await queue.removeJobScheduler('orders-reconcile');
      return (await registered()) ? undefined : true;
    });
    await eventually('the reconcile schedule', async () => ((await registered()) ? true : undefined), 5000);
  });

  it('GET /api/health: 200 while schedules tick; 503 naming the schedule that stopped', async () => {
    const ok = await eventually('a healthy report', async () => {
      const res = await fetch(`${env.url}/api/health`);
      const body = (await res.json()) as HealthReport;
      return res.status === 200 && body.schedules.some((s: { id: string; lastTickAt: string | null }) => s.id === 'football-odds-tick' && s.lastTickAt) ? body : undefined;
    }, 10_000);
    expect(ok).toMatchObject({ ok: true, outbox: { behind: false } });
    expect(ok.schedules.map((s: { id: string }) => s.id).sort()).toEqual([...ALL_SCHEDULES].sort());

    // The keno scheduler's last run and registration an hour ago: as if its worker had stopped.
    const hourAgo = new Date(Date.now() - 3600_000);
    await env.platform.db.updateTable('scheduler_heartbeats').set({ last_tick_at: hourAgo, registered_at: hourAgo }).where('id', '=', 'keno-draw-schedule').execute();
    const res = await fetch(`${env.url}/api/health`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as HealthReport;
    expect(body.ok).toBe(false);
    expect(body.schedules.filter((s: { stalled: boolean }) => s.stalled).map((s: { id: string }) => s.id)).toEqual(['keno-draw-schedule']);
  });
});

describe('embedded mode: the database unreachable', () => {
  let env: Env;
  beforeAll(async () => {
    env = await testServer('embedded', FAST_ONLY_CAB01);
  });
  afterAll(() => env.stop().catch(() => undefined));

  it('GET /api/health answers 503 database_unavailable, not a 500', async () => {
    expect((await fetch(`${env.url}/api/health`)).status).toBe(200);
    // Every connection to this test's database ends, and new ones are refused, as in an outage.
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(env.platform.db);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    try {
      await admin.query(`alter database "${rows[0]!.name}" allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [rows[0]!.name]);
    } finally {
      await admin.end();
    }
    const res = await fetch(`${env.url}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, error: 'database_unavailable' });
  });
});
