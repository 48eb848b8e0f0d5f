import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayTimeoutError, manualGateway, purchaseGateway, simulatedGateway, type SimulatedOperatorOptions } from '../../src/orders/gateway.ts';
import { autoNumbers } from '../../src/games/draw-core/numbers.ts';
import type { Platform } from '../../src/platform/platform.ts';
import { testPlatform } from '../support/platform.ts';

/** The simulated operator on a real database: what it sold is its own record, asked through the interface only. */
describe('purchase gateways', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await testPlatform('embedded');
  });
  afterAll(() => platform.close());

  const operator = (options: Partial<SimulatedOperatorOptions> = {}) =>
    simulatedGateway({ db: platform.db, now: () => new Date(), latencyMs: 0, failureRate: 0, timeoutRate: 0, lateRate: 0, lateMs: 0, ...options });
  const request = (closesInMs = 60_000) => ({
    purchaseRef: `test-${crypto.randomUUID()}`,
    orderId: 42,
    productCode: 'CAB01',
    issue: '3150001',
    salesCloseAt: new Date(Date.now() + closesInMs),
  });
  const soldFor = (purchaseRef: string) => platform.db.selectFrom('simulated_operator_tickets').selectAll().where('purchase_ref', '=', purchaseRef).execute();

  it('waits its latency, sells one ticket SIM-<issue>-<order>-<random>, and asking again returns that same ticket', async () => {
    const gateway = operator({ latencyMs: 50 });
    const req = request();
    const started = Date.now();
    const first = await gateway.purchase(req);
    // The simulated operator's latency is a real wait (PURCHASE_LATENCY_MS): that it waits is the
    // behaviour, seen only on the wall clock. A lower bound, so load cannot fail it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(first).toMatchObject({ outcome: 'bought', ticketRef: expect.stringMatching(/^SIM-3150001-42-[0-9a-f]{8}$/) });
    expect(await gateway.purchase(req)).toEqual(first);
    expect(await gateway.lookup(req.purchaseRef)).toEqual({ state: 'bought', ticketRef: (first as { ticketRef: string }).ticketRef });
    const other = await gateway.purchase(request());
    expect(other).not.toEqual(first);
  });

  it('twenty racing calls for one reference sell exactly one ticket', async () => {
    const gateway = operator();
    const req = request();
    const replies = await Promise.all(Array.from({ length: 20 }, () => gateway.purchase(req)));
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await soldFor(req.purchaseRef)).toHaveLength(1);
  });

  it('a call that reaches the operator at or after the sales cut-off is refused, and nothing is sold then or later', async () => {
    const gateway = operator();
    const closed = request(-1);
    expect(await gateway.purchase(closed)).toEqual({ outcome: 'refused', reason: 'sales_closed' });
    expect(await gateway.lookup(closed.purchaseRef)).toEqual({ state: 'not_bought' });
    // A call sent in time that arrives late (PURCHASE_LATE_*) is refused the same way.
    const late = operator({ lateRate: 1, lateMs: 300 });
    const req = request(100);
    expect(await late.purchase(req)).toEqual({ outcome: 'refused', reason: 'sales_closed' });
    expect(await soldFor(req.purchaseRef)).toHaveLength(0);
  });

  it('a failure throws before the operator sells anything; a lost reply throws after it sold, and the retry returns that ticket', async () => {
    const failing = operator({ failureRate: 1 });
    const req = request();
    await expect(failing.purchase(req)).rejects.toThrow(/simulated purchase failure/);
    expect(await failing.lookup(req.purchaseRef)).toEqual({ state: 'not_bought' });

    const lossy = operator({ timeoutRate: 1 });
    await expect(lossy.purchase(req)).rejects.toBeInstanceOf(GatewayTimeoutError);
    const found = await lossy.lookup(req.purchaseRef);
    expect(found).toMatchObject({ state: 'bought' });
    expect(await operator().purchase(req)).toEqual({ outcome: 'bought', ticketRef: (found as { ticketRef: string }).ticketRef });
    expect(await soldFor(req.purchaseRef)).toHaveLength(1);
  });

  it('manual: buys nothing itself (the back office confirms) and knows of no sale; config picks the gateway', async () => {
    expect(await manualGateway.purchase(request())).toEqual({ outcome: 'pending' });
    expect(await manualGateway.lookup('x')).toEqual({ state: 'not_bought' });
    const base = { PURCHASE_LATENCY_MS: 0, PURCHASE_FAILURE_RATE: 0, PURCHASE_TIMEOUT_RATE: 0, PURCHASE_LATE_RATE: 0, PURCHASE_LATE_MS: 0 };
    expect(purchaseGateway({ ...base, PURCHASE_GATEWAY: 'manual' }, platform).kind).toBe('manual');
    expect(purchaseGateway({ ...base, PURCHASE_GATEWAY: 'simulated' }, platform).kind).toBe('simulated');
  });

  it('auto picks are distinct, in range and sorted', () => {
    for (let i = 0; i < 200; i++) {
      const numbers = autoNumbers(10, 80);
      expect(new Set(numbers).size).toBe(10);
      expect(numbers.every((n) => n >= 1 && n <= 80)).toBe(true);
      expect([...numbers].sort((x, y) => x - y)).toEqual(numbers);
    }
  });
});
