import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSchedulingPass } from '../../src/games/keno/jobs.ts';
import { orderIdsOf, orderWorkers, type OrderJob } from '../../src/orders/jobs.ts';
import { PURCHASE_QUEUE, purchaseJobId } from '../../src/orders/service.ts';
import { createOutbox } from '../../src/platform/outbox.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from './support.ts';

/**
 * The purchases of orders delivered together by the outbox are one job (`purchaseJob`'s `gather`):
 * on the PostgreSQL backend a job costs milliseconds of the database, an order's purchase far less.
 * The server here is an api node (no workers), so the jobs stay queued for the test to read, and
 * its outbox is stopped, so the test decides what one delivery holds.
 */
describe.each(MODES)('purchases gathered into one job per delivery (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  const members: string[] = [];
  beforeAll(async () => {
    env = await testServer(mode, SLOW_CAB01, 'api');
    await env.platform.outbox.close();
    // What a worker does on boot: the draws on sale exist.
    await runSchedulingPass(env.platform, env.services.keno);
  });
  afterAll(async () => {
    for (const id of members) await expectLedgerMatchesBalance(env.platform, Number(id));
    await env.stop();
  });

  const purchases = () => env.platform.queues.queue(PURCHASE_QUEUE);
  /** A delivery of everything in the outbox now, as any process's outbox makes it. */
  const deliver = () => createOutbox({ db: env.platform.db, queues: env.platform.queues, bus: env.platform.bus, logger: env.platform.logger, now: env.platform.now }).drain();
  const statusOf = async (id: number) => (await env.platform.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const queued = async () => (await purchases().getJobs(['waiting', 'prioritized', 'delayed'])).filter((job): job is Job<OrderJob> => Boolean(job));

  async function placeMany(count: number) {
    const api = apiClient(env.url);
    const { issue } = await openIssue(env.platform, 10_000);
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const m = await newMember(env.services, `Gathered ${i}`);
        members.push(m.id);
        await grantPoints(env.platform, Number(m.id), 1000);
        const res = await api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
        expect(res.status).toBe(201);
        return res.body.order as { id: number; createdAt: string };
      }),
    );
  }

  /** The outbox as it is now, to write again: what a drain that died before deleting its rows leaves. */
  const outboxRows = () => env.platform.db.selectFrom('outbox').select(['id', 'effects']).orderBy('id').execute();
  const rewrite = (rows: Array<{ effects: unknown }>) => env.platform.db.insertInto('outbox').values(rows.map((row) => ({ effects: JSON.stringify(row.effects) }))).execute();

  it('the reconciler re-queues an order left in 0 unless a live gathered job holds it', async () => {
    const [held, lost] = await placeMany(2);
    // The delivery was lost (the rows are gone), but one order is still in a gathered job that waits.
    await env.platform.db.deleteFrom('outbox').execute();
    await purchases().add('purchase', { orderIds: [held!.id, 999999999] }, { jobId: 'purchase-held-and-another', delay: 60_000 });
    const staleAt = new Date(env.clock.now().getTime() - 20_000);
    await env.platform.db.updateTable('orders').set({ created_at: staleAt }).where('id', 'in', [held!.id, lost!.id]).execute();

    expect((await env.services.orders.reconcile()).requeued).toBe(1);
    expect(await purchases().getJob(purchaseJobId(lost!.id, staleAt))).toBeDefined();
    expect(await purchases().getJob(purchaseJobId(held!.id, staleAt))).toBeUndefined();
    // No worker has run yet (the next test starts them): these two jobs are this test's alone.
    await purchases().remove('purchase-held-and-another');
    await purchases().remove(purchaseJobId(lost!.id, staleAt));
  });

  it('orders delivered together are bought by one job listing each once; delivered again, they add no job; the worker buys them all', async () => {
    const orders = await placeMany(6);
    // A row per order (and one per top-up): one delivery.
    const rows = await outboxRows();
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(await deliver()).toBe(rows.length);
    const jobs = await queued();
    expect(jobs).toHaveLength(1);
    expect(orderIdsOf(jobs[0]!.data).map(String).sort()).toEqual(orders.map((o) => o.id).sort());

    await rewrite(rows);
    expect(await deliver()).toBe(rows.length);
    expect((await queued()).map((job) => job.id)).toEqual([jobs[0]!.id]);

    for (const workers of orderWorkers(env.services.orders, env.platform.logger)) await workers.start(env.platform);
    for (const order of orders) await eventually(`order ${order.id} bought (2)`, async () => (await statusOf(order.id)) === 2, 10_000);
    await eventually('the gathered job finished and removed', async () => (await purchases().getJob(jobs[0]!.id!)) === undefined);
  }, 30_000);

  it('orders placed by one statement leave one outbox row, holding each order\'s effects once', async () => {
    const { issue } = await openIssue(env.platform, 10_000);
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => newMember(env.services, `Together ${i}`)));
    for (const m of buyers) {
      members.push(m.id);
      await grantPoints(env.platform, Number(m.id), 1000);
    }
    await env.platform.db.deleteFrom('outbox').execute(); // the top-ups' pushes: not what this looks at
    const api = apiClient(env.url);
    const placed = await Promise.all(buyers.map((m) => api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } })));
    expect(placed.map((res) => res.status)).toEqual(Array(8).fill(201));
    const orderIds = placed.map((res) => String(res.body.order.id));

    const rows = await outboxRows();
    // Eight requests at once, two statements in flight: some statement placed several orders.
    expect(rows.length).toBeLessThan(orderIds.length);
    const effects = rows.flatMap((row) => row.effects as Array<{ kind: string; queue?: string; data?: { orderIds?: string[] }; message?: { room: string; event: string; payload: { id?: number } } }>);
    const orderPushes = effects.filter((e) => e.message?.event === 'order').map((e) => e.message!.payload.id);
    expect(orderPushes.sort()).toEqual([...orderIds].sort());
    expect(effects.filter((e) => e.message?.event === 'balance').map((e) => e.message!.room).sort()).toEqual(buyers.map((m) => `user:${m.id}`).sort());
    expect(effects.filter((e) => e.queue === PURCHASE_QUEUE).flatMap((e) => orderIdsOf(e.data as unknown as OrderJob).map(String)).sort()).toEqual([...orderIds].sort());

    expect(await deliver()).toBe(rows.length);
    for (const id of orderIds) await eventually(`order ${id} bought (2)`, async () => (await statusOf(Number(id))) === 2, 10_000);
  }, 30_000);

});
