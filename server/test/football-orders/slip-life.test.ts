import type { OrderEventPayload, OrderWire } from '@gp/common';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueFootballSettlement } from '../../src/games/football/settlement-jobs.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from '../orders/support.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { apiClient } from '../http/api-client.ts';
import { type ClientSocket, connectSocket, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';
import { footballBody, insertEvent, leg, MARKETS, memberApi, orderEntries, placePurchased, played, points, purchased, setResult, settled, voidEvent } from './support.ts';

/** One bet's return in HKD cents: unit × odds (in thousandths), to the nearest 10 cents as HKJC pays. */
const bet = (unit: number, ...odds: number[]) => Math.round((odds.reduce((product, o) => product * o, unit) / 1000 ** odds.length) / 10) * 10;

describe.each(MODES)('a football slip from quote to prize (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  const sockets: ClientSocket[] = [];
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, { ...SLOW_CAB01, PURCHASE_LATENCY_MS: '20' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => env.stop());

  it('a 3x4 all-up with two winning legs and one losing leg is quoted, bought, settled and credited exactly once, told to its owner only', async () => {
    const owner = await member('Punter');
    const other = await member('Neighbour');
    await grantPoints(env.platform, Number(owner.id), 20_000);
    const [ownerSocket, otherSocket] = await Promise.all([connectSocket(env.url, owner.token), connectSocket(env.url, other.token)]);
    sockets.push(ownerSocket, otherSocket);
    const heard = record(ownerSocket, 'order') as unknown as OrderEventPayload[];
    const overheard = record(otherSocket, 'order');
    const m = memberApi(env.url, owner.token);

    const e1 = await insertEvent(env.platform, MARKETS);
    const e2 = await insertEvent(env.platform, MARKETS);
    const e3 = await insertEvent(env.platform, MARKETS);
    const body = footballBody([leg(e1.id, 'HAD', 'H', '2.10'), leg(e2.id, 'HIL', 'H', '1.85', '2.5'), leg(e3.id, 'CRS', '1:0', '7.50')], 10_000, 'allup', '3x4');

    // 3x4 = one treble and three doubles: 4 bets of HK$100 (HK$400), plus the HK$30 fee.
    const stake = 4 * 10_000;
    const fee = 3_000;
    // The most it can return: every leg wins, each bet = HK$100 × its odds, to the nearest 10 cents
    // (the treble's HK$2,913.75 pays HK$2,913.80).
    const maxPrize = bet(10_000, 2_100, 1_850, 7_500) + bet(10_000, 2_100, 1_850) + bet(10_000, 2_100, 7_500) + bet(10_000, 1_850, 7_500);
    expect(bet(10_000, 2_100, 1_850, 7_500)).toBe(291_380);
    const quote = await m.quote(body);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body).toEqual({
      units: 4,
      bets: 4,
      stake: { amount: stake, currency: 'HKD' },
      fee: { amount: fee, currency: 'HKD' },
      maxPrize: { amount: maxPrize, currency: 'HKD' },
      total: 5_504, // HK$430 at 32 GP hundredths per HK$2.50 = 55.04 GP
      maxPrizePoints: points(maxPrize),
      // Stake, fee and prizes convert at the one HKD rate.
      rates: { price: { numerator: 32, denominator: 250, currency: 'HKD' }, prize: { numerator: 32, denominator: 250, currency: 'HKD' } },
    });
    expect(points(stake + fee)).toBe(5_504);
    expect(await m.balance()).toBe(20_000); // a quote debits nothing

    const placed = await m.place(body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.order.id as string;
    expect(placed.body.order).toMatchObject({
      productCode: 'HKS01',
      issue: `${e1.code}+${e2.code}+${e3.code}`,
      status: 0,
      playType: 'football',
      trial: false,
      units: 4,
      pointsSpent: 5_504,
      stake: { amount: stake, currency: 'HKD' },
      fee: { amount: fee, currency: 'HKD' },
      prize: null,
      football: { mode: 'allup', formula: '3x4', bets: 4, payout: null, refund: null },
    });
    expect(await m.balance()).toBe(20_000 - 5_504);
    await purchased(m, id);

    // Home wins 2-0; 3 goals go over 2.5; 0-0 is not 1:0.
    await setResult(env.platform, Number(e1.id), played([1, 0], [2, 0]));
    await setResult(env.platform, Number(e2.id), played([1, 1], [2, 1]));
    await setResult(env.platform, Number(e3.id), played([0, 0], [0, 0]));
    await enqueueFootballSettlement(env.platform.queues, Number(e3.id));
    const done = await settled(m, id);

    // Only the e1 × e2 double returns: HK$100 × 2.10 × 1.85 = HK$388.50, converted rounding down.
    const payout = 38_850;
    expect(payout).toBe(Math.round(10_000 * 2.1 * 1.85));
    const prize = Math.floor((payout * 32) / 250);
    expect(prize).toBe(4_972);
    expect(done).toMatchObject({ status: 2, prize, drawResult: { prize: { amount: payout, currency: 'HKD' }, lines: [] } });
    expect(done.football).toMatchObject({ payout: { amount: payout, currency: 'HKD' }, refund: { amount: 0, currency: 'HKD' } });
    expect(done.football!.legs.map((l) => [l.code, l.eventStatus, l.odds, l.outcome])).toEqual([
      [e1.code, 'resulted', '2.10', 'win'],
      [e2.code, 'resulted', '1.85', 'win'],
      [e3.code, 'resulted', '7.50', 'loss'],
    ]);
    expect(await orderEntries(env.platform, id)).toEqual([
      { kind: 'order', amount: -5_504, account: 'real' },
      { kind: 'prize', amount: prize, account: 'real' },
    ]);
    expect(await m.balance()).toBe(20_000 - 5_504 + prize);

    // Settling again — by job or directly, on any of its events — credits nothing more.
    for (const event of [e1, e2, e3]) expect(await env.services.footballSettlement.settleEvent(Number(event.id))).toEqual({ status: 'settled', orders: 0, winners: 0, points: 0 });
    await enqueueFootballSettlement(env.platform.queues, Number(e1.id));
    expect((await orderEntries(env.platform, id)).length).toBe(2);

    await eventually("the settlement's order event", () => (heard.some((e) => e.prize !== undefined) ? true : undefined), 5_000);
    expect(heard.map((e) => [e.id, e.prevStatus, e.status, e.prize])).toEqual([
      [id, null, 0, undefined],
      [id, 0, 1, undefined],
      [id, 1, 2, undefined],
      [id, 2, 2, prize],
    ]);
    expect(overheard).toEqual([]);
  }, 40_000);

  it('an all-up leg on a postponed match counts at odds 1', async () => {
    const owner = await member('Voided');
    await grantPoints(env.platform, Number(owner.id), 5_000);
    const m = memberApi(env.url, owner.token);
    const won = await insertEvent(env.platform, MARKETS);
    const postponed = await insertEvent(env.platform, MARKETS);
    const order = await placePurchased(m, footballBody([leg(won.id, 'HAD', 'H', '2.10'), leg(postponed.id, 'HAD', 'A', '3.00')], 10_000, 'allup', '2x1'));
    expect(order.pointsSpent).toBe(points(10_000 + 3_000));

    await setResult(env.platform, Number(won.id), played([0, 0], [1, 0]));
    await voidEvent(env.platform, Number(postponed.id), 'postponed');
    await enqueueFootballSettlement(env.platform.queues, Number(postponed.id));
    const done = await settled(m, order.id);

    // HK$100 × 2.10 × 1 = HK$210: a win, not a refund (only a bet whose every leg is void is refunded).
    const prize = Math.floor((21_000 * 32) / 250);
    expect(done).toMatchObject({ prize, football: { payout: { amount: 21_000 }, refund: { amount: 0 } } });
    expect(done.football!.legs.map((l) => [l.eventStatus, l.result, l.outcome])).toEqual([
      ['resulted', played([0, 0], [1, 0]), 'win'],
      ['postponed', { status: 'postponed' }, 'void'],
    ]);
    expect(await orderEntries(env.platform, order.id)).toEqual([
      { kind: 'order', amount: -points(13_000), account: 'real' },
      { kind: 'prize', amount: prize, account: 'real' },
    ]);
  }, 30_000);

  it('a single on a postponed match refunds its stake, not the fee; a won single beside it pays a prize on the same order', async () => {
    const owner = await member('Refunded');
    await grantPoints(env.platform, Number(owner.id), 5_000);
    const m = memberApi(env.url, owner.token);
    const postponed = await insertEvent(env.platform, MARKETS);
    const won = await insertEvent(env.platform, MARKETS);

    // HK$50 single: HK$50 + HK$30 fee = 10.24 GP; the HK$50 stake comes back as 6.40 GP.
    const lone = await placePurchased(m, footballBody([leg(postponed.id, 'HAD', 'H', '2.10')], 5_000));
    // Two HK$50 singles: HK$100 + HK$30 fee = 16.64 GP.
    const pair = await placePurchased(m, footballBody([leg(postponed.id, 'HAD', 'D', '3.20'), leg(won.id, 'HAD', 'H', '2.10')], 5_000));
    expect([lone.pointsSpent, pair.pointsSpent]).toEqual([1_024, 1_664]);

    await setResult(env.platform, Number(won.id), played([1, 0], [1, 0]));
    await voidEvent(env.platform, Number(postponed.id), 'postponed');
    expect(await env.services.footballSettlement.settleEvent(Number(postponed.id))).toMatchObject({ status: 'settled', orders: 2 });

    expect(await m.order(lone.id)).toMatchObject({ prize: 640, drawResult: { prize: { amount: 0 } }, football: { payout: { amount: 5_000 }, refund: { amount: 5_000 } } });
    expect(await orderEntries(env.platform, lone.id)).toEqual([
      { kind: 'order', amount: -1_024, account: 'real' },
      { kind: 'refund', amount: 640, account: 'real' },
    ]);
    // HK$50 × 2.10 = HK$105 won (13.44 GP) and HK$50 refunded (6.40 GP): two causes, each posted once.
    expect(await m.order(pair.id)).toMatchObject({ prize: 1_344 + 640, football: { payout: { amount: 15_500 }, refund: { amount: 5_000 } } });
    expect(await orderEntries(env.platform, pair.id)).toEqual([
      { kind: 'order', amount: -1_664, account: 'real' },
      { kind: 'prize', amount: 1_344, account: 'real' },
      { kind: 'refund', amount: 640, account: 'real' },
    ]);
    expect(await m.balance()).toBe(5_000 - 1_024 - 1_664 + 640 + 1_344 + 640);
    // The points history names the refunds' cause: stakes back on a void match, not a refused or timed-out order.
    const ledger = (await apiClient(env.url).get('/api/wallet/ledger', { token: owner.token })).body.items as Array<{ kind: string; refId: string; refundCause: string | null }>;
    expect(ledger.filter((e) => e.kind === 'refund').map((e) => [e.refId, e.refundCause]).sort()).toEqual([[lone.id, 'selection_void'], [pair.id, 'selection_void']].sort());
    expect(ledger.filter((e) => e.kind !== 'refund').every((e) => e.refundCause === null)).toBe(true);
    // The orders were settled, not refunded: they carry no refund cause of their own.
    expect(await m.order(lone.id)).toMatchObject({ refundCause: null, refusalReason: null });
  }, 30_000);

  it('the orders list shows the football part (legs, formula, odds taken, results, outcomes, prize) beside keno orders as before', async () => {
    const owner = await member('Lister');
    await grantPoints(env.platform, Number(owner.id), 10_000);
    const m = memberApi(env.url, owner.token);
    const { issue } = await openIssue(env.platform, 2000);
    const kenoRes = await apiClient(env.url).post('/api/orders', { token: owner.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
    expect(kenoRes.status).toBe(201);
    const e1 = await insertEvent(env.platform, MARKETS);
    const e2 = await insertEvent(env.platform, MARKETS);
    const football = await placePurchased(m, footballBody([leg(e1.id, 'HDC', 'H', '1.90', '-0.5/-1'), leg(e2.id, 'FGS', '201', '6.00')], 10_000, 'allup', '2x3'));
    await setResult(env.platform, Number(e1.id), played([1, 0], [2, 1]));
    await setResult(env.platform, Number(e2.id), played([0, 1], [0, 1], { firstScorer: '201' }));
    await env.services.footballSettlement.settleEvent(Number(e2.id));

    const list = await m.orders();
    expect(list.total).toBe(2);
    const [first, second] = list.items as [OrderWire, OrderWire];
    expect(first).toMatchObject({ id: football.id, playType: 'football', officialResult: null });
    expect(second).toMatchObject({ id: kenoRes.body.order.id, productCode: 'CAB01', playType: 'keno', fee: { amount: 0, currency: 'CAD' }, selections: threeUnits(issue).plays });
    expect(second).not.toHaveProperty('football');
    // HDC -0.5/-1.0 on a 2-1 home win is a half win: (1.90 + 1) / 2 = 1.45.
    const half = 1.45;
    const payout = Math.round(10_000 * half * 6) + Math.round(10_000 * half) + Math.round(10_000 * 6);
    expect(first.football).toEqual({
      mode: 'allup',
      formula: '2x3',
      bets: 3,
      unitStake: { amount: 10_000, currency: 'HKD' },
      legs: [
        { eventId: e1.id, code: e1.code, home: e1.home_team, away: e1.away_team, kickOffAt: e1.kick_off_at.toISOString(), eventStatus: 'resulted', market: 'HDC', line: '-0.5/-1.0', selection: 'H', odds: '1.90', result: played([1, 0], [2, 1]), outcome: 'halfWin' },
        { eventId: e2.id, code: e2.code, home: e2.home_team, away: e2.away_team, kickOffAt: e2.kick_off_at.toISOString(), eventStatus: 'resulted', market: 'FGS', line: null, selection: '201', odds: '6.00', result: played([0, 1], [0, 1], { firstScorer: '201' }), outcome: 'win' },
      ],
      maxPrize: { amount: Math.round(10_000 * 1.9 * 6) + 19_000 + 60_000, currency: 'HKD' },
      payout: { amount: payout, currency: 'HKD' },
      refund: { amount: 0, currency: 'HKD' },
    });
    expect(first.selections).toEqual([
      { eventId: e1.id, market: 'HDC', line: '-0.5/-1.0', selection: 'H', odds: '1.90' },
      { eventId: e2.id, market: 'FGS', selection: '201', odds: '6.00' },
    ]);
    expect(first.prize).toBe(points(payout));
    expect((await m.orders('?productCode=HKS01')).items.map((o) => o.id)).toEqual([football.id]);
  }, 30_000);

  it('names an order leg\'s teams in the languages its event has them in, for the orders page to show in the member\'s', async () => {
    const owner = await member('Namer');
    await grantPoints(env.platform, Number(owner.id), 10_000);
    const m = memberApi(env.url, owner.token);
    const event = await insertEvent(env.platform, MARKETS);
    const names = { tournament: { 'zh-TW': '港超' }, home: { 'zh-TW': '海港雄獅', 'zh-CN': '海港雄狮' }, away: { 'zh-TW': '大坑飛龍' } };
    await env.platform.db.updateTable('football_events').set({ names: JSON.stringify(names) }).where('id', '=', Number(event.id)).execute();
    const order = await placePurchased(m, footballBody([leg(event.id, 'HAD', 'H', '2.10')], 3_000));
    const [only] = (await m.order(order.id)).football!.legs;
    expect(only).toMatchObject({ home: event.home_team, names: { home: names.home, away: names.away } });
    expect(only!.names).not.toHaveProperty('tournament');
  });
});
