import type { DrawWire, ProductFeedStatus, QueueResponse } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_ENV, newStaff } from '../admin/support.ts';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { csv, json, replayServer } from './replay-server.ts';
import { d423fCsv, tlcBingoHistory, tlcBingoLatest } from './recorded.ts';

/**
 * BINGO BINGO on RESULT_SOURCE=feeds, its two sources (TLCAPI and D423F) replayed by a local
 * server: a result is published only when both agree, or one and a staff member; a later reading
 * that differs from the published result holds the draw's settlement and raises a conflict.
 */
describe('the result-feed engine (BINGO BINGO: TLCAPI + D423F)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let replay: Awaited<ReturnType<typeof replayServer>>;
  let api: ReturnType<typeof apiClient>;
  let ann: Awaited<ReturnType<typeof newStaff>>;
  let sue: Awaited<ReturnType<typeof newStaff>>;
  /** What each source has now: term → numbers in draw order (the last is the super number). */
  let tlc: Record<string, number[]> = {};
  let d423f: Record<string, number[]> = {};
  /** The latest draw's time as TLCAPI's `dDate` gives it: Taipei wall time, no zone. */
  let dDate = '';

  const A = [3, 77, 15, 42, 8, 61, 29, 54, 11, 70, 36, 2, 48, 19, 65, 33, 80, 24, 57, 6];
  const B = [...A.slice(0, 19), 9];

  beforeAll(async () => {
    replay = await replayServer();
    replay.serve([
      { method: 'GET', path: /LatestBingoResult$/, answer: () => {
        const terms = Object.keys(tlc).sort();
        return json(terms.length ? tlcBingoLatest(terms.at(-1)!, tlc[terms.at(-1)!]!, dDate) : { rtCode: 0, rtMsg: '', content: {} });
      } },
      { method: 'GET', path: /BingoResult$/, answer: () => json(tlcBingoHistory(Object.entries(tlc).map(([term, inOrder]) => ({ term, inOrder })))) },
      { method: 'GET', path: /csvDw$/, answer: () => csv(d423fCsv(Object.entries(d423f).map(([period, numbers]) => ({ game: '賓果賓果', period, date: '', numbers: [...numbers].sort((a, b) => a - b), superNumber: numbers.at(-1)! })).concat([{ game: '大樂透', period: '115000001', date: '2026/01/02', numbers: [1, 2, 3, 4, 5, 6], superNumber: 0 }]))) },
    ]);
    env = await testServer('embedded', {
      ...BACK_OFFICE_ENV,
      KENO_PRODUCTS: 'TWB01',
      RESULT_SOURCE: 'feeds',
      KENO_SCHEDULE_OVERRIDES: JSON.stringify({ TWB01: { intervalSeconds: 30, salesCloseSeconds: 1, dailyWindow: null } }),
      RESULT_FEED_URLS: JSON.stringify({ tlc: `${replay.base}/TLCAPIWeB/Lottery`, d423f: `${replay.base}/dntmb/OpenData/csvDw?ntaCode=D423F` }),
      RESULT_FEED_TIMEOUT_MS: '2000',
      // Far longer than the poll, so only the test's own passes run.
      RESULT_FEED_POLL_SECONDS: '3600',
      STAFF_SESSION_TTL_SECONDS: String(30 * 86_400),
    });
    api = apiClient(env.url);
    ann = await newStaff(env, 'operator', 'Ann');
    sue = await newStaff(env, 'supervisor', 'Sue');
  });
  afterAll(async () => {
    await env.stop();
    await replay.close();
  });

  /** The next TWB01 draw, its draw time passed for the platform. */
  const dueDraw = async () => {
    const open = await eventually('an open TWB01 draw', async () => (await api.get<DrawWire[]>('/api/products/TWB01/draws?status=open')).body[0], 3000);
    env.clock.advanceTo(new Date(Date.parse(open.drawAt) + 1000));
    dDate = new Date(Date.parse(open.drawAt) + 8 * 3600_000).toISOString().slice(0, 19);
    expect(await env.services.keno.drawAtTime(Number(open.id))).toBe('manual');
    return open;
  };
  const row = (id: string) => env.platform.db.selectFrom('draws').select(['status', 'result', 'result_source', 'result_held_at']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
  const feedsOf = async (token: string) => {
    const res = await api.get<{ items: ProductFeedStatus[] }>('/api/admin/result-feeds', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items.find((i) => i.productCode === 'TWB01')!;
  };

  it('one source alone publishes nothing; the second agreeing publishes through the entry path (result source `feeds`), audited', async () => {
    const draw = await dueDraw();
    tlc = { [draw.issue]: A };
    await env.services.feeds.engine.pass();
    expect((await row(draw.id)).status).toBe('scheduled');
    const waiting = await feedsOf(ann.token);
    expect(waiting.awaiting.find((a) => a.targetId === draw.id)).toMatchObject({ canConfirm: true, readings: [{ source: 'tlc' }] });
    expect(waiting.sources.map((s) => [s.source, s.lastAnswer])).toEqual([['tlc', 'reading'], ['d423f', 'not_yet']]);

    d423f = { [draw.issue]: A };
    expect(await env.services.feeds.engine.pass()).toMatchObject({ published: 1 });
    const published = await row(draw.id);
    expect(published).toMatchObject({ status: 'drawn', result_source: 'feeds', result: { numbers: A, superNumber: 6 } });
    const audit = await env.platform.db.selectFrom('audit_log').select(['actor_id', 'after']).where('action', '=', 'result.published').where('target_id', '=', draw.id).execute();
    expect(audit).toEqual([{ actor_id: null, after: { via: 'feeds', sources: ['d423f', 'tlc'] } }]);
    expect((await feedsOf(ann.token)).lastResult).toMatchObject({ issue: draw.issue, resultSource: 'feeds' });
  });

  it('a later reading that differs from the published result is not applied: settlement held, a queue item, both versions shown; a supervisor lets it go on', async () => {
    const [issue] = Object.keys(tlc);
    const drawId = String((await env.platform.db.selectFrom('draws').select('id').where('issue', '=', issue!).executeTakeFirstOrThrow()).id);
    tlc = { [issue!]: B };
    expect(await env.services.feeds.engine.pass()).toMatchObject({ conflicts: 1 });
    const held = await row(drawId);
    expect(held.result).toMatchObject({ numbers: A });
    expect(held.result_held_at).not.toBeNull();
    expect(await env.services.kenoSettlement.settleDraw(Number(drawId))).toEqual({ status: 'held' });
    const status = await feedsOf(ann.token);
    expect(status.state).toBe('disagree');
    const conflict = status.conflicts.find((c) => c.targetId === drawId)!;
    expect(conflict).toMatchObject({ kind: 'after_publication', source: 'tlc', published: { numbers: A }, reading: { numbers: B } });
    const queue = await api.get<QueueResponse>('/api/admin/queue?kind=result_conflict', { token: ann.token });
    expect(queue.body.items.map((i) => i.key)).toContain(`result_conflict:${conflict.id}`);
    // The same reading seen again raises nothing new.
    expect(await env.services.feeds.engine.pass()).toMatchObject({ conflicts: 0 });

    expect((await api.post(`/api/admin/result-feeds/conflicts/${conflict.id}/resolve`, { token: ann.token, json: { note: 'checked the official page' } })).status).toBe(403);
    expect((await api.post(`/api/admin/result-feeds/conflicts/${conflict.id}/resolve`, { token: sue.token, json: {} })).status).toBe(422);
    const resolved = await api.post(`/api/admin/result-feeds/conflicts/${conflict.id}/resolve`, { token: sue.token, json: { note: 'official page shows the published numbers' } });
    expect(resolved.body).toEqual({ released: true });
    expect((await row(drawId)).result_held_at).toBeNull();
    expect((await env.services.kenoSettlement.settleDraw(Number(drawId))).status).toBe('settled');
    expect((await api.post(`/api/admin/result-feeds/conflicts/${conflict.id}/resolve`, { token: sue.token, json: { note: 'again' } })).status).toBe(409);
  });

  it('two sources that disagree before publication publish nothing and raise a conflict', async () => {
    const draw = await dueDraw();
    tlc = { [draw.issue]: A };
    d423f = { [draw.issue]: B };
    expect(await env.services.feeds.engine.pass()).toMatchObject({ published: 0, conflicts: 1 });
    expect((await row(draw.id)).status).toBe('scheduled');
    const status = await feedsOf(ann.token);
    expect(status.conflicts.filter((c) => c.targetId === draw.id).map((c) => c.kind)).toEqual(['sources_disagree', 'sources_disagree']);
    // Four-eyes entry stays the way in: nothing to confirm where sources disagree.
    const refused = await api.post('/api/admin/result-feeds/confirm', { token: ann.token, json: { targetType: 'keno_draw', targetId: draw.id, source: 'tlc' } });
    expect(refused.status).toBe(422);
  });

  it('one source and one staff confirmation publish; the confirmation is refused for bad input and once published', async () => {
    const draw = await dueDraw();
    tlc = { [draw.issue]: B };
    d423f = {};
    await env.services.feeds.engine.pass();
    expect((await api.post('/api/admin/result-feeds/confirm', { token: ann.token, json: { targetType: 'keno_draw', targetId: 'x', source: 'tlc' } })).status).toBe(422);
    expect((await api.post('/api/admin/result-feeds/confirm', { token: ann.token, json: { targetType: 'keno_draw', targetId: draw.id, source: 'd423f' } })).status).toBe(422);
    const confirmed = await api.post('/api/admin/result-feeds/confirm', { token: ann.token, json: { targetType: 'keno_draw', targetId: draw.id, source: 'tlc' } });
    expect(confirmed.body).toEqual({ state: 'published' });
    expect(await row(draw.id)).toMatchObject({ status: 'drawn', result_source: 'feeds', result: { numbers: B, superNumber: 9 } });
    const audit = await env.platform.db.selectFrom('audit_log').select(['actor_id']).where('action', '=', 'result.feed_confirmed').where('target_id', '=', draw.id).execute();
    expect(audit.map((a) => String(a.actor_id))).toEqual([ann.id]);
    expect((await api.post('/api/admin/result-feeds/confirm', { token: ann.token, json: { targetType: 'keno_draw', targetId: draw.id, source: 'tlc' } })).status).toBe(409);
  });

  it('a source answering with a bot-challenge page is `failing` on the console, not "no result"', async () => {
    replay.serve([{ method: 'GET', path: /LatestBingoResult$/, answer: () => ({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><html><body>Checking your browser</body></html>' }) }]);
    await env.services.feeds.engine.pass();
    const status = await feedsOf(ann.token);
    expect(status.sources.find((s) => s.source === 'tlc')).toMatchObject({ lastAnswer: 'down', lastError: expect.stringContaining('HTML') });
  });

  it('the draws screen lists the draws newest first with the sources that agree and the settlement', async () => {
    const res = await api.get<{ items: Array<{ id: string; resultSource: string | null; feedSources: string[]; held: boolean }>; total: number }>('/api/admin/draws?productCode=TWB01', { token: ann.token });
    expect(res.status).toBe(200);
    const first = Object.keys(tlc)[0];
    expect(res.body.total).toBeGreaterThan(2);
    const published = res.body.items.filter((i) => i.resultSource === 'feeds');
    expect(published.length).toBe(2);
    expect(published.some((i) => i.feedSources.includes('d423f') && i.feedSources.includes('tlc'))).toBe(true);
    expect(first).toBeDefined();
    expect((await api.get('/api/admin/draws?productCode=nope', { token: ann.token })).status).toBe(422);
    expect((await api.get('/api/admin/draws?page=0', { token: ann.token })).status).toBe(422);
  });
});
