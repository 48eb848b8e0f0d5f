import type { DrawOrderWire, LargeWin, LotteryDrawWire, OrderWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEOUT_QUEUE, timeoutJobId } from '../../src/orders/service.ts';
import { apiClient } from '../http/api-client.ts';
import { key } from '../orders/support.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { promoteJob } from '../support/queues.ts';
import { enterResultTwice, secondOperator } from '../support/results.ts';
import { eventually } from '../support/wait.ts';
import { DRAW_ENV } from './support.ts';

/**
 * The manual gateway (the back office buys by hand) and the manual result source, with a low
 * large-win threshold: one draw of a multi-draw ticket is never bought and is refunded alone at its
 * cut-off; a large win waits for the back office.
 */
describe.each(MODES)('multi-draw refunds one draw alone; large wins are held (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: string;
  let colleague: string;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, { ...DRAW_ENV, DRAW_PRODUCTS: 'TWA03', PURCHASE_GATEWAY: 'manual', DRAW_RESULT_SOURCE: 'manual', LARGE_WIN_POINTS: '1000' });
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    // The seeded operator is a supervisor, as at boot: releasing a large win is a supervisor's call.
    await env.services.staff.promoteSeededOperator(DRAW_ENV.OPERATOR_EMAIL);
    operator = (await api.post('/api/auth/login', { json: { email: DRAW_ENV.OPERATOR_EMAIL, password: DRAW_ENV.OPERATOR_PASSWORD } })).body.token;
    colleague = await secondOperator(env);
  });
  afterAll(() => env.stop());

  it('draw 1 not bought by its cut-off → refunded alone; draw 2 bought, its 頭獎 above LARGE_WIN_POINTS is held until released', async () => {
    const m = await member('Held');
    await grantPoints(env.platform, Number(m.id), 100_000);
    const upcoming = await eventually('two 539 draws', async () => {
      const list = (await api.get<LotteryDrawWire[]>('/api/draw-products/TWA03/draws?status=upcoming&limit=2')).body;
      return list.length === 2 ? list : undefined;
    }, 15_000);
    const res = await api.post('/api/orders', { token: m.token, json: { productCode: 'TWA03', draws: 2, lines: [{ zones: [[3, 13, 23, 33, 39]] }] }, headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    const [first, second] = res.body.orders as DrawOrderWire[];
    const price = first!.pointsSpent;
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(100_000 - 2 * price);

    // The back office buys only the second draw's ticket.
    expect((await api.post(`/api/admin/orders/${second!.id}/confirm`, { token: operator, json: { ticketRef: 'TL-539-2' } })).status).toBe(200);

    // The first draw's cut-off passes: its timeout refunds it, and only it.
    env.clock.advanceTo(upcoming[0]!.salesCloseAt);
    await promoteJob(env.platform.queues.queue(TIMEOUT_QUEUE), timeoutJobId(first!.salesCloseAt));
    await eventually('draw 1 refunded', async () => ((await api.get(`/api/orders/${first!.id}`, { token: m.token })).body.order as OrderWire).status === 9, 15_000);
    expect(((await api.get(`/api/orders/${second!.id}`, { token: m.token })).body.order as OrderWire).status).toBe(2);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(100_000 - price);

    // The second draw: two staff members enter numbers the ticket matches in full (NT$8M → 246,153.84 GP, over 1,000 GP).
    env.clock.advanceTo(upcoming[1]!.salesCloseAt);
    const enter = (tokens: readonly [string, string]) => enterResultTwice(env.url, tokens, 'lottery_draw', upcoming[1]!.id, { zones: [[3, 13, 23, 33, 39]] });
    expect((await enter([m.token, operator])).second.status).toBe(403);
    const entered = await enter([operator, colleague]);
    expect(entered.first.body.state).toBe('waiting_second');
    expect(entered.second.body.state).toBe('published');
    const drawn = (await api.get<LotteryDrawWire[]>('/api/draw-products/TWA03/draws?status=drawn&limit=10')).body.find((d) => d.id === upcoming[1]!.id);
    expect(drawn).toMatchObject({ status: 'drawn', resultSource: 'manual', final: true });
    expect((await enter([operator, colleague])).second.body.error.code).toBe('result_exists');

    const held = await eventually('the win held', async () => {
      const o = (await api.get(`/api/orders/${second!.id}`, { token: m.token })).body.order as DrawOrderWire;
      return o.draw.state === 'large_win' ? o : undefined;
    }, 15_000);
    expect(held.prize).toBe(0);
    expect(held.draw.outcome!.prize).toEqual({ amount: 800_000_000, currency: 'TWD' });
    const wins = (await api.get<{ items: LargeWin[] }>('/api/admin/large-wins', { token: operator })).body.items;
    expect(wins).toEqual([expect.objectContaining({ orderId: second!.id, stage: 'fixed', prizePoints: Math.floor((800_000_000 * 2) / 65) })]);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(100_000 - price);

    // An operator may see it, not release it: that is a supervisor's call.
    expect((await api.post(`/api/admin/large-wins/${second!.id}/release`, { token: colleague })).status).toBe(403);
    // Were the winner a supervisor, they could not release their own win (issue 28): another supervisor does.
    const login = async () => (await api.post('/api/auth/login', { json: { email: m.email, password: m.password } })).body.token as string;
    await env.services.staff.setRole(null, Number(m.id), 'supervisor');
    expect((await api.post(`/api/admin/large-wins/${second!.id}/release`, { token: await login() })).body.error?.code).toBe('own_account');
    await env.services.staff.setRole(null, Number(m.id), 'member');
    const winner = await login();
    // Released once: credited, settled; a second release finds nothing.
    expect((await api.post(`/api/admin/large-wins/${second!.id}/release`, { token: operator })).status).toBe(200);
    expect((await api.post(`/api/admin/large-wins/${second!.id}/release`, { token: operator })).body.error.code).toBe('order_not_found');
    const settled = (await api.get(`/api/orders/${second!.id}`, { token: winner })).body.order as DrawOrderWire;
    expect(settled).toMatchObject({ prize: Math.floor((800_000_000 * 2) / 65), draw: { state: 'settled' } });
    expect((await api.get('/api/me', { token: winner })).body.balance).toBe(100_000 - price + settled.prize!);
    expect(await env.services.drawSettlement.settleDraw(Number(upcoming[1]!.id))).toMatchObject({ orders: 0 });
  });
});
