import type { DrawWire, LotteryDrawWire, PendingResult } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';
import { DRAW_ENV } from '../draw/support.ts';
import { eventually } from '../support/wait.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

/** CAB01 every 30 s, results entered by hand: the test moves the clock past a draw and two staff members enter its numbers. */
const MANUAL_CAB01 = { KENO_PRODUCTS: 'CAB01', RESULT_SOURCE: 'manual', KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 30, salesCloseSeconds: 1 } }) };

describe('four-eyes manual results (keno)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let ann: Awaited<ReturnType<typeof newStaff>>;
  let ben: Awaited<ReturnType<typeof newStaff>>;
  let crowd: Awaited<ReturnType<typeof newStaff>>[];

  beforeAll(async () => {
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, ...MANUAL_CAB01 });
    api = apiClient(env.url);
    ann = await newStaff(env, 'operator', 'Ann');
    ben = await newStaff(env, 'operator', 'Ben');
    // Signed in before any test moves the clock (their codes are computed from the real one).
    crowd = await Promise.all(Array.from({ length: 20 }, (_, i) => newStaff(env, 'operator', `Crowd${i}`)));
  });
  afterAll(() => env.stop());

  /** A CAB01 draw whose draw time has passed and that waits for its numbers. */
  const closedDraw = async () => {
    const onSale = await eventually('an open CAB01 draw', async () => (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=open')).body[0], 3000);
    env.clock.advanceTo(onSale.drawAt);
    expect(await env.services.keno.drawAtTime(Number(onSale.id))).toBe('manual');
    return onSale;
  };
  const enter = (token: string, targetId: string, numbers: number[]) => api.post('/api/admin/results', { token, json: { targetType: 'keno_draw', targetId, result: { numbers } } });
  const statusOf = async (id: number) => (await env.platform.db.selectFrom('draws').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const twenty = Array.from({ length: 20 }, (_, i) => 80 - i * 3);

  it('publishes only when a second staff member enters the same numbers (in any order, with the same last — super — number)', async () => {
    const draw = await closedDraw();
    const first = await enter(ann.token, draw.id, twenty);
    expect(first.body).toMatchObject({ state: 'waiting_second' });
    expect(first.body.entries).toHaveLength(1);
    expect(await statusOf(Number(draw.id))).toBe('scheduled');
    // The same person entering again is not a second pair of eyes.
    expect((await enter(ann.token, draw.id, twenty)).body.state).toBe('waiting_second');

    // The same twenty but another last number: a different super number, so not the same result.
    expect((await enter(ben.token, draw.id, [...twenty].reverse())).body.state).toBe('mismatch');
    const second = await enter(ben.token, draw.id, [...twenty.slice(0, 19).reverse(), twenty[19]!]);
    expect(second.body.state).toBe('published');
    expect(await statusOf(Number(draw.id))).toBe('drawn');
    const published = await env.platform.db.selectFrom('audit_log').select(['actor_id']).where('action', '=', 'result.published').where('target_id', '=', draw.id).execute();
    expect(published.map((r) => String(r.actor_id))).toEqual([ben.id]);
  });

  it('a mismatch publishes nothing and is shown to both, until one corrects their entry', async () => {
    const draw = await closedDraw();
    await enter(ann.token, draw.id, twenty);
    const other = [...twenty.slice(0, 19), 1];
    const mismatch = await enter(ben.token, draw.id, other);
    expect(mismatch.body.state).toBe('mismatch');
    expect(mismatch.body.entries).toHaveLength(2);
    // Each entry names who made it, beside their id: Ben reads "Ann", not "#<id>".
    expect(mismatch.body.entries.map((e: { staffId: string; staffName: string }) => [e.staffId, e.staffName])).toEqual([[ann.id, 'Ann'], [ben.id, 'Ben']]);
    const listed = (await api.get('/api/admin/results', { token: ben.token })).body.items.find((i: { targetId: string }) => i.targetId === draw.id);
    expect(listed.shown.map((e: { staffName: string; mine: boolean }) => [e.staffName, e.mine])).toEqual([['Ann', false], ['Ben', true]]);
    expect(await statusOf(Number(draw.id))).toBe('scheduled');
    // Ann looks again (re-entering what she saw): she is told of the mismatch too.
    expect((await enter(ann.token, draw.id, twenty)).body.state).toBe('mismatch');
    // Ben checks the official sheet and corrects his entry: now they agree.
    expect((await enter(ben.token, draw.id, twenty)).body.state).toBe('published');
    expect(await statusOf(Number(draw.id))).toBe('drawn');
  });

  it('twenty matching entries at once publish once, and exactly one answer (and one audit row) says published', async () => {
    const draw = await closedDraw();
    const answers = await Promise.all(crowd.map((staff) => enter(staff.token, draw.id, twenty)));
    const seen = answers.map((a) => a.body.state ?? a.body.error?.code);
    expect(answers.filter((a) => a.status >= 500), JSON.stringify(seen)).toEqual([]);
    expect(seen.filter((state) => state === 'published'), JSON.stringify(seen)).toHaveLength(1);
    // The others either came before any other entry was in (waiting for a second) or found it published.
    expect(seen.every((state) => ['published', 'waiting_second', 'result_exists'].includes(state)), JSON.stringify(seen)).toBe(true);
    expect(await statusOf(Number(draw.id))).toBe('drawn');
    const published = await env.platform.db.selectFrom('audit_log').select(['actor_id']).where('action', '=', 'result.published').where('target_id', '=', draw.id).execute();
    expect(published).toHaveLength(1);
    expect(String(published[0]!.actor_id)).toBe(crowd[seen.indexOf('published')]!.id);
  });

  it('two matching entries sent at the same moment publish the result, draw after draw (each entry reads those entered before it)', async () => {
    for (let round = 0; round < 8; round++) {
      const draw = await closedDraw();
      const answers = await Promise.all([enter(ann.token, draw.id, twenty), enter(ben.token, draw.id, twenty)]);
      const seen = answers.map((a) => a.body.state ?? a.body.error?.code);
      // Before: both could see only their own entry and answer waiting_second, and the draw waited for ever.
      expect([...seen].sort(), `round ${round}`).toEqual(['published', 'waiting_second']);
      expect(await statusOf(Number(draw.id))).toBe('drawn');
    }
  });

  it('refuses a malformed entry before recording it', async () => {
    const res = await api.post('/api/admin/results', { token: ann.token, json: { targetType: 'keno_draw', targetId: '1', result: { numbers: 'seven' } } });
    expect(res.status).toBe(422);
  });
});

/** 今彩539 with results entered by hand: two staff enter a draw's five numbers. */
describe('four-eyes manual results (draw lotteries) and the Results list', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let ann: Awaited<ReturnType<typeof newStaff>>;
  let ben: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    // Staff sessions outlast the test's jump to the draw's cut-off (up to a few days ahead).
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, ...DRAW_ENV, DRAW_PRODUCTS: 'TWA03', DRAW_RESULT_SOURCE: 'manual', STAFF_SESSION_TTL_SECONDS: String(30 * 86_400) });
    api = apiClient(env.url);
    ann = await newStaff(env, 'operator', 'Ann');
    ben = await newStaff(env, 'operator', 'Ben');
  });
  afterAll(() => env.stop());

  const enter = (token: string, targetId: string, result: unknown) => api.post('/api/admin/results', { token, json: { targetType: 'lottery_draw', targetId, result } });
  const pending = async (token: string) => {
    const res = await api.get<{ items: PendingResult[] }>('/api/admin/results', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items;
  };
  const statusOf = async (id: number) => (await env.platform.db.selectFrom('lottery_draws').select(['status', 'result']).where('id', '=', id).executeTakeFirstOrThrow());

  it('a draw still on sale takes no entry; once closed it is listed, and published only when a second entry matches', async () => {
    const [draw] = await eventually('a 539 draw', async () => {
      const list = (await api.get<LotteryDrawWire[]>('/api/draw-products/TWA03/draws?status=upcoming&limit=1')).body;
      return list.length ? list : undefined;
    }, 15_000);
    expect((await enter(ann.token, draw!.id, { zones: [[1, 2, 3, 4, 5]] })).body.error).toMatchObject({ code: 'validation_failed', fields: { draw: 'invalid' } });
    expect((await pending(ann.token)).map((p) => p.targetId)).not.toContain(draw!.id);

    env.clock.advanceTo(draw!.salesCloseAt);
    const listed = (await pending(ann.token)).find((p) => p.targetId === draw!.id);
    expect(listed).toMatchObject({ targetType: 'lottery_draw', productCode: 'TWA03', label: draw!.issue, state: 'none', entries: 0, shape: { zones: [{ pick: 5, max: 39 }], extra: 0, multiplier: false } });

    // Numbers that do not fit 今彩539 (five of 1–39, no repeats) are refused before anything is kept.
    for (const zones of [[[1, 2, 3, 4]], [[1, 2, 3, 4, 40]], [[1, 2, 3, 4, 4]]]) {
      expect((await enter(ann.token, draw!.id, { zones })).body.error.code).toBe('validation_failed');
    }
    expect((await pending(ann.token)).find((p) => p.targetId === draw!.id)).toMatchObject({ entries: 0 });

    expect((await enter(ann.token, draw!.id, { zones: [[39, 3, 13, 23, 33]] })).body.state).toBe('waiting_second');
    // Ben sees that one entry waits, but not what it says.
    expect((await pending(ben.token)).find((p) => p.targetId === draw!.id)).toMatchObject({ state: 'none', entries: 1, shown: [] });
    expect((await pending(ann.token)).find((p) => p.targetId === draw!.id)).toMatchObject({ state: 'waiting_second', entries: 1 });

    // A mismatch: shown to Ben in his answer and to Ann in her list — both entries.
    const mismatch = await enter(ben.token, draw!.id, { zones: [[3, 13, 23, 33, 38]] });
    expect(mismatch.body.state).toBe('mismatch');
    const annSees = (await pending(ann.token)).find((p) => p.targetId === draw!.id)!;
    expect(annSees.state).toBe('mismatch');
    expect(annSees.shown.map((s) => [s.mine, s.result])).toEqual([
      [true, { zones: [[3, 13, 23, 33, 39]], extra: [] }],
      [false, { zones: [[3, 13, 23, 33, 38]], extra: [] }],
    ]);
    expect((await statusOf(Number(draw!.id))).status).toBe('scheduled');

    // Ben corrects his entry: published, gone from the list; a later entry is refused.
    expect((await enter(ben.token, draw!.id, { zones: [[3, 13, 23, 33, 39]] })).body.state).toBe('published');
    expect(await statusOf(Number(draw!.id))).toMatchObject({ status: 'drawn', result: { zones: [[3, 13, 23, 33, 39]] } });
    expect((await pending(ann.token)).map((p) => p.targetId)).not.toContain(draw!.id);
    expect((await enter(ann.token, draw!.id, { zones: [[3, 13, 23, 33, 39]] })).body.error.code).toBe('result_exists');
    const audit = await env.platform.db.selectFrom('audit_log').select(['action']).where('target_type', '=', 'lottery_draw').where('target_id', '=', draw!.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['result.entered', 'result.entered', 'result.mismatch', 'result.entered', 'result.published']);
  });

  it('the single-entry result routes are gone: one person cannot publish a result', async () => {
    const res = await api.post('/api/admin/draw-products/TWA03/draws/1/result', { token: ann.token, json: { zones: [[1, 2, 3, 4, 5]] } });
    expect(res.status).toBe(404);
    expect((await api.post('/api/admin/draws/1/result', { token: ann.token, json: { numbers: [1] } })).status).toBe(404);
    expect((await api.post('/api/admin/events/1/result', { token: ann.token, json: { status: 'void' } })).status).toBe(404);
  });
});
