import { applyDrawCaps, kenoProduct, settleKenoTicket, type DrawEventPayload, type OrderEventPayload, type OrderWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { waitForValue } from '../keno/support.ts';
import { FAST_ONLY_CAB01, key, openIssue } from '../orders/support.ts';
import { connectSocket, emitWithAck, record } from '../realtime/socket-client.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';

describe.each(MODES)('the whole life of a keno order (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, { ...FAST_ONLY_CAB01, PURCHASE_LATENCY_MS: '100' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('placed → processing → purchased → drawn (simulated) → settled at the prize of the published result', async () => {
    const m = await member('Lifer');
    await grantPoints(env.platform, m.id, 5_000);
    const socket = await connectSocket(env.url, m.token);
    const orders = record(socket, 'order') as unknown as OrderEventPayload[];
    const draws = record(socket, 'draw') as unknown as DrawEventPayload[];
    expect(await emitWithAck(socket, 'subscribe', 'draws:CAB01')).toEqual({ ok: true });

    const { issue } = await openIssue(env.platform, 1500);
    const body = { productCode: 'CAB01', issue, multiplier: 2, plays: [{ type: 'pick', stars: 2, numbers: [7, 40] }, { type: 'pick', stars: 1, numbers: [77] }] };
    const res = await api.post('/api/orders', { token: m.token, json: body, headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    const placed = res.body.order as OrderWire;

    const settled = await waitForValue(async () => {
      const o = (await api.get(`/api/orders/${placed.id}`, { token: m.token })).body.order as OrderWire;
      return o.settledAt ? o : undefined;
    }, 15_000);
    const draw = draws.find((d) => d.issue === issue)!;
    expect(draw).toBeDefined();
    expect(settled.officialResult).toEqual(draw.result);

    // What the order won is what the product's rules give for that result (this member holds the only ticket of the draw).
    const product = kenoProduct('CAB01')!;
    const [expected] = applyDrawCaps(product, [settleKenoTicket(product, { multiplier: 2, plays: settled.selections as never }, draw.result)]);
    expect(settled.drawResult!.prize).toEqual(expected!.prize);
    expect(settled.prize).toBe(Math.floor((expected!.prize.amount * 73) / 100));

    const mine = orders.filter((e) => e.id === placed.id);
    expect(mine.map((e) => [e.prevStatus, e.status])).toEqual([[null, 0], [0, 1], [1, 2], [2, 2]]);
    expect(mine.at(-1)!.prize).toBe(settled.prize);
    const history = (await api.get(`/api/orders/${placed.id}`, { token: m.token })).body.order.history as Array<{ from: number | null; to: number }>;
    expect(history.map((h) => [h.from, h.to])).toEqual([[null, 0], [0, 1], [1, 2]]);
    socket.close();
  }, 30_000);
});
