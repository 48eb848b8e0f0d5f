import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { footballBody, insertEvent, key, leg, MARKETS, memberApi, orderEntries, played, points, setResult } from './support.ts';

/**
 * An api-only server: no workers, so no purchase, timeout or sweep runs behind the test's back.
 * The test runs the purchase and the settlement itself, as their jobs would.
 */
const ENV = { KENO_PRODUCTS: 'CAB01', PURCHASE_LATENCY_MS: '0' };

describe.each(MODES)('football orders under concurrency (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, ENV, 'api');
  });
  afterAll(() => env.stop());

  const funded = async (name: string, amount: number) => {
    const m = await member(name);
    await grantPoints(env.platform, Number(m.id), amount);
    return { ...m, api: memberApi(env.url, m.token) };
  };
  /** Places an order and runs its purchase job. */
  const bought = async (m: ReturnType<typeof memberApi>, body: unknown) => {
    const res = await m.place(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await env.services.orders.purchase(Number(res.body.order.id))).toBe('purchased');
    return res.body.order.id as string;
  };
  const orderDebits = (userId: number) => env.platform.db.selectFrom('ledger').select(['ref_id']).where('user_id', '=', userId).where('kind', '=', 'order').execute();

  it('20 parallel requests with one Idempotency-Key make one order and one debit, each answered with it', async () => {
    const m = await funded('Repeater', 5_000);
    const event = await insertEvent(env.platform, MARKETS);
    const body = footballBody([leg(event.id, 'HAD', 'H', '2.10')], 3_000);
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => m.api.place(body, k)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.body.order.id)).size).toBe(1);
    expect(await orderDebits(Number(m.id))).toHaveLength(1);
    expect(await m.api.balance()).toBe(5_000 - points(6_000));
    const legs = await env.platform.db.selectFrom('order_legs').selectAll().where('order_id', '=', results[0]!.body.order.id).execute();
    expect(legs.map((l) => String(l.event_id))).toEqual([event.id]);
    const reused = await m.api.place(footballBody([leg(event.id, 'HAD', 'D', '3.20')], 3_000), k);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
  });

  it('parallel orders racing one balance: only what it covers is placed, the rest are insufficient_points', async () => {
    // HK$30 + HK$30 fee = 7.68 GP an order; the balance covers three.
    const m = await funded('Racer', 3 * 768 + 100);
    const event = await insertEvent(env.platform, MARKETS);
    const results = await Promise.all(Array.from({ length: 12 }, () => m.api.place(footballBody([leg(event.id, 'HAD', 'H', '2.10')], 3_000))));
    const outcomes = results.map((r) => (r.status === 201 ? 'created' : r.body.error.code));
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'insufficient_points')).toHaveLength(9);
    expect(await m.api.balance()).toBe(100);
    const placed = results.filter((r) => r.status === 201).map((r) => r.body.order.id);
    expect(new Set((await orderDebits(Number(m.id))).map((d) => d.ref_id))).toEqual(new Set(placed));
    expect((await m.api.orders()).total).toBe(3);
  }, 30_000);

  it('concurrent settlements of the same events, and a re-run, settle each order once', async () => {
    const a = await funded('Alpha', 10_000);
    const b = await funded('Beta', 10_000);
    const e1 = await insertEvent(env.platform, MARKETS);
    const e2 = await insertEvent(env.platform, MARKETS);
    const single = footballBody([leg(e1.id, 'HAD', 'H', '2.10')], 3_000);
    const ids = [
      ...(await Promise.all([1, 2, 3].map(() => bought(a.api, single)))),
      ...(await Promise.all([1, 2].map(() => bought(b.api, single)))),
      await bought(b.api, footballBody([leg(e1.id, 'HAD', 'H', '2.10'), leg(e2.id, 'HIL', 'L', '1.95', '2.5')], 3_000, 'allup', '2x1')),
    ];
    await setResult(env.platform, Number(e1.id), played([1, 0], [1, 0]));
    await setResult(env.platform, Number(e2.id), played([0, 0], [1, 0]));

    const settlement = env.services.footballSettlement;
    const runs = await Promise.all([settlement.settleEvent(Number(e1.id)), settlement.settleEvent(Number(e1.id)), settlement.settleEvent(Number(e2.id)), settlement.settleEvent(Number(e1.id)), settlement.settleReady()]);
    expect(runs.map((r) => (r.status === 'settled' ? r.orders : 0)).reduce((x, y) => x + y, 0)).toBe(ids.length);
    expect(await settlement.settleEvent(Number(e1.id))).toEqual({ status: 'settled', orders: 0, winners: 0, points: 0 });
    expect(await settlement.settleReady()).toEqual({ status: 'settled', orders: 0, winners: 0, points: 0 });

    // Singles: HK$30 × 2.10 = HK$63 → 8.06 GP. The double: HK$30 × 2.10 × 1.95 = HK$122.85 → HK$122.90 → 15.73 GP.
    const singlePrize = points(6_300);
    const doublePrize = points(12_290);
    expect([singlePrize, doublePrize]).toEqual([806, 1_573]);
    for (const id of ids) {
      const prizes = (await orderEntries(env.platform, id)).filter((e) => e.kind === 'prize');
      expect(prizes).toEqual([{ kind: 'prize', amount: id === ids[5] ? doublePrize : singlePrize, account: 'real' }]);
    }
    expect(await a.api.balance()).toBe(10_000 - 3 * 768 + 3 * singlePrize);
    expect(await b.api.balance()).toBe(10_000 - 3 * 768 + 2 * singlePrize + doublePrize);
  }, 30_000);

  it('the sweep settles an order whose settlement job was never queued, and only once all its events are final', async () => {
    const m = await funded('Forgotten', 5_000);
    const e1 = await insertEvent(env.platform, MARKETS);
    const e2 = await insertEvent(env.platform, MARKETS);
    const id = await bought(m.api, footballBody([leg(e1.id, 'HAD', 'A', '3.00'), leg(e2.id, 'HAD', 'A', '3.00')], 3_000, 'allup', '2x1'));

    // One match over, the other still to play: nothing to settle yet, by the sweep or the event's job.
    await setResult(env.platform, Number(e1.id), played([0, 1], [0, 2]));
    expect(await env.services.footballSettlement.settleReady()).toMatchObject({ orders: 0 });
    expect(await env.services.footballSettlement.settleEvent(Number(e1.id))).toMatchObject({ orders: 0 });
    expect(await env.services.footballSettlement.settleEvent(Number(e2.id))).toEqual({ status: 'not_final' });
    expect((await m.api.order(id)).settledAt).toBeNull();

    // The second result is saved but its job never queued (the process died): the sweep finds it.
    await setResult(env.platform, Number(e2.id), played([0, 0], [1, 1]));
    expect(await env.services.footballSettlement.settleReady()).toMatchObject({ status: 'settled', orders: 1, winners: 0 });
    expect(await m.api.order(id)).toMatchObject({ prize: 0, football: { payout: { amount: 0 }, refund: { amount: 0 } } });
    expect((await m.api.order(id)).football!.legs.map((l) => l.outcome)).toEqual(['win', 'loss']);
    expect(await orderEntries(env.platform, id)).toEqual([{ kind: 'order', amount: -768, account: 'real' }]);
    expect(await env.services.footballSettlement.settleReady()).toMatchObject({ orders: 0 });
    expect(await env.services.footballSettlement.settleEvent(999999999)).toEqual({ status: 'missing' });
  });
});
