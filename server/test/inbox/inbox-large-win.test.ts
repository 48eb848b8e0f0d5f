import type { DrawOrderWire, InboxPage, LotteryDrawWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAW_ENV } from '../draw/support.ts';
import { apiClient } from '../http/api-client.ts';
import { key } from '../orders/support.ts';
import { grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

/**
 * A draw-lottery win above LARGE_WIN_POINTS in the inbox (issue 15): "waiting for review" when the
 * settlement holds it — not "did not win" — and "released, this much credited" when the back
 * office releases it; each written by the transaction that holds or releases, once.
 */
describe('inbox: a large win held for review, then released', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: string;
  beforeAll(async () => {
    env = await testServer('embedded', { ...DRAW_ENV, DRAW_PRODUCTS: 'TWA03', PURCHASE_GATEWAY: 'manual', DRAW_RESULT_SOURCE: 'manual', LARGE_WIN_POINTS: '1000' });
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    // The seeded operator is a supervisor, as at boot: releasing a large win is a supervisor's call.
    await env.services.staff.promoteSeededOperator(DRAW_ENV.OPERATOR_EMAIL);
    operator = (await api.post('/api/auth/login', { json: { email: DRAW_ENV.OPERATOR_EMAIL, password: DRAW_ENV.OPERATOR_PASSWORD } })).body.token;
  });
  afterAll(() => env?.stop());

  it('held → one "under review" message; released → one message with the amount credited', async () => {
    const m = await newMember(env.services, 'Lucky');
    await grantPoints(env.platform, Number(m.id), 100_000);
    const [draw] = await eventually('a 539 draw', async () => {
      const list = (await api.get<LotteryDrawWire[]>('/api/draw-products/TWA03/draws?status=upcoming&limit=1')).body;
      return list.length ? list : undefined;
    }, 15_000);
    const res = await api.post('/api/orders', { token: m.token, json: { productCode: 'TWA03', draws: 1, lines: [{ zones: [[3, 13, 23, 33, 39]] }] }, headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    const [order] = res.body.orders as DrawOrderWire[];
    expect((await api.post(`/api/admin/orders/${order!.id}/confirm`, { token: operator, json: { ticketRef: 'TL-539-1' } })).status).toBe(200);

    env.clock.advanceTo(draw!.salesCloseAt);
    await env.services.draws.enterResult('TWA03', Number(draw!.id), { zones: [[3, 13, 23, 33, 39]], extra: [], divisions: [] });
    await env.services.drawSettlement.settleDraw(Number(draw!.id));
    await env.services.drawSettlement.settleDraw(Number(draw!.id)); // a re-run changes nothing

    const mine = async () => ((await api.get('/api/inbox', { token: m.token })).body as InboxPage).items.filter((i) => i.params.orderId === order!.id);
    const held = await eventually('the review message', async () => (await mine()).find((i) => i.kind === 'win_review'));
    expect(held).toMatchObject({ params: { orderId: order!.id, released: false }, link: `/orders?order=${order!.id}` });
    expect((await mine()).map((i) => i.kind)).toEqual(['win_review', 'order_purchased']); // no "did not win"

    expect((await api.post(`/api/admin/large-wins/${order!.id}/release`, { token: operator })).status).toBe(200);
    const settled = (await api.get(`/api/orders/${order!.id}`, { token: m.token })).body.order as DrawOrderWire;
    const released = await eventually('the release message', async () => (await mine()).find((i) => i.kind === 'win_review' && i.params.released));
    expect(released.params).toEqual({ orderId: order!.id, released: true, prize: settled.prize });
    expect((await mine()).map((i) => [i.kind, i.params.released ?? null])).toEqual([
      ['win_review', true],
      ['win_review', false],
      ['order_purchased', null],
    ]);
  });
});
