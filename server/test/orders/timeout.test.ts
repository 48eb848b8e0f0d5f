import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_QUEUE, TIMEOUT_QUEUE, purchaseJobId, timeoutJobId } from '../../src/orders/service.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { promoteJob } from '../support/queues.ts';
import { type ClientSocket, connectSocket, record } from '../support/sockets.ts';
import { atLeast, eventually } from '../support/wait.ts';
import { FAST_ONLY_CAB01, key, openIssue, threeUnits } from './support.ts';

describe.each(MODES)('manual purchase gateway, timeout and reconciler (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: string;
  const members: string[] = [];
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    env = await testServer(mode, { ...FAST_ONLY_CAB01, PURCHASE_GATEWAY: 'manual', OPERATOR_EMAIL: 'ops@example.com', OPERATOR_PASSWORD: 'orders-pass-1' });
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    operator = (await api.post('/api/auth/login', { json: { email: 'ops@example.com', password: 'orders-pass-1' } })).body.token;
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const id of members.splice(0)) await expectLedgerMatchesBalance(env.platform, Number(id));
  });
  afterAll(() => env.stop());

  const member = async (points: number) => {
    const m = await newMember(env.services, 'Waiter');
    members.push(m.id);
    await grantPoints(env.platform, Number(m.id), points);
    return m;
  };
  const place = async (token: string) => {
    const { issue } = await openIssue(env.platform, 1200);
    const res = await api.post('/api/orders', { token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    return res.body.order as { id: string; salesCloseAt: string; createdAt: string };
  };
  const statusOf = async (id: number) => (await env.platform.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const refunds = (id: string) => env.platform.db.selectFrom('ledger').selectAll().where('kind', '=', 'refund').where('ref_type', '=', 'order').where('ref_id', '=', id).execute();
  const confirm = (id: string, token = operator) => api.post(`/api/admin/orders/${id}/confirm`, { token, json: { ticketRef: 'OP-TICKET-1' } });
  /** Runs the timeout job of the order's cut-off now (the test has moved the clock there) and waits until it has run. */
  const timeoutRuns = async (order: { salesCloseAt: string }) => {
    const queue = env.platform.queues.queue(TIMEOUT_QUEUE);
    const jobId = timeoutJobId(order.salesCloseAt);
    await promoteJob(queue, jobId);
    // Entity jobs are removed once completed: gone means it ran to the end.
    await eventually(`timeout job ${jobId} to complete`, async () => (await queue.getJob(jobId)) === undefined);
  };

  // The one test here that waits for the real cut-off: the timeout job's BullMQ delay, on each backend, is what it checks.
  it('an unconfirmed order times out at the cut-off: status 9, refunded once; a late confirmation is refused with order_issue', async () => {
    const m = await member(1000);
    const socket = await connectSocket(env.url, m.token);
    sockets.push(socket);
    const heard = record(socket, 'order');
    const heardBalance = record(socket, 'balance');
    const order = await place(m.token);
    await atLeast(heard, 3, 8_000);
    expect(heard.map((e) => [e.prevStatus, e.status])).toEqual([[null, 0], [0, 1], [1, 9]]);
    await atLeast(heardBalance, 2);
    expect(heardBalance.map((b) => b.balance)).toEqual([700, 1000]);
    expect(await refunds(order.id)).toMatchObject([{ account: 'real', amount: 300 }]);

    const late = await confirm(order.id);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('order_issue');
    expect(await env.services.orders.expire(Number(order.id))).toBe('skipped'); // a retried timeout job
    expect(await statusOf(Number(order.id))).toBe(9);
    expect(await refunds(order.id)).toHaveLength(1);
    const read = await api.get(`/api/orders/${order.id}`, { token: m.token });
    expect(read.body.order).toMatchObject({ status: 9, statusLabel: 'timeout_refunded', ticketRef: null, refundCause: 'sales_closed', refusalReason: null });
    // The refund names its cause in the points history and in the inbox: sales closed, not a worker's refusal.
    const ledger = (await api.get('/api/wallet/ledger', { token: m.token })).body.items as Array<{ kind: string; refId: string; refundCause: string | null }>;
    expect(ledger.filter((e) => e.refId === order.id).map((e) => [e.kind, e.refundCause])).toEqual([['refund', 'sales_closed'], ['order', null]]);
    const told = await eventually('the inbox message of the refund', async () =>
      ((await api.get('/api/inbox', { token: m.token })).body.items as Array<{ kind: string; params: Record<string, unknown> }>).find((i) => i.kind === 'order_refunded' && i.params.orderId === order.id),
    );
    expect(told.params).toEqual({ orderId: order.id, cause: 'sales_closed', points: 300 });
    // Refunded at the cut-off, not before it (the time the platform recorded on the order).
    const refundedAt = (read.body.order.history as Array<{ to: number; at: string }>).find((h) => h.to === 9)!.at;
    expect(Date.parse(refundedAt)).toBeGreaterThanOrEqual(Date.parse(order.salesCloseAt));
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(1000);
  }, 20_000);

  it('an operator confirmation before the cut-off purchases it (1 → 2) and the timeout then does nothing', async () => {
    const m = await member(1000);
    const order = await place(m.token);
    await eventually('the purchase to start (1)', async () => (await statusOf(Number(order.id))) === 1, 3000);
    expect((await confirm(order.id, m.token)).status).toBe(403);
    const res = await confirm(order.id);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ id: order.id, status: 2, ticketRef: 'OP-TICKET-1' });
    // The cut-off comes (the clock moves there) and the order's timeout job runs: it changes nothing.
    env.clock.advanceTo(order.salesCloseAt);
    await timeoutRuns(order);
    expect(await statusOf(Number(order.id))).toBe(2);
    expect(await refunds(order.id)).toHaveLength(0);
    expect((await confirm(order.id)).body.error.code).toBe('order_issue');
    expect((await confirm('424242424')).body.error.code).toBe('order_not_found');
  }, 20_000);

  it("the orders of one issue share one timeout job: at the cut-off it refunds each unbought order once and leaves the bought one", async () => {
    const { issue } = await openIssue(env.platform, 1200);
    const placed: Array<{ id: string; salesCloseAt: string; createdAt: string }> = [];
    for (const name of ['first', 'second', 'third']) {
      const m = await member(1000);
      const res = await api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
      expect(res.status, name).toBe(201);
      placed.push(res.body.order as { id: string; salesCloseAt: string; createdAt: string });
    }
    const closeAt = placed[0]!.salesCloseAt;
    expect(placed.every((o) => o.salesCloseAt === closeAt)).toBe(true);
    const queue = env.platform.queues.queue(TIMEOUT_QUEUE);
    // Three orders, one delayed job for their cut-off.
    await eventually('the cut-off job to be queued', () => queue.getJob(timeoutJobId(closeAt)));
    expect((await queue.getDelayed()).filter((job) => job.data.closeAt === closeAt)).toHaveLength(1);
    await eventually('the purchases to start (1)', async () => (await Promise.all(placed.map((o) => statusOf(Number(o.id))))).every((status) => status === 1), 3000);
    expect((await confirm(placed[1]!.id)).status).toBe(200);

    env.clock.advanceTo(closeAt);
    await timeoutRuns(placed[0]!);
    expect(await Promise.all(placed.map((o) => statusOf(Number(o.id))))).toEqual([9, 2, 9]);
    expect(await Promise.all(placed.map(async (o) => (await refunds(o.id)).length))).toEqual([1, 0, 1]);
    // Run again (a retried job): nothing is left to end.
    expect(await env.services.orders.expireAt(new Date(closeAt))).toEqual({ refunded: 0, purchased: 0, undecided: 0 });
    expect(await Promise.all(placed.map(async (o) => (await refunds(o.id)).length))).toEqual([1, 0, 1]);
  }, 20_000);

  it('the reconciler re-queues a lost purchase job and ends an order whose timeout job was lost', async () => {
    const m = await member(1000);
    const order = await place(m.token);
    await eventually('the purchase to start (1)', async () => (await statusOf(Number(order.id))) === 1, 3000);
    // Simulate the loss of both jobs: a crash between commit and enqueue.
    const { created_at } = await env.platform.db.selectFrom('orders').select('created_at').where('id', '=', Number(order.id)).executeTakeFirstOrThrow();
    const timeoutJob = await env.platform.queues.queue(TIMEOUT_QUEUE).getJob(timeoutJobId(order.salesCloseAt));
    expect(timeoutJob).toBeDefined();
    await timeoutJob!.remove();
    await env.platform.db.updateTable('orders').set({ status: 0, created_at: new Date(env.clock.now().getTime() - 20_000) }).where('id', '=', Number(order.id)).execute();
    // The purchase job may still hold its worker's lock for a moment after the order turned 1: remove it once it lets go.
    await eventually('the purchase job removed', async () => {
      const job = await env.platform.queues.queue(PURCHASE_QUEUE).getJob(purchaseJobId(Number(order.id), created_at));
      return job ? job.remove().then(() => true, () => undefined) : true;
    }, 5000);

    const first = await env.services.orders.reconcile();
    expect(first.requeued).toBe(1);
    await eventually('the requeued purchase to start (1)', async () => (await statusOf(Number(order.id))) === 1, 3000);

    // Past the cut-off, nothing else ends the order: its timeout job is gone.
    env.clock.advanceTo(order.salesCloseAt);
    expect(await env.platform.queues.queue(TIMEOUT_QUEUE).getJob(timeoutJobId(order.salesCloseAt))).toBeUndefined();
    expect(await statusOf(Number(order.id))).toBe(1);
    const second = await env.services.orders.reconcile();
    expect(second).toEqual({ requeued: 0, expired: 1, undecided: 0 });
    expect(await statusOf(Number(order.id))).toBe(9);
    expect(await refunds(order.id)).toHaveLength(1);
    expect(await env.services.orders.reconcile()).toEqual({ requeued: 0, expired: 0, undecided: 0 });
  }, 20_000);
});
