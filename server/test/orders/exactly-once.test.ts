import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseGateway, PurchaseReply } from '../../src/orders/gateway.ts';
import { purchaseRef } from '../../src/orders/placement.ts';
import { createOrderService, PURCHASE_QUEUE, purchaseJobId, TIMEOUT_QUEUE, timeoutJobId } from '../../src/orders/service.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { jobSettles, promoteJob } from '../support/queues.ts';
import { eventually, within } from '../support/wait.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from './support.ts';

type Env = Awaited<ReturnType<typeof testServer>>;

const orderRow = (env: Env, id: number) => env.platform.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ledgerOf = (env: Env, id: string, kind: 'refund' | 'order') =>
  env.platform.db.selectFrom('ledger').selectAll().where('kind', '=', kind).where('ref_type', '=', 'order').where('ref_id', '=', id).execute();
const soldFor = async (env: Env, id: number) =>
  env.platform.db.selectFrom('simulated_operator_tickets').selectAll().where('purchase_ref', '=', purchaseRef(env.platform.identity, await orderRow(env, id))).execute();

async function placeOrder(env: Env, remainingMs = 1200) {
  const api = apiClient(env.url);
  const m = await newMember(env.services, 'Exact');
  await grantPoints(env.platform, Number(m.id), 1000);
  const { issue } = await openIssue(env.platform, remainingMs);
  const res = await api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
  expect(res.status).toBe(201);
  return { member: m, order: res.body.order as { id: string; salesCloseAt: string; createdAt: string } };
}

/** The sales cut-off of `order` comes: the platform's clock moves there and the order's timeout job runs now. */
async function cutOff(env: Env, order: { id: string; salesCloseAt: string; createdAt: string }) {
  env.clock.advanceTo(order.salesCloseAt);
  await promoteJob(env.platform.queues.queue(TIMEOUT_QUEUE), timeoutJobId(order.salesCloseAt));
}

describe.each(MODES)('purchases exactly once against the gateway (%s mode)', (mode) => {
  describe('a gateway whose replies are lost (it sold the ticket, we saw a timeout)', () => {
    let env: Env;
    beforeAll(async () => {
      env = await testServer(mode, { ...SLOW_CAB01, PURCHASE_LATENCY_MS: '10', PURCHASE_TIMEOUT_RATE: '1' });
    });
    afterAll(() => env.stop());

    it('the retries buy nothing twice, and at the cut-off the lookup finds the ticket: purchased, never refunded', async () => {
      const { member, order } = await placeOrder(env);
      // Before the cut-off the purchase is tried, and tried again after its lost reply.
      const purchases = env.platform.queues.queue(PURCHASE_QUEUE);
      await eventually('a retried purchase', async () => ((await purchases.getJob(purchaseJobId(Number(order.id), order.createdAt)))?.attemptsMade ?? 0) >= 2);
      await cutOff(env, order);
      const done = await eventually('the order to end (2 or 9)', async () => {
        const row = await orderRow(env, Number(order.id));
        return row.status === 2 || row.status === 9 ? row : undefined;
      }, 10_000);
      expect(done.status).toBe(2);
      const sold = await soldFor(env, Number(order.id));
      expect(sold).toHaveLength(1);
      expect(done.ticket_ref).toBe(sold[0]!.ticket_ref);
      expect(await ledgerOf(env, order.id, 'refund')).toHaveLength(0);
      const history = await env.platform.db.selectFrom('order_status_history').select(['to', 'reason']).where('order_id', '=', Number(order.id)).orderBy('id').execute();
      expect(history.at(-1)).toMatchObject({ to: 2, reason: expect.stringContaining('found by lookup') });
      await expectLedgerMatchesBalance(env.platform, Number(member.id));
    }, 20_000);
  });

  describe('a gateway whose calls arrive late, after the sales cut-off', () => {
    let env: Env;
    beforeAll(async () => {
      env = await testServer(mode, { ...SLOW_CAB01, PURCHASE_LATENCY_MS: '10', PURCHASE_LATE_RATE: '1', PURCHASE_LATE_MS: '2000' });
    });
    afterAll(() => env.stop());

    it('the operator refuses the late sale: the order is refunded once and no ticket exists', async () => {
      // The call leaves before the cut-off (0 → 1) and lands 2 s later: the cut-off comes in between
      // (the test moves the clock there as soon as it sees the call leave).
      const { member, order } = await placeOrder(env);
      await eventually('the purchase call to leave (1)', async () => (await orderRow(env, Number(order.id))).status === 1);
      await cutOff(env, order);
      const done = await eventually('the refund (9)', async () => {
        const row = await orderRow(env, Number(order.id));
        return row.status === 9 ? row : undefined;
      }, 10_000);
      expect(await soldFor(env, Number(order.id))).toHaveLength(0);
      // The late call lands and is refused: its purchase job ends (entity jobs are removed once completed).
      const purchases = env.platform.queues.queue(PURCHASE_QUEUE);
      await eventually('the late call to land and its purchase job to end', async () => (await purchases.getJob(purchaseJobId(Number(order.id), order.createdAt))) === undefined);
      const history = await env.platform.db.selectFrom('order_status_history').select('reason').where('order_id', '=', Number(order.id)).execute();
      expect(history.map((h) => h.reason)).toContain('purchase started');
      expect(await soldFor(env, Number(order.id))).toHaveLength(0);
      expect(await ledgerOf(env, order.id, 'refund')).toHaveLength(1);
      expect((await orderRow(env, Number(order.id))).status).toBe(9);
      expect(done.ticket_ref).toBeNull();
      await expectLedgerMatchesBalance(env.platform, Number(member.id));
    }, 20_000);
  });

  describe('a ticket sold after the order was refunded', () => {
    let env: Env;
    let operator: string;
    beforeAll(async () => {
      // The platform's own worker buys by hand (manual): only the test's gateway below sells.
      env = await testServer(mode, { ...SLOW_CAB01, PURCHASE_GATEWAY: 'manual', OPERATOR_EMAIL: 'flags@example.com', OPERATOR_PASSWORD: 'flags-pass-123' });
      await env.services.auth.ensureOperator();
      operator = (await apiClient(env.url).post('/api/auth/login', { json: { email: 'flags@example.com', password: 'flags-pass-123' } })).body.token;
    });
    afterAll(() => env.stop());

    it('is flagged for the back office, never kept on the order and never credited twice', async () => {
      // An operator whose clock runs late: it says "not sold" at our cut-off, then sells anyway.
      let release!: (reply: PurchaseReply) => void;
      const slowSale = new Promise<PurchaseReply>((resolve) => (release = resolve));
      let reached!: () => void;
      const reachedOperator = new Promise<void>((resolve) => (reached = resolve));
      const lying: PurchaseGateway = {
        kind: 'simulated',
        purchase: () => {
          reached();
          return slowSale;
        },
        lookup: async () => ({ state: 'not_bought' }),
      };
      const orders = createOrderService(env.platform, { games: env.services.games, gateway: lying });

      const { member, order } = await placeOrder(env);
      await eventually('the purchase to start (1)', async () => (await orderRow(env, Number(order.id))).status === 1, 5000);
      const purchase = orders.purchase(Number(order.id));
      await within(reachedOperator, 5000, 'the purchase call to reach the operator before the cut-off');
      await cutOff(env, order);
      await eventually('the refund at the cut-off (9)', async () => (await orderRow(env, Number(order.id))).status === 9, 10_000);
      expect(await orders.expire(Number(order.id))).toBe('skipped');
      release({ outcome: 'bought', ticketRef: 'LATE-TICKET-1' });
      expect(await purchase).toBe('flagged');

      const row = await orderRow(env, Number(order.id));
      expect(row).toMatchObject({ status: 9, ticket_ref: null });
      expect(await ledgerOf(env, order.id, 'refund')).toHaveLength(1);
      expect(await ledgerOf(env, order.id, 'order')).toHaveLength(1);
      const api = apiClient(env.url);
      expect((await api.get('/api/admin/order-flags', { token: member.token })).status).toBe(403);
      const flags = await api.get('/api/admin/order-flags', { token: operator });
      expect(flags.status).toBe(200);
      expect(flags.body.items).toEqual([
        expect.objectContaining({ orderId: order.id, kind: 'bought_after_refund', detail: expect.objectContaining({ ticketRef: 'LATE-TICKET-1' }), order: expect.objectContaining({ status: 9 }) }),
      ]);
      expect((await api.get('/api/health')).body.openOrderFlags).toBe(1);
      // The same late answer again (a retried job) flags nothing new.
      expect(await orders.purchase(Number(order.id))).toBe('skipped');
      expect((await api.get('/api/admin/order-flags', { token: operator })).body.items).toHaveLength(1);
      await expectLedgerMatchesBalance(env.platform, Number(member.id));
    }, 20_000);

    it('a timeout job that runs before the cut-off (a stale job) waits for the real cut-off, then refunds once', async () => {
      const { member, order } = await placeOrder(env, 2000);
      expect(await env.services.orders.expire(Number(order.id))).toBe('early');
      const timeouts = env.platform.queues.queue(TIMEOUT_QUEUE);
      await eventually("the order's own timeout job to be queued", () => timeouts.getJob(timeoutJobId(order.salesCloseAt)));
      const staleId = `stale-timeout-${order.id}`;
      await timeouts.add('order-timeout', { closeAt: order.salesCloseAt }, { jobId: staleId });
      // It runs at once, finds the order still on sale, and goes back to wait for the cut-off (delayed).
      await eventually('the stale job to run and wait for the cut-off', async () => (await timeouts.getJobState(staleId)) === 'delayed');
      expect([0, 1]).toContain((await orderRow(env, Number(order.id))).status);
      expect(await ledgerOf(env, order.id, 'refund')).toHaveLength(0);
      // The cut-off comes: the order's own timeout job and the stale one both run now.
      await cutOff(env, order);
      await promoteJob(timeouts, staleId);
      await eventually('the refund (9)', async () => (await orderRow(env, Number(order.id))).status === 9, 8000);
      // The stale job ran at the cut-off too; one of the two refunded, the other found nothing left to do.
      expect((await jobSettles(timeouts, staleId)).state).toBe('completed');
      expect(await ledgerOf(env, order.id, 'refund')).toHaveLength(1);
      await expectLedgerMatchesBalance(env.platform, Number(member.id));
    }, 20_000);
  });
});
