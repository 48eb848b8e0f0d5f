import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStaff } from '../admin/support.ts';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';
import { csv, json, replayServer } from './replay-server.ts';
import { fdjDraws, uknlCsv } from './recorded-abroad.ts';
import { dailyFeedLottery, dueLotteryDraw, feedsEnv, feedStatus } from './support.ts';

/**
 * EuroMillions (FRA01) on DRAW_RESULT_SOURCE=feeds with its two official sources replayed — FDJ
 * and the UK National Lottery: both agreeing publish the draw; both answering differently publish
 * nothing and put the product in the `disagree` state. A daily demo calendar (00:00 UTC, 01:00 or
 * 02:00 in Paris) gives a draw due within the test; its issue starts with the Paris date, as the
 * sources key their draws.
 */
describe('the result-feed engine (EuroMillions: FDJ + UK National Lottery)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let replay: Awaited<ReturnType<typeof replayServer>>;
  let api: ReturnType<typeof apiClient>;
  let ann: Awaited<ReturnType<typeof newStaff>>;
  /** What each source has now: Paris date → [five numbers, two stars]. */
  let fdj: Record<string, [number[], number[]]> = {};
  let uknl: Record<string, [number[], number[]]> = {};

  const A: [number[], number[]] = [[3, 17, 25, 38, 44], [2, 9]];
  const B: [number[], number[]] = [[3, 17, 25, 38, 45], [2, 9]];

  beforeAll(async () => {
    replay = await replayServer();
    replay.serve([
      {
        method: 'GET',
        path: /\/games\/euromillions\/draws$/,
        answer: ({ url }) => {
          const day = url.searchParams.get('drawn_at');
          const days = Object.keys(fdj).sort().reverse().filter((d) => !day || d === day);
          // Paris wall time without an offset, as a draw service may send it.
          return json(fdjDraws(days.slice(0, 1).map((d) => ({ drawnAt: `${d}T01:00:00`, numbers: fdj[d]![0], stars: fdj[d]![1] }))));
        },
      },
      { method: 'GET', path: /draw-history\/csv$/, answer: () => csv(uknlCsv(Object.keys(uknl).sort().reverse().map((day) => ({ day, numbers: uknl[day]![0], stars: uknl[day]![1] })).concat([{ day: '2026-01-02', numbers: [1, 2, 3, 4, 5], stars: [1, 2] }]))) },
    ]);
    env = await testServer('embedded', feedsEnv({ fdj: `${replay.base}/api/service-draws/v1`, uknl: replay.base }, dailyFeedLottery('FRA01')));
    api = apiClient(env.url);
    ann = await newStaff(env, 'operator', 'Ann');
  });
  afterAll(async () => {
    await env.stop();
    await replay.close();
  });

  /** The next FRA01 draw with its draw time passed for the platform, and its Paris date. */
  const dueDraw = async () => {
    const next = await dueLotteryDraw(env, api, 'FRA01');
    return { ...next, day: next.issue.slice(0, 10) };
  };
  const row = (id: string) => env.platform.db.selectFrom('lottery_draws').select(['status', 'result', 'result_source']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
  const statusOf = () => feedStatus(api, ann.token, 'FRA01');

  it('lists both sources, confirmed, and no reason for lacking a feed', async () => {
    const status = await statusOf();
    expect(status.noFeed).toBeNull();
    expect(status.sources.map((s) => [s.source, s.confirmed])).toEqual([['fdj', true], ['uknl', true]]);
  });

  it('FDJ alone publishes nothing; the UK National Lottery agreeing publishes the draw through the entry path, audited with both sources', async () => {
    const draw = await dueDraw();
    expect(draw.issue).toMatch(/^\d{4}-\d{2}-\d{2}-\d{4}$/);
    fdj = { [draw.day]: A };
    await env.services.feeds.engine.pass();
    expect((await row(draw.id)).status).toBe('scheduled');
    expect((await statusOf()).awaiting.find((a) => a.targetId === draw.id)).toMatchObject({ canConfirm: true, readings: [{ source: 'fdj' }] });

    uknl = { [draw.day]: A };
    expect(await env.services.feeds.engine.pass()).toMatchObject({ published: 1, conflicts: 0 });
    expect(await row(draw.id)).toMatchObject({ status: 'drawn', result_source: 'feeds', result: { zones: A, extra: [] } });
    const audit = await env.platform.db.selectFrom('audit_log').select(['after']).where('action', '=', 'result.published').where('target_id', '=', draw.id).executeTakeFirstOrThrow();
    expect((audit.after as { sources: string[] }).sources.sort()).toEqual(['fdj', 'uknl']);
    expect((await statusOf()).state).toBe('ok');
  });

  it('the two sources disagreeing on a number publish nothing: two conflicts, the product in the `disagree` state', async () => {
    const draw = await dueDraw();
    fdj = { ...fdj, [draw.day]: A };
    uknl = { ...uknl, [draw.day]: B };
    expect(await env.services.feeds.engine.pass()).toMatchObject({ published: 0, conflicts: 1 });
    expect((await row(draw.id)).status).toBe('scheduled');
    const status = await statusOf();
    expect(status.state).toBe('disagree');
    expect(status.conflicts.filter((c) => c.targetId === draw.id).map((c) => [c.kind, c.source]).sort()).toEqual([['sources_disagree', 'fdj'], ['sources_disagree', 'uknl']]);
    // Nothing to confirm where the sources disagree: four-eyes entry decides.
    const refused = await api.post('/api/admin/result-feeds/confirm', { token: ann.token, json: { targetType: 'lottery_draw', targetId: draw.id, source: 'fdj' } });
    expect(refused.status).toBe(422);
  });
});
