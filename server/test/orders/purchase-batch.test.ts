import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedGateway, type PurchaseGateway } from '../../src/orders/gateway.ts';
import { purchaseRef } from '../../src/orders/placement.ts';
import { createOrderService } from '../../src/orders/service.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from './support.ts';

type Env = Awaited<ReturnType<typeof testServer>>;

/**
 * The purchase worker buys concurrent orders together (one 0 → 1, one call to the operator, one
 * 1 → 2 per batch): every order still gets its own ticket, exactly once, and its own outcome.
 */
describe('purchases in batches', () => {
  let env: Env;
  beforeAll(async () => {
    // The platform's own worker leaves orders in 1 (manual gateway): only the test's service below buys.
    env = await testServer('embedded', { ...SLOW_CAB01, PURCHASE_GATEWAY: 'manual' });
  });
  afterAll(() => env.stop());

  it('twenty orders bought at once: one operator call for many, one ticket each, each moved 1 → 2 once; buying again changes nothing', async () => {
    const api = apiClient(env.url);
    const m = await newMember(env.services, 'Batch');
    await grantPoints(env.platform, Number(m.id), 10_000);
    const { issue } = await openIssue(env.platform, 8000);
    const placed = await Promise.all(Array.from({ length: 20 }, () => api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } })));
    expect(placed.map((res) => res.status)).toEqual(Array(20).fill(201));
    const ids = placed.map((res) => res.body.order.id as string);
    const rows = () => env.platform.db.selectFrom('orders').selectAll().where('id', 'in', ids.map(Number)).orderBy('id').execute();
    await eventually('the manual worker to start every purchase (1)', async () => (await rows()).every((row) => row.status === 1), 10_000);

    const operator = simulatedGateway({ db: env.platform.db, now: () => env.platform.now(), latencyMs: 5, failureRate: 0, timeoutRate: 0, lateRate: 0, lateMs: 0 });
    let calls = 0;
    const counting: PurchaseGateway = {
      ...operator,
      purchaseMany: (requests) => {
        calls++;
        return operator.purchaseMany!(requests);
      },
    };
    const orders = createOrderService(env.platform, { games: env.services.games, gateway: counting });
    expect(await Promise.all(ids.map((id) => orders.purchase(Number(id))))).toEqual(Array(20).fill('purchased'));
    expect(calls).toBeLessThan(20);

    const bought = await rows();
    expect(bought.every((row) => row.status === 2 && row.ticket_ref?.startsWith(`SIM-${issue}-${row.id}-`))).toBe(true);
    const refs = bought.map((row) => purchaseRef(env.platform.identity, row));
    const sold = await env.platform.db.selectFrom('simulated_operator_tickets').selectAll().where('purchase_ref', 'in', refs).execute();
    expect(sold).toHaveLength(20);
    expect(new Set(sold.map((s) => s.ticket_ref))).toEqual(new Set(bought.map((row) => row.ticket_ref)));
    const history = await env.platform.db.selectFrom('order_status_history').select(['order_id', 'from', 'to']).where('order_id', 'in', ids.map(Number)).where('to', '=', 2).execute();
    expect(history).toHaveLength(20);
    expect(history.every((h) => h.from === 1)).toBe(true);

    // A retried job (all of them at once, twice each): nothing moves, nothing more is sold.
    expect(await Promise.all([...ids, ...ids].map((id) => orders.purchase(Number(id))))).toEqual(Array(40).fill('skipped'));
    expect(await env.platform.db.selectFrom('simulated_operator_tickets').selectAll().where('purchase_ref', 'in', refs).execute()).toHaveLength(20);
    expect(await orders.purchase(999999999).catch((error: Error) => error.name)).toBe('UnrecoverableError');
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  }, 40_000);
});
