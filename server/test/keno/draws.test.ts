import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawsBetween, type DrawEventPayload, type DrawWire } from '@gp/common';
import { runSchedulingPass } from '../../src/games/keno/jobs.ts';
import { apiClient } from '../http/api-client.ts';
import { MODES, testServer } from '../support/platform.ts';
import { type ClientSocket, connectSocket, drained, emitWithAck, record } from '../support/sockets.ts';
import { atLeast, eventually } from '../support/wait.ts';
import { FAST_CAB01 } from './support.ts';
import { verifyDraw } from './verify-draw.ts';

describe.each(MODES)('keno draws (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    env = await testServer(mode, FAST_CAB01);
    api = apiClient(env.url);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await env.stop();
  });

  const rowsOf = (code: string) =>
    env.platform.db.selectFrom('draws').select(['id', 'issue', 'draw_at', 'seed_hash', 'sales_open_at', 'sales_close_at']).where('product_code', '=', code).orderBy('draw_at').execute();

  it('creates the draws of the next hours for every product on sale at start, with the schedule’s issue numbers', async () => {
    const keno = env.services.keno;
    for (const product of keno.products()) {
      const rows = await rowsOf(product.code);
      if (product.code === 'CAB01') expect(rows.length).toBeGreaterThan(5000); // 6 h of 4-second draws
      // TWB01/KRB01 may be between their daily windows for all 6 hours: the next morning’s first draw exists all the same.
      expect(rows.length).toBeGreaterThan(0);
      const expected = drawsBetween(product.schedule, rows[0]!.draw_at, new Date(rows.at(-1)!.draw_at.getTime() + 1));
      expect(rows.map((r) => r.issue)).toEqual(expected.map((d) => d.issue));
      expect(rows.map((r) => [r.sales_open_at, r.sales_close_at, r.draw_at])).toEqual(expected.map((d) => [d.salesOpenAt, d.salesCloseAt, d.drawAt]));
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.seed_hash))).toBe(true);
    }
    const cab = await rowsOf('CAB01');
    const [a, b] = cab;
    expect(Number(b!.issue)).toBe(Number(a!.issue) + 1);
    expect(b!.draw_at.getTime() - a!.draw_at.getTime()).toBe(4000);
  });

  it('a second scheduling pass creates nothing and changes no published seed hash', async () => {
    const before = await rowsOf('CAB01');
    // Both passes at one instant: on the wall clock a 4-second draw may enter the 6-hour window between them.
    const at = env.clock.now();
    const sameInstant = { bus: env.platform.bus, queues: env.platform.queues, now: () => at };
    const pass = await runSchedulingPass(sameInstant, env.services.keno);
    const again = await runSchedulingPass(sameInstant, env.services.keno);
    expect(again.created).toBe(0);
    const after = await rowsOf('CAB01');
    // A pass may add the draws whose time came into the 6-hour window since start; nothing else.
    expect(after.length - before.length).toBe(pass.created);
    const byIssue = new Map(after.map((r) => [r.issue, r.seed_hash]));
    expect(before.every((r) => byIssue.get(r.issue) === r.seed_hash)).toBe(true);
    const duplicates = await env.platform.db
      .selectFrom('draws')
      .select(['product_code', 'issue'])
      .groupBy(['product_code', 'issue'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(duplicates).toEqual([]);
  });

  it('draws each issue once at its time: a verifiable result reaches draws:CAB01 and the clock, the seed revealed only then', async () => {
    const drawSocket = await connectSocket(env.url);
    const clockSocket = await connectSocket(env.url);
    sockets.push(drawSocket, clockSocket);
    const draws = record(drawSocket, 'draw') as unknown as DrawEventPayload[];
    const clocks = record(clockSocket, 'clock') as unknown as Array<Record<string, any>>;
    expect(await emitWithAck(drawSocket, 'subscribe', 'draws:CAB01')).toEqual({ ok: true });
    expect(await emitWithAck(clockSocket, 'subscribe', 'clock:CAB01')).toEqual({ ok: true });
    await atLeast(clocks, 1);
    expect(clocks[0]).toMatchObject({ productCode: 'CAB01', phase: expect.stringMatching(/^(open|closed)$/), serverNow: expect.any(String) });

    // The issue on sale now: its hash is public, its seed is not.
    // Sales are open 3 s of every 4: wait for an issue on sale.
    const open = await eventually('an open CAB01 draw', async () => {
      const res = await api.get<DrawWire[]>('/api/products/CAB01/draws?status=open');
      return res.body.length > 0 ? res : undefined;
    }, 3000);
    expect(open.status).toBe(200);
    expect(open.body).toHaveLength(1);
    const onSale = open.body[0]!;
    expect(onSale).not.toHaveProperty('seed');
    expect(onSale).not.toHaveProperty('result');
    expect(JSON.stringify(open.body)).not.toMatch(/"seed"/);

    // Sales close before the draw: the clock says so on its own, without polling.
    // (The keno clocks run on the wall clock: this test waits the few seconds to the real cut-off and draw.)
    await atLeast(clocks, clocks.length + 1, 6000);
    await eventually('the clock to close the issue', () => clocks.some((c) => c.phase === 'closed' && c.issue === onSale.issue));

    const drawn = await eventually('the draw event of the issue', () => draws.find((d) => d.issue === onSale.issue), 15_000);
    const { numbers, superNumber } = drawn.result;
    expect(numbers).toHaveLength(20);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= 80)).toBe(true);
    expect(superNumber).toBe(numbers[19]);
    expect(new Date(drawn.drawnAt).getTime()).toBeGreaterThanOrEqual(new Date(onSale.drawAt).getTime());

    // Verifiable: the revealed seed hashes to the hash published before, and re-derives the numbers.
    const results = await api.get('/api/results/CAB01?pageSize=100');
    const published = results.body.items.find((item: DrawWire) => item.issue === onSale.issue) as DrawWire;
    expect(published).toMatchObject({ status: 'drawn', seedHash: onSale.seedHash, result: drawn.result, resultSource: 'simulated' });
    expect(verifyDraw(published.seed!, 20, 80)).toEqual({ hash: onSale.seedHash, numbers });

    // The clock carries the result once it is published.
    await eventually('a clock showing the result', () => clocks.find((c) => c.lastResult?.issue === onSale.issue), 5000);
    const clockNow = await api.get(`/api/keno/CAB01/clock`);
    expect(clockNow.body.lastResult).toMatchObject({ numbers: expect.any(Array) });

    // Once: a late retry of the job changes nothing and publishes nothing.
    expect(await env.services.keno.drawAtTime(Number(published.id))).toBe('already');
    await drained(env.platform, 'draws:CAB01', 'draw', draws);
    expect(draws.filter((d) => d.issue === onSale.issue)).toHaveLength(1);
    const row = await env.platform.db.selectFrom('draws').select(['drawn_at']).where('id', '=', Number(published.id)).executeTakeFirstOrThrow();
    expect(row.drawn_at!.toISOString()).toBe(drawn.drawnAt);
  });
});
