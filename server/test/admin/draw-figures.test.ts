import type { AdminDrawsResponse, JackpotEventPayload, LotteryDrawWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { DRAW_ENV } from '../draw/support.ts';
import { newMember } from '../support/members.ts';
import { connectSocket, emitWithAck, record } from '../support/sockets.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

/** Mark Six with pool amounts left to staff; staff sessions outlive the days the clock is moved to reach a draw. */
const ENV = { ...DRAW_ENV, ...BACK_OFFICE_ENV, STAFF_SESSION_TTL_SECONDS: String(60 * 24 * 3600) };

/** Mark Six's pool divisions 1–3, per HK$10 unit in cents, as the official announcement reads. */
const POOLS = [
  { division: 1, amount: 900_000_000, winners: 0 },
  { division: 2, amount: 10_000_000, winners: 3 },
  { division: 3, amount: 2_000_000, winners: 41 },
];

describe('pool amounts and jackpots with four eyes (issue 31)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let ann: Awaited<ReturnType<typeof newStaff>>;
  let ben: Awaited<ReturnType<typeof newStaff>>;
  let crowd: Awaited<ReturnType<typeof newStaff>>[];
  let drawn: LotteryDrawWire[];

  beforeAll(async () => {
    env = await testServer('embedded', ENV);
    api = apiClient(env.url);
    ann = await newStaff(env, 'operator', 'Ann Figures');
    ben = await newStaff(env, 'operator', 'Ben Figures');
    crowd = await Promise.all(Array.from({ length: 8 }, (_, i) => newStaff(env, 'operator', `Crowd Figures ${i}`)));
    // Two Mark Six draws happen (simulated numbers): their pool divisions wait for amounts.
    const upcoming = await eventually('two Mark Six draws on sale', async () => {
      const list = (await api.get<LotteryDrawWire[]>('/api/draw-products/HKA01/draws?status=upcoming&limit=2')).body;
      return list.length === 2 ? list : undefined;
    }, 15_000);
    env.clock.advanceTo(upcoming[1]!.drawAt);
    for (const draw of upcoming) expect(await env.services.draws.drawAtTime(Number(draw.id))).toBe('drawn');
    drawn = upcoming;
  }, 120_000);
  afterAll(() => env.stop());

  const prizes = (token: string, drawId: string, divisions: unknown) => api.post(`/api/admin/draw-products/HKA01/draws/${drawId}/prizes`, { token, json: { divisions } });
  const amountsOnRecord = async (drawId: string) =>
    (await env.platform.db.selectFrom('lottery_draw_divisions').select(['division', 'amount']).where('draw_id', '=', Number(drawId)).where('division', '<=', 3).where('amount', 'is not', null).orderBy('division').execute()).map((r) => [r.division, Number(r.amount)]);
  const audits = async (action: string, drawId: string) => env.platform.db.selectFrom('audit_log').select(['actor_id']).where('action', '=', action).where('target_id', '=', drawId).execute();
  const board = async (token: string) => (await api.get<AdminDrawsResponse>('/api/admin/draws?productCode=HKA01', { token })).body.items;

  it('one staff member alone never publishes; a mismatch publishes nothing and names both; two agreeing publish once', async () => {
    const drawId = drawn[0]!.id;
    const first = await prizes(ann.token, drawId, POOLS);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ state: 'waiting_second', draw: null, entries: [{ staffName: 'Ann Figures', mine: true }] });
    // The same person again (in another order) is not a second pair of eyes.
    expect((await prizes(ann.token, drawId, [...POOLS].reverse())).body.state).toBe('waiting_second');
    expect(await amountsOnRecord(drawId)).toEqual([]);

    // The draws screen names who entered, and hides the figures from someone who has not entered theirs.
    const waiting = (await board(ben.token)).find((d) => d.id === drawId)!;
    expect(waiting.pools.map((p) => p.amount)).toEqual([null, null, null]);
    expect(waiting.figureEntries).toEqual([expect.objectContaining({ kind: 'lottery_prizes', staffName: 'Ann Figures', mine: false, figures: null })]);

    // Ben misreads division 2: nothing is published, both entries are shown by name.
    const typo = POOLS.map((d) => (d.division === 2 ? { ...d, amount: 1_000_000 } : d));
    const mismatch = await prizes(ben.token, drawId, typo);
    expect(mismatch.body.state).toBe('mismatch');
    expect(mismatch.body.entries.map((e: { staffName: string }) => e.staffName).sort()).toEqual(['Ann Figures', 'Ben Figures']);
    expect(await amountsOnRecord(drawId)).toEqual([]);
    const differing = (await board(ben.token)).find((d) => d.id === drawId)!;
    expect(differing.figureMismatch).toEqual(['lottery_prizes']);
    expect(differing.figureEntries.every((e) => e.figures !== null)).toBe(true);

    // Ben reads the sheet again and corrects his entry: published, once, by Ben.
    const agreed = await prizes(ben.token, drawId, POOLS);
    expect(agreed.body.state).toBe('published');
    expect(agreed.body.draw).toMatchObject({ id: drawId, final: true });
    expect(await amountsOnRecord(drawId)).toEqual(POOLS.map((d) => [d.division, d.amount]));
    expect((await audits('draw.prizes_published', drawId)).map((r) => String(r.actor_id))).toEqual([ben.id]);
    const published = (await board(ann.token)).find((d) => d.id === drawId)!;
    expect(published.pools.map((p) => p.amount)).toEqual(POOLS.map((d) => d.amount));
    expect(published.figureEntries).toEqual([]);

    // Published amounts never change: another pair entering other figures is refused before it is kept.
    const changed = await prizes(ann.token, drawId, typo);
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatchObject({ code: 'result_exists', details: { divisions: [2] } });
    expect(await amountsOnRecord(drawId)).toEqual(POOLS.map((d) => [d.division, d.amount]));
  });

  it('an entry that does not fit the draw is refused before it is kept', async () => {
    const drawId = drawn[1]!.id;
    expect((await prizes(ann.token, drawId, [{ division: 99, amount: 1 }])).body.error.fields).toEqual({ 'divisions.0.division': 'invalid' });
    expect((await prizes(ann.token, drawId, [POOLS[0], POOLS[0]])).body.error.fields).toEqual({ 'divisions.1.division': 'invalid' });
    expect((await prizes(ann.token, drawId, [{ division: 1, amount: -5 }])).status).toBe(422);
    expect((await api.post(`/api/admin/draw-products/XXA01/draws/${drawId}/prizes`, { token: ann.token, json: { divisions: POOLS } })).status).toBe(404);
    const member = await newMember(env.services, 'Figures Member');
    expect((await prizes(member.token, drawId, POOLS)).status).toBe(403);
    const open = (await api.get<LotteryDrawWire[]>('/api/draw-products/HKA01/draws?status=upcoming&limit=1')).body[0]!;
    expect((await prizes(ann.token, open.id, POOLS)).body.error.fields).toEqual({ draw: 'invalid' });
    expect(await env.platform.db.selectFrom('result_entries').select('id').where('target_type', '=', 'lottery_prizes').where('target_id', '=', drawId).execute()).toEqual([]);
  });

  it('matching entries racing each other publish exactly once', async () => {
    const drawId = drawn[1]!.id;
    expect((await prizes(ann.token, drawId, POOLS)).body.state).toBe('waiting_second');
    const answers = await Promise.all(crowd.map((staff) => prizes(staff.token, drawId, POOLS)));
    const seen = answers.map((a) => a.body.state ?? a.body.error?.code);
    expect(answers.filter((a) => a.status >= 500), JSON.stringify(seen)).toEqual([]);
    expect(seen.filter((s) => s === 'published'), JSON.stringify(seen)).toHaveLength(1);
    expect(seen.every((s) => ['published', 'waiting_second', 'result_exists'].includes(s)), JSON.stringify(seen)).toBe(true);
    expect(await audits('draw.prizes_published', drawId)).toHaveLength(1);
    expect(await amountsOnRecord(drawId)).toEqual(POOLS.map((d) => [d.division, d.amount]));
    // Entries left over by the race wait for nothing: the draws screen lists none.
    expect((await board(ann.token)).find((d) => d.id === drawId)!.figureEntries).toEqual([]);
  });

  it('a coming draw’s jackpot is set and pushed only when a second staff member enters the same amount', async () => {
    const open = (await api.get<LotteryDrawWire[]>('/api/draw-products/HKA01/draws?status=upcoming&limit=1')).body[0]!;
    const jackpotOf = async () => (await env.platform.db.selectFrom('lottery_draws').select(['jackpot', 'jackpot_source']).where('id', '=', Number(open.id)).executeTakeFirstOrThrow());
    const before = await jackpotOf();
    const socket = await connectSocket(env.url);
    try {
      const pushes = record(socket, 'jackpot') as unknown as JackpotEventPayload[];
      expect(await emitWithAck(socket, 'subscribe', 'draws:HKA01')).toEqual({ ok: true });
      const enter = (token: string, amount: number) => api.post(`/api/admin/draw-products/HKA01/draws/${open.id}/jackpot`, { token, json: { amount } });
      expect((await enter(ann.token, 12_800_000_000)).body.state).toBe('waiting_second');
      expect((await enter(ben.token, 1_280_000_000)).body.state).toBe('mismatch');
      expect(await jackpotOf()).toEqual(before);
      expect((await board(ann.token)).find((d) => d.id === open.id)!.figureMismatch).toEqual(['lottery_jackpot']);
      expect((await enter(ben.token, 12_800_000_000)).body.state).toBe('published');
      expect(await jackpotOf()).toEqual({ jackpot: 12_800_000_000, jackpot_source: 'operator' });
      await eventually('the jackpot push', async () => pushes.find((p) => p.drawId === open.id), 5_000);
      expect(pushes.find((p) => p.drawId === open.id)).toMatchObject({ jackpot: { amount: 12_800_000_000, currency: 'HKD' } });
      expect((await api.post(`/api/admin/draw-products/HKA01/draws/${open.id}/jackpot`, { token: ann.token, json: { amount: -1 } })).status).toBe(422);
    } finally {
      socket.close();
    }
  });
});
