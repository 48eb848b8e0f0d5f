import type { DrawOrderWire, DrawResult, LotteryDrawWire, OrderWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAW_PRODUCTS } from '@gp/common';
import { resultFromSeed } from '../../src/games/draw/result-source.ts';
import { apiClient } from '../http/api-client.ts';
import { key } from '../orders/support.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { DRAW_ENV, hkdPoints } from './support.ts';

const pointsOf = hkdPoints;

describe.each(MODES)('a multi-draw Mark Six system ticket, end to end (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: string;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, DRAW_ENV);
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    operator = (await api.post('/api/auth/login', { json: { email: DRAW_ENV.OPERATOR_EMAIL, password: DRAW_ENV.OPERATOR_PASSWORD } })).body.token;
  });
  afterAll(() => env.stop());

  it('buys 3 draws up front, each bought alone; fixed prizes credit at the simulated result, pool divisions wait for the operator’s amounts', async () => {
    const m = await member('Lotto');
    await grantPoints(env.platform, Number(m.id), 1_000_000);
    const upcoming = await eventually('three Mark Six draws on sale', async () => {
      const list = (await api.get<LotteryDrawWire[]>('/api/draw-products/HKA01/draws?status=upcoming&limit=3')).body;
      return list.length === 3 ? list : undefined;
    }, 15_000);

    // Pick the numbers knowing the first draw's committed seed (a test may read it; members only see its hash):
    // five of its six numbers, its extra number and one number it did not draw — a 7-number multiple.
    const seeded = await env.platform.db.selectFrom('lottery_draws').select(['seed', 'seed_hash', 'jackpot']).where('id', '=', Number(upcoming[0]!.id)).executeTakeFirstOrThrow();
    expect(seeded.seed_hash).toBe(upcoming[0]!.seedHash);
    const result: DrawResult = resultFromSeed(DRAW_PRODUCTS.HKA01, seeded.seed!, seeded.jackpot);
    const [a, b, c, d, e] = result.zones[0]!;
    const extra = result.extra[0]!;
    const miss = Array.from({ length: 49 }, (_, i) => i + 1).find((n) => !result.zones[0]!.includes(n) && n !== extra)!;
    const numbers = [a!, b!, c!, d!, e!, extra, miss];

    const before = (await api.get('/api/me', { token: m.token })).body.balance as number;
    const quote = await api.post('/api/orders/quote', { token: m.token, json: { productCode: 'HKA01', draws: 3, system: true, lines: [{ zones: [numbers] }] } });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ bets: 7, perDraw: 986, total: 2958, stake: { amount: 7_000, currency: 'HKD' }, fee: { amount: 700 } });
    expect(quote.body.draws.map((x: { issue: string }) => x.issue)).toEqual(upcoming.map((u) => u.issue));
    expect(quote.body.bestCase).toEqual([
      expect.objectContaining({ division: 1, lines: 1, amount: null }),
      expect.objectContaining({ division: 2, lines: 6, amount: null }),
    ]);

    const placed = await api.post('/api/orders', { token: m.token, json: { productCode: 'HKA01', draws: 3, system: true, lines: [{ zones: [numbers] }] }, headers: { 'Idempotency-Key': key() } });
    expect(placed.status).toBe(201);
    const orders = placed.body.orders as DrawOrderWire[];
    expect(orders.map((o) => [o.issue, o.units, o.pointsSpent, o.draw.group.index, o.draw.group.count])).toEqual(upcoming.map((u, i) => [u.issue, 7, 986, i + 1, 3]));
    expect(placed.body.order.id).toBe(orders[0]!.id);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(before - 3 * 986);

    // Each order is bought on its own (its own purchase job), all before the first draw.
    for (const order of orders) {
      await eventually(`order ${order.id} purchased`, async () => ((await api.get(`/api/orders/${order.id}`, { token: m.token })).body.order as OrderWire).status === 2, 15_000);
    }

    // The first draw happens (simulated, from its seed): 5 lines win the fixed 4th division, 2 lines win pool divisions.
    env.clock.advanceTo(upcoming[0]!.drawAt);
    expect(await env.services.draws.drawAtTime(Number(upcoming[0]!.id))).toBe('drawn');
    const fixedPoints = pointsOf(5 * 960_000);
    const pending = await eventually('the fixed prizes credited, the pool divisions pending', async () => {
      const o = (await api.get(`/api/orders/${orders[0]!.id}`, { token: m.token })).body.order as DrawOrderWire;
      return o.draw.state === 'pending' ? o : undefined;
    }, 15_000);
    expect(pending.prize).toBe(fixedPoints);
    expect(pending.draw.result).toEqual(result);
    expect(pending.draw.outcome!.pendingDivisions).toEqual([2, 3]);
    expect(pending.draw.outcome!.lines.map((l) => [l.division, l.prize]).sort()).toEqual([[2, null], [3, null], [4, 960_000], [4, 960_000], [4, 960_000], [4, 960_000], [4, 960_000]].sort());
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(before - 3 * 986 + fixedPoints);

    // The published draw shows the divisions: fixed ones paid, pool ones pending.
    const drawn = (await api.get<LotteryDrawWire[]>('/api/draw-products/HKA01/draws?status=drawn&limit=1')).body[0]!;
    expect(drawn).toMatchObject({ id: upcoming[0]!.id, result, final: false, seed: seeded.seed });
    expect(drawn.divisions.find((x) => x.division === 4)).toMatchObject({ amount: 960_000, ourWinners: 5 });
    expect(drawn.divisions.find((x) => x.division === 2)).toMatchObject({ amount: null, ourWinners: 1 });

    // The operator enters the pool amounts: the rest is credited, once.
    const prizes = await api.post(`/api/admin/draw-products/HKA01/draws/${upcoming[0]!.id}/prizes`, { token: operator, json: { divisions: [{ division: 2, amount: 10_000_000, winners: 3 }, { division: 3, amount: 2_000_000 }, { division: 1, amount: 900_000_000, winners: 0 }] } });
    expect(prizes.status).toBe(200);
    expect(prizes.body.final).toBe(true);
    const settled = await eventually('the pool divisions credited', async () => {
      const o = (await api.get(`/api/orders/${orders[0]!.id}`, { token: m.token })).body.order as DrawOrderWire;
      return o.draw.state === 'settled' ? o : undefined;
    }, 15_000);
    // Rounded down once on the whole prize: fixed part first, the rest when the amounts came in.
    expect(settled.prize).toBe(pointsOf(5 * 960_000 + 10_000_000 + 2_000_000));
    expect(settled.draw.outcome!.pendingDivisions).toEqual([]);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(before - 3 * 986 + settled.prize!);

    // Re-running the settlement changes nothing; an amount on record cannot be changed.
    expect(await env.services.drawSettlement.settleDraw(Number(upcoming[0]!.id))).toMatchObject({ status: 'settled', orders: 0 });
    const again = await api.post(`/api/admin/draw-products/HKA01/draws/${upcoming[0]!.id}/prizes`, { token: operator, json: { divisions: [{ division: 2, amount: 99_000_000 }] } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'result_exists', details: { divisions: [2] } });
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(before - 3 * 986 + settled.prize!);

    // The other two draws' orders are untouched, still waiting for their draws.
    for (const order of orders.slice(1)) {
      const o = (await api.get(`/api/orders/${order.id}`, { token: m.token })).body.order as DrawOrderWire;
      expect(o).toMatchObject({ status: 2, prize: null, draw: { state: 'open', result: null } });
    }
  });
});
