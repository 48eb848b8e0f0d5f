import { applyDrawCaps, kenoProduct, settleKenoTicket, type DrawEventPayload, type OrderEventPayload, type OrderWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawJobId, KENO_DRAWS_QUEUE } from '../../src/games/keno/jobs.ts';
import { apiClient } from '../http/api-client.ts';
import { key, openIssue, SLOW_CAB01 } from '../orders/support.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { promoteJob } from '../support/queues.ts';
import { connectSocket, emitWithAck, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';

describe.each(MODES)('the whole life of a keno order (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await testServer(mode, { ...SLOW_CAB01, PURCHASE_LATENCY_MS: '100' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('placed → processing → purchased → drawn (simulated) → settled at the prize of the published result', async () => {
    const m = await member('Lifer');
    await grantPoints(env.platform, Number(m.id), 5_000);
    const socket = await connectSocket(env.url, m.token);
    const orders = record(socket, 'order') as unknown as OrderEventPayload[];
    const draws = record(socket, 'draw') as unknown as DrawEventPayload[];
    expect(await emitWithAck(socket, 'subscribe', 'draws:CAB01')).toEqual({ ok: true });

    const draw = await openIssue(env.platform, 1500);
    const { issue } = draw;
    const body = { productCode: 'CAB01', issue, multiplier: 2, plays: [{ type: 'pick', stars: 2, numbers: [7, 40] }, { type: 'pick', stars: 1, numbers: [77] }] };
    const res = await api.post('/api/orders', { token: m.token, json: body, headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    const placed = res.body.order as OrderWire;

    await eventually('the order to be purchased', async () => ((await api.get(`/api/orders/${placed.id}`, { token: m.token })).body.order as OrderWire).status === 2);
    // The draw comes when the platform's clock reaches its time: move the clock there and run its job now.
    env.clock.advanceTo(draw.draw_at);
    await promoteJob(env.platform.queues.queue(KENO_DRAWS_QUEUE), drawJobId(Number(draw.id), draw.draw_at));

    const settled = await eventually('the order to be settled', async () => {
      const o = (await api.get(`/api/orders/${placed.id}`, { token: m.token })).body.order as OrderWire;
      return o.settledAt ? o : undefined;
    }, 15_000);
    const published = await eventually('the draw push', () => draws.find((d) => d.issue === issue));
    expect(settled.officialResult).toEqual(published.result);

    // What the order won is what the product's rules give for that result (this member holds the only ticket of the draw).
    const product = kenoProduct('CAB01')!;
    const [expected] = applyDrawCaps(product, [settleKenoTicket(product, { multiplier: 2, plays: settled.selections as never }, published.result)]);
    expect(settled.drawResult!.prize).toEqual(expected!.prize);
    expect(settled.prize).toBe(Math.floor((expected!.prize.amount * 73) / 100));

    // The settled push goes out through the outbox after the commit: the order can read as settled a moment before it arrives.
    await eventually('the settled push', () => orders.some((e) => e.id === placed.id && e.prevStatus === 2 && e.status === 2));
    const mine = orders.filter((e) => e.id === placed.id);
    expect(mine.map((e) => [e.prevStatus, e.status])).toEqual([[null, 0], [0, 1], [1, 2], [2, 2]]);
    expect(mine.at(-1)!.prize).toBe(settled.prize);
    const history = (await api.get(`/api/orders/${placed.id}`, { token: m.token })).body.order.history as Array<{ from: number | null; to: number }>;
    expect(history.map((h) => [h.from, h.to])).toEqual([[null, 0], [0, 1], [1, 2]]);
    socket.close();
  }, 30_000);
});
