import type { OrderEventPayload, OrderWire } from '@gp/common';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drawsRepo } from '../../src/games/keno/repo.ts';
import { apiClient } from '../http/api-client.ts';
import { key, openIssue, threeUnits } from '../orders/support.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { type ClientSocket, connectSocket, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';

/**
 * CAB01 every 30 s, sales closing 1 s before (an issue with seconds to spare is on sale at once);
 * results entered by the test (manual source) once it has moved the clock past the cut-off.
 */
const ENV = {
  KENO_PRODUCTS: 'CAB01',
  KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 30, salesCloseSeconds: 1 } }),
  RESULT_SOURCE: 'manual',
  PURCHASE_LATENCY_MS: '0',
};
/** 1 and 2 drawn, 3–6 not: the 20 numbers 1, 2, 7…24. */
const DRAWN = [1, 2, ...Array.from({ length: 18 }, (_, i) => i + 7)];
/** CAD 73/100 GP per cent (the default rate): CAD 2.00 → 146 hundredths; CAD 6.00 → 438. */
const CAD_TO_POINTS = (cents: number) => Math.floor((cents * 73) / 100);

describe.each(MODES)('keno settlement (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const sockets: ClientSocket[] = [];
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, ENV);
    api = apiClient(env.url);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => env.stop());

  const prizeEntries = (orderId: string) =>
    env.platform.db.selectFrom('ledger').selectAll().where('kind', '=', 'prize').where('ref_type', '=', 'order').where('ref_id', '=', orderId).execute();
  const order = async (token: string, id: string) => (await api.get(`/api/orders/${id}`, { token })).body.order as OrderWire;
  const place = async (token: string, body: object) => {
    const res = await api.post('/api/orders', { token, json: body, headers: { 'Idempotency-Key': key() } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.order as OrderWire;
  };
  /** Moves the platform's clock to the cut-off of `drawId`, then enters DRAWN as its official result. */
  const drawWith = async (drawId: number, closeAt: Date) => {
    env.clock.advanceTo(closeAt);
    await env.services.keno.enterResult(drawId, DRAWN);
  };
  const allPurchased = (token: string, ids: string[]) =>
    eventually(`orders ${ids.join(', ')} to be purchased`, async () => (await Promise.all(ids.map((id) => order(token, id)))).every((o) => o.status === 2));

  it('credits each winner once at the table prize converted to GP, records results on the order, and tells only its owner', async () => {
    const winner = await member('Winner');
    const loser = await member('Loser');
    await grantPoints(env.platform, Number(winner.id), 10_000);
    await grantPoints(env.platform, Number(loser.id), 10_000);
    await grantPoints(env.platform, Number(winner.id), 1_000, 'trial');
    const winnerSocket = await connectSocket(env.url, winner.token);
    const loserSocket = await connectSocket(env.url, loser.token);
    sockets.push(winnerSocket, loserSocket);
    const winnerHeard = record(winnerSocket, 'order') as unknown as OrderEventPayload[];
    const loserHeard = record(loserSocket, 'order') as unknown as OrderEventPayload[];

    const draw = await openIssue(env.platform, 3000);
    // Canada Keno pays one prize per ticket: three 1-star picks with 1 and 2 drawn pay CAD 2, not 4.
    const onePrize = await place(winner.token, threeUnits(draw.issue));
    // 2 of 3 on a 3-star pick pays 2 × CAD 1, times the multiplier 3 → CAD 6.
    const multiplied = await place(winner.token, { productCode: 'CAB01', issue: draw.issue, multiplier: 3, plays: [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }] });
    const lost = await place(loser.token, threeUnits(draw.issue, { plays: [4, 5, 6].map((n) => ({ type: 'pick', stars: 1, numbers: [n] })) }));
    // Trial orders are drawn and settled like the rest, paying trial points.
    const trial = await place(winner.token, threeUnits(draw.issue, { trial: true }));
    // Every real order is bought before the cut-off (a ticket still unbought then would be refunded, not drawn).
    await allPurchased(winner.token, [multiplied.id, onePrize.id]);
    await allPurchased(loser.token, [lost.id]);
    const before = (await api.get('/api/me', { token: winner.token })).body as { balance: number; trialBalance: number };

    await drawWith(Number(draw.id), draw.sales_close_at);
    const settled = await eventually('the winning order to be settled', async () => {
      const o = await order(winner.token, onePrize.id);
      return o.settledAt ? o : undefined;
    }, 10_000);

    expect(settled).toMatchObject({ status: 2, prize: CAD_TO_POINTS(200), officialResult: { numbers: DRAWN, superNumber: 24 } });
    expect(settled.drawResult!.prize).toEqual({ amount: 200, currency: 'CAD' });
    expect(settled.drawResult!.lines.map((l) => [l.outcome, l.prize, l.adjustments])).toEqual([
      ['win', 200, []],
      ['win', 0, ['onePrize']],
      ['lose', 0, []],
    ]);
    expect(await order(winner.token, multiplied.id)).toMatchObject({ prize: CAD_TO_POINTS(600), drawResult: { prize: { amount: 600, currency: 'CAD' } } });
    expect(await order(loser.token, lost.id)).toMatchObject({ prize: 0, drawResult: { prize: { amount: 0 } } });
    expect(await order(winner.token, trial.id)).toMatchObject({ status: 8, prize: CAD_TO_POINTS(200) });

    const after = (await api.get('/api/me', { token: winner.token })).body as { balance: number; trialBalance: number };
    expect(after.balance - before.balance).toBe(CAD_TO_POINTS(200) + CAD_TO_POINTS(600));
    expect(after.trialBalance - before.trialBalance).toBe(CAD_TO_POINTS(200));
    expect(await prizeEntries(onePrize.id)).toMatchObject([{ account: 'real', amount: 146, kind: 'prize' }]);
    expect(await prizeEntries(trial.id)).toMatchObject([{ account: 'trial', amount: 146 }]);
    expect(await prizeEntries(lost.id)).toEqual([]);

    // The owner hears each settlement with its prize; the other member hears only their own order.
    await eventually("the winner's three settlement events", () => winnerHeard.filter((e) => e.prize !== undefined).length >= 3, 3000);
    expect(winnerHeard.filter((e) => e.prize !== undefined).map((e) => [e.id, e.prize]).sort()).toEqual(
      [[onePrize.id, 146], [multiplied.id, 438], [trial.id, 146]].sort(),
    );
    await eventually("the loser's settlement event", () => loserHeard.some((e) => e.prize === 0), 3000);
    expect(new Set(loserHeard.map((e) => e.id))).toEqual(new Set([lost.id]));
  }, 30_000);

  it('settling again, or twice at once, credits nothing more; the sweep finds a draw whose settle job was lost', async () => {
    const m = await member('Racer');
    await grantPoints(env.platform, Number(m.id), 10_000);
    const draw = await openIssue(env.platform, 3000);
    const placed = await Promise.all(Array.from({ length: 5 }, () => place(m.token, threeUnits(draw.issue))));
    await allPurchased(m.token, placed.map((p) => p.id));

    // The result saved without queueing its settlement (as if the process died right after).
    env.clock.advanceTo(draw.sales_close_at);
    const result = { numbers: DRAWN, superNumber: 24, bigSmall: null, oddEven: null };
    expect(await drawsRepo.markDrawn(env.platform.db, Number(draw.id), result, 'manual', new Date())).toBeDefined();
    expect((await env.services.kenoSettlement.unsettledDraws()).map(String)).toContain(draw.id);

    const unsettled = await env.platform.db.selectFrom('orders').select('id').where('draw_id', '=', Number(draw.id)).where('settled_at', 'is', null).execute();
    const runs = await Promise.all([env.services.kenoSettlement.settleDraw(Number(draw.id)), env.services.kenoSettlement.settleDraw(Number(draw.id)), env.services.kenoSettlement.settleDraw(Number(draw.id))]);
    expect(runs.map((r) => (r.status === 'settled' ? r.orders : -1)).reduce((a, b) => a + b, 0)).toBe(unsettled.length);
    expect(await env.services.kenoSettlement.settleDraw(Number(draw.id))).toEqual({ status: 'settled', orders: 0, winners: 0, points: 0 });
    expect(await env.services.kenoSettlement.unsettledDraws()).not.toContain(draw.id);
    for (const p of placed) expect(await prizeEntries(p.id)).toHaveLength(1);
    const me = (await api.get('/api/me', { token: m.token })).body as { balance: number };
    expect(me.balance).toBe(10_000 - 5 * 300 + 5 * 146);
  }, 30_000);

  it('a draw of 4,500 orders (pages settled two at a time, twice at once) credits every winner once', async () => {
    const members = [await member('Page One'), await member('Page Two'), await member('Page Three')];
    const draw = await openIssue(env.platform, 3000);
    env.clock.advanceTo(draw.sales_close_at);
    // 4,500 purchased orders, made by SQL (the purchase path is not under test): each a 2-star pick of 1 and 2, which DRAWN holds.
    const users = `{${members.map((m) => m.id).join(',')}}`;
    await sql`
      insert into orders (user_id, product_code, issue, draw_id, status, trial, multiplier, plays, units, points_spent, stake, sales_close_at)
      select (${users}::bigint[])[1 + g % 3], 'CAB01', ${draw.issue}, ${draw.id}::bigint, 2, false, 1,
             '[{"type":"pick","stars":2,"numbers":[1,2]}]'::jsonb, 1, 100, '{"amount":100,"currency":"CAD"}'::jsonb, ${draw.sales_close_at}::timestamptz
        from generate_series(0, 4499) g`.execute(env.platform.db);
    await drawsRepo.markDrawn(env.platform.db, Number(draw.id), { numbers: DRAWN, superNumber: 24, bigSmall: null, oddEven: null }, 'manual', new Date());

    const runs = await Promise.all([env.services.kenoSettlement.settleDraw(Number(draw.id)), env.services.kenoSettlement.settleDraw(Number(draw.id))]);
    expect(runs.map((r) => (r.status === 'settled' ? r.orders : -1)).reduce((a, b) => a + b, 0)).toBe(4_500);
    const unsettled = await env.platform.db.selectFrom('orders').select('id').where('draw_id', '=', Number(draw.id)).where('settled_at', 'is', null).execute();
    expect(unsettled).toHaveLength(0);
    // Once each: 4,500 prize entries for 4,500 orders, and each member credited for exactly their 1,500.
    const prizes = await env.platform.db
      .selectFrom('ledger')
      .select(['user_id', (eb) => eb.fn.countAll<string>().as('entries'), (eb) => eb.fn.count<string>('ref_id').distinct().as('orders')])
      .where('kind', '=', 'prize')
      .where('user_id', 'in', members.map((m) => Number(m.id)))
      .groupBy('user_id')
      .execute();
    expect(prizes.map((p) => [Number(p.entries), Number(p.orders)])).toEqual([[1_500, 1_500], [1_500, 1_500], [1_500, 1_500]]);
  }, 30_000);

  it('a draw still on sale, or unknown, is not settled', async () => {
    const draw = await openIssue(env.platform, 1000);
    expect(await env.services.kenoSettlement.settleDraw(Number(draw.id))).toEqual({ status: 'not_drawn' });
    expect(await env.services.kenoSettlement.settleDraw(999999999)).toEqual({ status: 'missing' });
  });
});
