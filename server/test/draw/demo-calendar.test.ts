import type { DrawOrderWire, LotteryDrawWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { key } from '../orders/support.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { DRAW_ENV } from './support.ts';

/** What demos and the browser test run on: Mark Six every 2 minutes, amounts announced with the numbers. */
describe.each(MODES)('a demo calendar: Mark Six every 2 minutes (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, {
      ...DRAW_ENV,
      DRAW_PRODUCTS: 'HKA01',
      DRAW_SIMULATED_AMOUNTS_AFTER_SECONDS: '0',
      DRAW_RULE_OVERRIDES: JSON.stringify({ HKA01: { source: 'demo', calendar: { everyMinutes: 2, salesCloseMinutes: 1 } } }),
    });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('draws two minutes apart, a 3-draw banker ticket settles draw by draw with every amount known at once', async () => {
    const m = await member('Demo');
    await grantPoints(env.platform, Number(m.id), 100_000);
    const upcoming = await eventually('demo draws', async () => {
      const list = (await api.get<LotteryDrawWire[]>('/api/draw-products/HKA01/draws?status=upcoming&limit=3')).body;
      return list.length === 3 ? list : undefined;
    }, 15_000);
    expect(new Date(upcoming[1]!.drawAt).getTime() - new Date(upcoming[0]!.drawAt).getTime()).toBe(120_000);
    expect(upcoming[0]!.issue).toMatch(/^\d{2}\/\d{3,}$/);

    // Banker 1, 2 with five legs: C(5,4) = 5 lines a draw.
    const res = await api.post('/api/orders', { token: m.token, json: { productCode: 'HKA01', draws: 3, lines: [{ zones: [[3, 4, 5, 6, 7]], bankers: [[1, 2]] }] }, headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    const orders = res.body.orders as DrawOrderWire[];
    expect(orders.map((o) => o.units)).toEqual([5, 5, 5]);
    for (const order of orders) await eventually('purchased', async () => ((await api.get(`/api/orders/${order.id}`, { token: m.token })).body.order as DrawOrderWire).status === 2, 15_000);

    env.clock.advanceTo(upcoming[0]!.drawAt);
    expect(await env.services.draws.drawAtTime(Number(upcoming[0]!.id))).toBe('drawn');
    const drawn = (await api.get<LotteryDrawWire[]>('/api/draw-products/HKA01/draws?status=drawn&limit=1')).body[0]!;
    expect(drawn).toMatchObject({ id: upcoming[0]!.id, final: true });
    const settled = await eventually('draw 1 settled', async () => {
      const o = (await api.get(`/api/orders/${orders[0]!.id}`, { token: m.token })).body.order as DrawOrderWire;
      return o.draw.state === 'settled' ? o : undefined;
    }, 15_000);
    expect(settled.draw.result).toEqual(drawn.result);
    expect(settled.prize).toBeGreaterThanOrEqual(0);
  });
});
