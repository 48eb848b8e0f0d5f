import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';
import { MODES, testServer } from '../support/platform.ts';
import { footballBody, insertEvent, leg, MARKETS, memberApi, setOdds } from './support.ts';

/** 1,000 GP is HK$7,812.50: a HK$4,000 single at 2.10 (HK$8,400, 1,075.20 GP) could win more. */
const ENV = { KENO_PRODUCTS: 'CAB01', PURCHASE_LATENCY_MS: '20', MAX_ORDER_PRIZE_POINTS: '1000' };

describe.each(MODES)('football orders refused (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, ENV);
  });
  afterAll(() => env.stop());

  const funded = async (name: string, amount = 10_000) => {
    const m = await member(name);
    await grantPoints(env.platform, Number(m.id), amount);
    return memberApi(env.url, m.token);
  };

  it('a price that moved between quote and order is odds_changed with the new price, and nothing is debited; a better price is taken only when accepted, a worse one never', async () => {
    const m = await funded('Watcher');
    const event = await insertEvent(env.platform, MARKETS);
    const body = footballBody([leg(event.id, 'HAD', 'H', '2.10')], 5_000);
    expect((await m.quote(body)).status).toBe(200);

    await setOdds(env.platform, Number(event.id), 'HAD', { H: '2.30', D: '3.20', A: '3.00' });
    const moved = { code: 'odds_changed', details: { current: [{ leg: 0, eventId: event.id, market: 'HAD', line: null, selection: 'H', odds: '2.30', taken: '2.10' }] } };
    const refused = await m.place(body);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject(moved);
    expect((await m.quote(body)).body.error).toMatchObject(moved);
    expect(await m.balance()).toBe(10_000);
    expect((await m.orders()).total).toBe(0);

    const better = await m.place({ ...body, acceptBetterOdds: true });
    expect(better.status, JSON.stringify(better.body)).toBe(201);
    expect(better.body.order.selections).toEqual([{ eventId: event.id, market: 'HAD', selection: 'H', odds: '2.30' }]);
    expect(better.body.order.football.legs[0]).toMatchObject({ odds: '2.30', eventStatus: 'open' });
    expect(better.body.order.pointsSpent).toBe(1_024);
    expect(await m.balance()).toBe(10_000 - 1_024);

    await setOdds(env.platform, Number(event.id), 'HAD', { H: '1.90', D: '3.20', A: '3.00' });
    const worse = await m.place({ ...footballBody([leg(event.id, 'HAD', 'H', '2.30')], 5_000), acceptBetterOdds: true });
    expect(worse.status).toBe(409);
    expect(worse.body.error).toMatchObject({ code: 'odds_changed', details: { current: [{ leg: 0, odds: '1.90', taken: '2.30' }] } });
    expect(await m.balance()).toBe(10_000 - 1_024);
    expect((await m.orders()).total).toBe(1);
  });

  it('a football order asked to be paid with trial points is refused with trial_not_offered, and neither balance moves (issue 34)', async () => {
    const m = await member('Trial Football');
    await grantPoints(env.platform, Number(m.id), 10_000);
    await grantPoints(env.platform, Number(m.id), 5_000, 'trial');
    const api = memberApi(env.url, m.token);
    const event = await insertEvent(env.platform, MARKETS);
    const body = footballBody([leg(event.id, 'HAD', 'H', '2.10')], 5_000, 'single', undefined, { trial: true });

    for (const res of [await api.quote(body), await api.place(body)]) {
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'trial_not_offered', fields: { trial: 'invalid' } });
    }
    const me = await apiClient(env.url).get('/api/me', { token: m.token });
    expect(me.body).toMatchObject({ balance: 10_000, trialBalance: 5_000 });
    expect((await api.orders()).total).toBe(0);
    // The same slip without trial points is an ordinary order.
    expect((await api.place({ ...body, trial: false })).status).toBe(201);
  });

  it('odds_changed lists every pick that moved, with null for a suspended market or a player not in the match', async () => {
    const m = await funded('Slip');
    const [e1, e2, e3, e4] = await Promise.all([1, 2, 3, 4].map(() => insertEvent(env.platform, MARKETS)));
    await setOdds(env.platform, Number(e2!.id), 'HIL', { H: '1.95', L: '1.85' }, '2.5');
    await setOdds(env.platform, Number(e3!.id), 'CRS', { '1:0': '7.50', '0:0': '9.00', '2:1': '8.50' }, '', 'suspended');
    const body = footballBody(
      [leg(e1!.id, 'HAD', 'H', '2.10'), leg(e2!.id, 'HIL', 'H', '1.85', '2.5'), leg(e3!.id, 'CRS', '1:0', '7.50'), leg(e4!.id, 'FGS', '105', '5.50')],
      1_000,
      'allup',
      '4x11',
    );
    const res = await m.quote({ ...body, acceptBetterOdds: true });
    expect(res.status).toBe(409);
    expect(res.body.error.details.current).toEqual([
      { leg: 1, eventId: e2!.id, market: 'HIL', line: '2.5', selection: 'H', odds: '1.95', taken: '1.85' },
      { leg: 2, eventId: e3!.id, market: 'CRS', line: null, selection: '1:0', odds: null, taken: '7.50' },
      { leg: 3, eventId: e4!.id, market: 'FGS', line: null, selection: '105', odds: null, taken: '5.50' },
    ]);
    // A line the market does not offer is no price either.
    const noLine = await m.quote(footballBody([leg(e1!.id, 'HIL', 'H', '1.85', '3.5')], 5_000));
    expect(noLine.body.error).toMatchObject({ code: 'odds_changed', details: { current: [{ leg: 0, line: '3.5', odds: null }] } });
  });

  it('refuses with the stable codes — sales closed, maximum prize, minimums, slip rules, unknown events, funds — and debits nothing', async () => {
    const m = await funded('Refused', 1_000);
    const open = await insertEvent(env.platform, MARKETS);
    const pastClose = await insertEvent(env.platform, MARKETS, { salesCloseAt: new Date(Date.now() - 1_000) });
    const closed = await insertEvent(env.platform, MARKETS, { status: 'closed' });
    const others = await Promise.all(Array.from({ length: 7 }, () => insertEvent(env.platform, MARKETS)));
    const had = (eventId: string) => leg(eventId, 'HAD', 'H', '2.10');
    const cases: Array<[string, unknown, number, string, Record<string, unknown>?]> = [
      ['sales closed by time', footballBody([had(open.id), had(pastClose.id)], 3_000), 409, 'sales_closed', { details: { eventId: pastClose.id, nextIssue: null } }],
      ['sales closed by status', footballBody([had(closed.id)], 3_000), 409, 'sales_closed', { details: { eventId: closed.id, nextIssue: null } }],
      ['a prize over the limit', footballBody([had(open.id)], 400_000), 422, 'exceeds_max_prize', { details: { maxPrize: { amount: 840_000, currency: 'HKD' }, limitPoints: 100_000 } }],
      ['a handicap single under HK$200', footballBody([leg(open.id, 'HDC', 'H', '1.90', '-0.5/-1.0')], 10_000), 422, 'below_minimum_purchase', { details: { rule: 'handicap', minimum: { amount: 20_000, currency: 'HKD' } } }],
      ['an order under HK$30', footballBody([had(open.id)], 2_000), 422, 'below_minimum_purchase', { details: { rule: 'purchase', minimum: { amount: 3_000, currency: 'HKD' } } }],
      ['a bet in cents (HK$9.50)', footballBody([had(open.id), had(others[0]!.id), had(others[1]!.id), had(others[2]!.id)], 950), 422, 'validation_failed', { fields: { 'unitStake.amount': 'invalid' } }],
      ['a bet of HK$5', footballBody([had(open.id), had(others[0]!.id), had(others[1]!.id), had(others[2]!.id)], 500), 422, 'below_minimum_purchase', { details: { rule: 'unitStake', minimum: { amount: 1_000, currency: 'HKD' } } }],
      ['an unknown market', footballBody([leg(open.id, 'XYZ', 'H', '2.10')], 5_000), 422, 'validation_failed', { fields: { 'legs.0.market': 'invalid' } }],
      ['two markets of one match in an all-up', footballBody([had(open.id), leg(open.id, 'CRS', '1:0', '7.50'), had(others[0]!.id)], 3_000, 'allup', '2x1'), 422, 'validation_failed', { fields: { 'legs.1.market': 'invalid' }, details: { rule: 'oneMarketPerMatch' } }],
      ['7 legs with a correct score', footballBody([leg(open.id, 'CRS', '1:0', '7.50'), ...others.slice(0, 6).map((e) => had(e.id))], 1_000, 'allup', '7x1'), 422, 'validation_failed', { fields: { legs: 'invalid' }, details: { rule: 'legCount', maximum: 6, legs: 7 } }],
      ['an unknown event', footballBody([had('999999999'), had('abc')], 3_000), 422, 'validation_failed', { fields: { 'legs.0.eventId': 'invalid', 'legs.1.eventId': 'invalid' } }],
      ['a stake in another currency', { ...footballBody([had(open.id)], 5_000), unitStake: { amount: 5_000, currency: 'TWD' } }, 422, 'validation_failed', { fields: { 'unitStake.currency': 'invalid' } }],
      ['no stake', { productCode: 'HKS01', mode: 'single', legs: [had(open.id)] }, 422, 'validation_failed', { fields: { unitStake: 'invalid' } }],
      ['a price with three decimals', footballBody([leg(open.id, 'HAD', 'H', '2.105')], 5_000), 422, 'validation_failed', { fields: { 'legs.0.odds': 'invalid' } }],
    ];
    for (const [label, body, status, code, more] of cases) {
      for (const path of ['quote', 'place'] as const) {
        const res = await m[path](body);
        expect({ label, path, status: res.status, code: res.body.error?.code }).toEqual({ label, path, status, code });
        if (more) expect(res.body.error, label).toMatchObject(more);
      }
    }
    // 1,000 hundredths cannot pay HK$50 + HK$30 (10.24 GP), though the quote prices it.
    const fine = footballBody([had(open.id)], 5_000);
    expect((await m.quote(fine)).body.total).toBe(1_024);
    const poor = await m.place(fine);
    expect(poor.status).toBe(409);
    expect(poor.body.error.code).toBe('insufficient_points');
    expect(await m.balance()).toBe(1_000);
    expect((await m.orders()).total).toBe(0);
  });
});
