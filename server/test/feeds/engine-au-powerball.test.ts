import type { AdminDrawsResponse } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStaff } from '../admin/support.ts';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';
import { json, replayServer } from './replay-server.ts';
import { thelottResults } from './recorded-abroad.ts';
import { dailyFeedLottery, dueLotteryDraw, feedsEnv, feedStatus } from './support.ts';

/**
 * AU Powerball (AUA01) on DRAW_RESULT_SOURCE=feeds with its one source, The Lott, replayed: the
 * numbers arrive before the dividends; one staff confirmation publishes them; once The Lott lists
 * all nine divisions, the pool amounts of the divisions someone won are recorded on the draw
 * without anyone typing them. A daily demo calendar gives a draw due within the test.
 */
describe('the result-feed engine (AU Powerball: The Lott)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let replay: Awaited<ReturnType<typeof replayServer>>;
  let api: ReturnType<typeof apiClient>;
  let ann: Awaited<ReturnType<typeof newStaff>>;
  let draws: Parameters<typeof thelottResults>[0] = [];

  beforeAll(async () => {
    replay = await replayServer();
    replay.serve([{ method: 'POST', path: /latestresults$/, answer: () => json(thelottResults(draws)) }]);
    env = await testServer('embedded', feedsEnv({ thelott: replay.base }, dailyFeedLottery('AUA01')));
    api = apiClient(env.url);
    ann = await newStaff(env, 'operator', 'Ann');
  });
  afterAll(async () => {
    await env.stop();
    await replay.close();
  });

  it('numbers first, confirmed by one person; the pool amounts follow from the feed once all nine divisions are in', async () => {
    const next = await dueLotteryDraw(env, api, 'AUA01');
    const brisbaneDay = new Date(Date.parse(next.drawAt) + 10 * 3600_000).toISOString().slice(0, 10);
    const drawn = { number: Number(next.issue), date: brisbaneDay, primary: [4, 8, 17, 22, 31, 33, 34], powerball: 6 };
    draws = [drawn];
    await env.services.feeds.engine.pass();
    expect((await feedStatus(api, ann.token, 'AUA01')).sources).toMatchObject([{ source: 'thelott', confirmed: true, lastAnswer: 'reading' }]);
    const confirmed = await api.post('/api/admin/result-feeds/confirm', { token: ann.token, json: { targetType: 'lottery_draw', targetId: next.id, source: 'thelott' } });
    expect(confirmed.body).toEqual({ state: 'published' });

    const board = async () => (await api.get<AdminDrawsResponse>('/api/admin/draws?productCode=AUA01', { token: ann.token })).body.items.find((i) => i.id === next.id)!;
    expect(await board()).toMatchObject({ status: 'drawn', resultSource: 'feeds', result: { zones: [[4, 8, 17, 22, 31, 33, 34], [6]] } });
    expect((await board()).pools.every((p) => p.amount === null)).toBe(true);

    // Part of the dividends: nothing recorded yet.
    draws = [{ ...drawn, dividends: [[1, 0, 20_000_000], [2, 3, 125_432.1]] }];
    await env.services.feeds.engine.pass();
    expect((await board()).pools.every((p) => p.amount === null)).toBe(true);

    draws = [{ ...drawn, dividends: [[1, 0, 20_000_000], [2, 3, 125_432.1], [3, 0, 9_000], [4, 40, 612.55], [5, 120, 155.3], [6, 2_000, 61.2], [7, 3_000, 38.45], [8, 50_000, 16.75], [9, 100_000, 11.6]] }];
    await env.services.feeds.engine.pass();
    const pools = Object.fromEntries((await board()).pools.map((p) => [p.division, p.amount]));
    expect(pools).toEqual({ 1: null, 2: 12_543_210, 3: null, 4: 61_255, 5: 15_530, 6: 6_120, 7: 3_845, 8: 1_675, 9: 1_160 });
  });
});
