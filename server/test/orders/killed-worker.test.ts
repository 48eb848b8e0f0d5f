import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { TIMEOUT_QUEUE, timeoutJobId } from '../../src/orders/service.ts';
import { apiClient } from '../http/api-client.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { key, openIssue, threeUnits } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** A draw every 15 minutes: an issue is on sale for the whole test, which brings the order's cut-off forward itself. */
const SCHEDULE = { KENO_PRODUCTS: 'CAB01', KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 900, salesCloseSeconds: 1 } }) };

/**
 * Invariant 2 of ARCHITECTURE.md: an order reaches a terminal state whatever process dies when.
 * The api runs in the test; workers are real `ROLE=worker` processes on the same database (and
 * redis, scaled), so one can be killed with SIGKILL in the middle of a purchase.
 */
describe.each(MODES)('a worker killed mid-purchase (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const workers: ChildProcess[] = [];
  const log: string[] = [];
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, SCHEDULE, 'api');
    api = apiClient(env.url);
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await env.stop();
  });

  const startWorker = (latencyMs: number) => {
    const { config } = env.platform;
    const worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        ...SCHEDULE,
        ROLE: 'worker',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        DATABASE_URL: config.DATABASE_URL!,
        JWT_SECRET: config.JWT_SECRET!,
        DATA_DIR: config.DATA_DIR,
        PURCHASE_LATENCY_MS: String(latencyMs),
        ...(config.REDIS_URL ? { REDIS_URL: config.REDIS_URL, REDIS_PREFIX: config.REDIS_PREFIX } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk) => log.push(String(chunk)));
    worker.stderr!.on('data', (chunk) => log.push(String(chunk)));
    workers.push(worker);
    return worker;
  };
  const orderRow = (id: number) => env.platform.db.selectFrom('orders').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();

  it('the order still ends: refunded at its cut-off by the next worker (status 9), once, and a retried purchase leaves it there', async () => {
    onTestFailed(() => console.error(log.join('').slice(-6000)));
    const m = await member('Unlucky');
    await grantPoints(env.platform, Number(m.id), 1_000);
    const slow = startWorker(60_000); // the gateway would take a minute: it is mid-purchase when killed
    // Time for the slow worker to start and begin the purchase before the real cut-off.
    const draw = await openIssue(env.platform, 30_000, 60_000);
    const res = await api.post('/api/orders', { token: m.token, json: threeUnits(draw.issue), headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    const id = res.body.order.id as string;

    await eventually('the slow worker to start the purchase (1)', async () => (await orderRow(Number(id))).status === 1, 30_000);
    slow.kill('SIGKILL');
    await new Promise((resolve) => slow.once('exit', resolve));
    startWorker(0);

    // The cut-off comes: the workers are other processes on the wall clock, so the test moves the
    // order's cut-off into the past (rather than waiting for it) and queues that cut-off's timeout job.
    const closeAt = new Date(Date.now() - 1_000);
    await env.platform.db.updateTable('orders').set({ sales_close_at: closeAt }).where('id', '=', Number(id)).execute();
    await env.platform.queues.queue(TIMEOUT_QUEUE).add('order-timeout', { closeAt: closeAt.toISOString() }, { jobId: timeoutJobId(closeAt) });
    await eventually('the next worker to refund the order (9)', async () => (await orderRow(Number(id))).status === 9, 40_000);
    const refunds = await env.platform.db.selectFrom('ledger').selectAll().where('kind', '=', 'refund').where('ref_id', '=', id).execute();
    expect(refunds).toMatchObject([{ amount: 300, account: 'real' }]);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(1_000);
    // The killed worker's purchase job, retried later, finds the order ended and buys nothing.
    expect(await env.services.orders.purchase(Number(id))).toBe('skipped');
    expect((await orderRow(Number(id))).status).toBe(9);
  }, 120_000);
});
