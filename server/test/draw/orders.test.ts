import type { DrawOrderWire, DrawProductDetail, DrawProductSummary, JackpotEventPayload, LotteryDrawWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { key } from '../orders/support.ts';
import { grantPoints, membersWithLedgerCheck, signUp } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { connectSocket, emitWithAck, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';
import { DRAW_ENV } from './support.ts';

describe.each(MODES)('draw-lottery orders: refusals, idempotency, 39樂合彩 on the 539 draw (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, DRAW_ENV);
    api = apiClient(env.url);
    await eventually('Mark Six and 539 draws scheduled', async () => (await api.get<LotteryDrawWire[]>('/api/draw-products/TWA03/draws?status=upcoming')).body.length > 3, 15_000);
  });
  afterAll(() => env.stop());

  const order = (token: string, json: unknown, idempotencyKey = key()) => api.post('/api/orders', { token, json, headers: { 'Idempotency-Key': idempotencyKey } });

  it('lists the draw products with family draw, next draw and jackpot; 雙贏彩 is listed as not on sale with its reason', async () => {
    const products = (await api.get<Array<{ code: string; family: string }>>('/api/products')).body;
    const draws = products.filter((p) => p.family === 'draw') as unknown as DrawProductSummary[];
    expect(draws.map((p) => p.code).sort()).toEqual(['HKA01', 'TWA03', 'TWA04', 'TWA05', 'USA01']);
    expect(products.some((p) => p.family === 'keno')).toBe(true);
    const markSix = draws.find((p) => p.code === 'HKA01')!;
    expect(markSix.nextDraw?.issue).toMatch(/^\d{2}\/\d{3}$/);
    expect(markSix.jackpot?.currency).toBe('HKD');
    expect(markSix.unitPrice).toBe(Math.ceil((1_100 * 32) / 250));
    expect(draws.find((p) => p.code === 'TWA05')!.availability).toMatchObject({ onSale: false, reasonCode: 'discontinued' });

    const detail = (await api.get<DrawProductDetail>('/api/draw-products/TWA04')).body;
    expect(detail.drawOf).toBe('TWA03');
    expect(detail.plays!.map((p) => [p.code, p.table.divisions[0]!.prize])).toEqual([
      ['2', { kind: 'fixed', amount: 112_500 }],
      ['3', { kind: 'fixed', amount: 1_125_000 }],
      ['4', { kind: 'fixed', amount: 21_250_000 }],
    ]);
    // 39樂合彩's draws are 今彩539's.
    expect(detail.upcoming[0]!.id).toBe((await api.get<LotteryDrawWire[]>('/api/draw-products/TWA03/draws?status=open')).body[0]!.id);
    expect((await api.get('/api/products/HKA01')).body.code).toBe('HKA01');
    expect((await api.get('/api/draw-products/XXX01')).body.error.code).toBe('product_not_found');
  });

  it('refuses bad tickets with API.md codes and charges nothing', async () => {
    const m = await member('Picky');
    await grantPoints(env.platform, Number(m.id), 100_000);
    const cases: Array<[unknown, number, Record<string, unknown>]> = [
      [{ productCode: 'HKA01', lines: [{ zones: [[1, 2, 3, 4, 5, 50]] }] }, 422, { code: 'validation_failed', fields: { 'lines.0.zones.0': 'number_out_of_range' } }],
      [{ productCode: 'HKA01', lines: [{ zones: [[1, 2, 3, 4, 5, 5]] }] }, 422, { code: 'validation_failed', fields: { 'lines.0.zones.0': 'duplicate_number' } }],
      [{ productCode: 'HKA01', lines: [{ zones: [[1, 2, 3]] }] }, 422, { code: 'validation_failed', fields: { 'lines.0.zones.0': 'invalid' } }],
      [{ productCode: 'HKA01', lines: [{ zones: [[1, 2, 3, 4, 5, 6, 7]] }] }, 422, { code: 'selection_exceeds_pick_count' }],
      [{ productCode: 'HKA01', system: true, lines: [{ zones: [Array.from({ length: 13 }, (_, i) => i + 1)] }] }, 422, { code: 'validation_failed', fields: { 'lines.0.zones.0': 'too_many_numbers' } }],
      [{ productCode: 'HKA01', draws: 11, lines: [{ zones: [[1, 2, 3, 4, 5, 6]] }] }, 422, { code: 'validation_failed', fields: { draws: 'invalid' } }],
      [{ productCode: 'HKA01', issue: '99/999', lines: [{ zones: [[1, 2, 3, 4, 5, 6]] }] }, 409, { code: 'sales_closed' }],
      [{ productCode: 'USA01', lines: [{ zones: [[1, 2, 3, 4, 5], [1]] }], addOns: ['megaplier'] }, 422, { code: 'validation_failed', fields: { addOns: 'invalid' } }],
      [{ productCode: 'TWA04', lines: [{ zones: [[1, 2]] }] }, 422, { code: 'validation_failed', fields: { play: 'invalid' } }],
      [{ productCode: 'TWA05', lines: [{ zones: [Array.from({ length: 12 }, (_, i) => i + 1)] }] }, 409, { code: 'product_not_on_sale' }],
      [{ productCode: 'HKA01', lines: [{ zones: [[1, 2, 3, 4, 5, 6]] }], partialUnit: true }, 422, { code: 'validation_failed', fields: { partialUnit: 'invalid' } }],
    ];
    for (const [json, status, error] of cases) {
      const res = await order(m.token, json);
      expect({ json, status: res.status }).toEqual({ json, status });
      expect(res.body.error).toMatchObject(error);
    }
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(100_000);
    expect((await api.get('/api/orders', { token: m.token })).body.total).toBe(0);
  });

  it('a ticket whose fixed prizes could pass MAX_ORDER_PRIZE_POINTS is refused (exceeds_max_prize)', async () => {
    const m = await member('Greedy');
    // 今彩539: five 6-number systems → 5 × NT$8.1M best case ≈ 1.25M GP, over a 1M GP limit.
    const lines = Array.from({ length: 5 }, () => ({ zones: [[1, 2, 3, 4, 5, 6]] }));
    const res = await api.post('/api/orders/quote', { token: m.token, json: { productCode: 'TWA03', system: true, lines } });
    expect(res.status).toBe(200);
    expect(res.body.maxPrize).toEqual({ amount: 5 * 810_000_000, currency: 'TWD' });
    const limited = await testServer(mode, { ...DRAW_ENV, DRAW_PRODUCTS: 'TWA03', MAX_ORDER_PRIZE_POINTS: '1000000' });
    try {
      const other = apiClient(limited.url);
      await eventually('539 draws', async () => (await other.get<LotteryDrawWire[]>('/api/draw-products/TWA03/draws?status=open')).body.length === 1, 15_000);
      const token = (await signUp(limited, { name: 'G', email: `g-${key()}@example.com`, password: 'guest-pass-2026', passwordCheck: 'guest-pass-2026', promoOptIn: false })).body.token;
      const refused = await other.post('/api/orders/quote', { token, json: { productCode: 'TWA03', system: true, lines } });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('exceeds_max_prize');
    } finally {
      await limited.stop();
    }
  });

  it('a single Mark Six line quotes the best fixed division as its maximum (HK$9,600, the 4th), not 0: the 1st–3rd are shared pools (issue 34)', async () => {
    const m = await member('One Line');
    const res = await api.post('/api/orders/quote', { token: m.token, json: { productCode: 'HKA01', lines: [{ zones: [[1, 2, 3, 4, 5, 6]] }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.maxPrize).toEqual({ amount: 960_000, currency: 'HKD' });
    expect(res.body.maxPrizePoints).toBeGreaterThan(0);
    expect(res.body.bestCase).toEqual([expect.objectContaining({ division: 1, lines: 1, amount: null })]);
  });

  it('multi-draw is all or nothing: without points for every draw nothing is placed', async () => {
    const m = await member('Short');
    await grantPoints(env.platform, Number(m.id), 986 * 2);
    const res = await order(m.token, { productCode: 'HKA01', draws: 3, system: true, lines: [{ zones: [[1, 2, 3, 4, 5, 6, 7]] }] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('insufficient_points');
    expect((await api.get('/api/orders', { token: m.token })).body.total).toBe(0);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(986 * 2);
  });

  it('the same Idempotency-Key places once and answers the same orders; quick picks and 39樂合彩 plays are filled in', async () => {
    const m = await member('Twice');
    await grantPoints(env.platform, Number(m.id), 100_000);
    const k = key();
    const body = { productCode: 'TWA04', play: '3', draws: 2, system: true, lines: [{ zones: [[1, 2, 3, 4, 5]] }] };
    const first = await order(m.token, body, k);
    const second = await order(m.token, body, k);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect((second.body.orders as DrawOrderWire[]).map((o) => o.id)).toEqual((first.body.orders as DrawOrderWire[]).map((o) => o.id));
    // 三合 of 5 numbers = C(5,3) = 10 combinations at NT$25, 10% fee, at 2/65: ceil(27,500 × 2 / 65) = 847 a draw.
    expect((first.body.orders as DrawOrderWire[]).map((o) => [o.units, o.pointsSpent, o.draw.play])).toEqual([[10, 847, '3'], [10, 847, '3']]);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(100_000 - 2 * 847);

    const auto = await order(m.token, { productCode: 'USA01', lines: [{ zones: [], auto: true }], addOns: ['powerPlay'] });
    expect(auto.status).toBe(201);
    const [whites, red] = (auto.body.order as DrawOrderWire).selections[0]!.zones;
    expect(whites).toHaveLength(5);
    expect(red).toHaveLength(1);
    expect(new Set(whites).size).toBe(5);
  });

  it('the operator’s jackpot for a draw is pushed on draws:<code> and shown on the draw and the product', async () => {
    await env.services.auth.ensureOperator();
    const operator = (await api.post('/api/auth/login', { json: { email: DRAW_ENV.OPERATOR_EMAIL, password: DRAW_ENV.OPERATOR_PASSWORD } })).body.token;
    const socket = await connectSocket(env.url);
    try {
      const pushes = record(socket, 'jackpot') as unknown as JackpotEventPayload[];
      expect(await emitWithAck(socket, 'subscribe', 'draws:HKA01')).toEqual({ ok: true });
      const open = (await api.get<LotteryDrawWire[]>('/api/draw-products/HKA01/draws?status=open')).body[0]!;
      const res = await api.post(`/api/admin/draw-products/HKA01/draws/${open.id}/jackpot`, { token: operator, json: { amount: 12_800_000_000 } });
      expect(res.status).toBe(200);
      await eventually('the jackpot push', async () => pushes.find((p) => p.drawId === open.id), 5_000);
      expect(pushes.find((p) => p.drawId === open.id)).toMatchObject({ productCode: 'HKA01', issue: open.issue, jackpot: { amount: 12_800_000_000, currency: 'HKD' } });
      expect((await api.get<DrawProductDetail>('/api/draw-products/HKA01')).body.jackpot).toEqual({ amount: 12_800_000_000, currency: 'HKD' });
      expect((await api.post(`/api/admin/draw-products/HKA01/draws/${open.id}/jackpot`, { token: operator, json: { amount: -1 } })).status).toBe(422);
    } finally {
      socket.close();
    }
  });

  it('number statistics come from the drawn history (backfilled by the simulated source)', async () => {
    const stats = (await api.get('/api/draw-products/HKA01/stats?draws=50')).body;
    expect(stats.draws).toBeGreaterThanOrEqual(3);
    expect(stats.zones[0].frequency).toHaveLength(49);
    expect(stats.zones[0].frequency.reduce((a: number, b: number) => a + b, 0)).toBe(stats.draws * 6);
    expect(stats.zones[0].splits).toHaveLength(stats.draws);
    expect((await api.get('/api/draw-products/HKA01/stats?draws=5000')).body.error.fields).toEqual({ draws: 'invalid' });
    const results = (await api.get('/api/draw-products/HKA01/results?pageSize=2')).body;
    expect(results.items[0].status).toBe('drawn');
    expect(results.items[0].final).toBe(true);
  });
});
