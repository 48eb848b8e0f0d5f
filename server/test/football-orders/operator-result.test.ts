import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_CAB01 } from '../orders/support.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { enterResultTwice, secondOperator } from '../support/results.ts';
import { footballBody, insertEvent, leg, MARKETS, memberApi, orderEntries, placePurchased, points, settled } from './support.ts';

/**
 * The whole path with nothing called by hand: two staff members post the same result over HTTP (four eyes), the results
 * code queues the event's settlement, and the worker pays the order.
 */
describe.each(MODES)('an operator result settles the orders on that match by itself (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let operatorToken: string;
  let colleague: string;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, { ...SLOW_CAB01, PURCHASE_LATENCY_MS: '20', FOOTBALL_RESULT_SOURCE: 'manual' });
    const email = `ops-${crypto.randomUUID()}@example.com`;
    ({ token: operatorToken } = await env.services.auth.createAccount({ name: 'Back office', email, password: 'operator-pass-1', promoOptIn: false }, 'operator'));
    colleague = await secondOperator(env);
  });
  afterAll(() => env.stop());

  // Four eyes: two staff members enter the same result; the answer is the later entry's (or the first refusal).
  const postResult = async (eventId: string, body: unknown) => (await enterResultTwice(env.url, [operatorToken, colleague], 'football_event', eventId, body)).second;

  it('a played result pays a winning single, a postponement refunds a single’s stake, each once', async () => {
    const punter = await member('Punter');
    await grantPoints(env.platform, Number(punter.id), 10_000);
    const m = memberApi(env.url, punter.token);
    const salesCloseAt = new Date(env.clock.now().getTime() + 60_000);
    const won = await insertEvent(env.platform, MARKETS, { salesCloseAt });
    const postponed = await insertEvent(env.platform, MARKETS, { salesCloseAt });

    const winner = await placePurchased(m, footballBody([leg(won.id, 'HAD', 'H', '2.10')], 10_000));
    const refunded = await placePurchased(m, footballBody([leg(postponed.id, 'HAD', 'A', '3.00')], 10_000));

    // A played result waits for the sales close; a postponement may come any time.
    expect((await postResult(won.id, { status: 'played', halfTime: { home: 1, away: 0 }, fullTime: { home: 2, away: 1 }, corners: 8, firstTeamToScore: 'H', firstScorer: '101' })).status).toBe(422);
    expect((await postResult(postponed.id, { status: 'postponed' })).status).toBe(200);
    env.clock.advanceTo(salesCloseAt); // the sales close comes
    expect((await postResult(won.id, { status: 'played', halfTime: { home: 1, away: 0 }, fullTime: { home: 2, away: 1 }, corners: 8, firstTeamToScore: 'H', firstScorer: '101' })).status).toBe(200);

    // HK$100 at 2.10 returns HK$210; the postponed single gives back its HK$100 stake (not the fee).
    const paid = await settled(m, winner.id);
    expect(paid.prize).toBe(points(21_000));
    expect(paid.football?.legs[0]?.outcome).toBe('win');
    const back = await settled(m, refunded.id);
    expect(back.prize).toBe(points(10_000));
    expect(back.football?.legs[0]?.outcome).toBe('void');
    expect((await orderEntries(env.platform, winner.id)).map((e) => [e.kind, Number(e.amount)])).toEqual([['order', -points(13_000)], ['prize', points(21_000)]]);
    expect((await orderEntries(env.platform, refunded.id)).map((e) => [e.kind, Number(e.amount)])).toEqual([['order', -points(13_000)], ['refund', points(10_000)]]);
    expect(await m.balance()).toBe(10_000 - 2 * points(13_000) + points(21_000) + points(10_000));

    // A second result for the same match is refused and pays nothing more.
    expect((await postResult(won.id, { status: 'void' })).status).toBe(409);
    expect((await orderEntries(env.platform, winner.id)).length).toBe(2);
  });
});
