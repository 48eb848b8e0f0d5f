import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { d423fFeed } from '../../src/feeds/adapters/d423f.ts';
import { hkjcFeed } from '../../src/feeds/adapters/hkjc.ts';
import { megamillionsFeed } from '../../src/feeds/adapters/megamillions.ts';
import { sodaFeed } from '../../src/feeds/adapters/soda.ts';
import { tlcFeed } from '../../src/feeds/adapters/tlc.ts';
import { botChallenge, csv, json, replayServer } from './replay-server.ts';
import { d423fCsv, hkjcMarkSix, megamillionsLatest, sodaMegaMillions, sodaPowerball, tlcBingoHistory, tlcBingoLatest, tlcLotto649, tlcSuperLotto } from './recorded.ts';

/** Each adapter against a local server replaying payloads in its source's documented format: on time, late, missing, malformed. */
describe('result feed adapters on recorded payloads', () => {
  let replay: Awaited<ReturnType<typeof replayServer>>;
  const now = () => new Date('2026-08-14T12:00:00Z');
  const bingo = [3, 77, 15, 42, 8, 61, 29, 54, 11, 70, 36, 2, 48, 19, 65, 33, 80, 24, 57, 6];
  const draw = (issue: string, at = '2026-08-14T02:05:00Z') => ({ issue, drawAt: new Date(at) });

  beforeAll(async () => {
    replay = await replayServer();
  });
  afterAll(() => replay.close());

  const tlc = () => tlcFeed({ baseUrl: `${replay.base}/TLCAPIWeB/Lottery`, timeoutMs: 3_000, now });

  it('TLCAPI BINGO BINGO: the latest draw in draw order with its super number; a term by its day; a term not there is "not yet"', async () => {
    replay.serve([
      { method: 'GET', path: /LatestBingoResult$/, answer: () => json(tlcBingoLatest('115045001', bingo)) },
      { method: 'GET', path: /BingoResult$/, answer: ({ url }) => json(url.searchParams.get('openDate') === '2026-08-14' ? tlcBingoHistory([{ term: '115045001', inOrder: bingo }]) : tlcBingoHistory([])) },
    ]);
    const latest = await tlc().latest('TWB01');
    expect(latest).toMatchObject({ state: 'reading', reading: { drawNumber: '115045001', result: { kind: 'keno', numbers: bingo, superNumber: 6, ordered: true } } });
    expect(await tlc().byDrawNumber!('TWB01', draw('115045001'))).toMatchObject({ state: 'reading', reading: { drawNumber: '115045001' } });
    expect(await tlc().byDrawNumber!('TWB01', draw('115045002'))).toEqual({ state: 'not_yet' });
    expect(replay.requests).toContain('GET /TLCAPIWeB/Lottery/BingoResult?openDate=2026-08-14&pageNum=1&pageSize=50');
  });

  it('TLCAPI: nineteen numbers, a repeated number, a super number that is not the last drawn, a non-zero rtCode are "down", never stored as a result', async () => {
    const cases = [
      tlcBingoLatest('115045001', bingo.slice(0, 19)),
      tlcBingoLatest('115045001', [...bingo.slice(0, 19), 3]),
      { ...tlcBingoLatest('115045001', bingo), content: { lotteryBingoLatestPost: { ...tlcBingoLatest('115045001', bingo).content.lotteryBingoLatestPost, prizeNum: { bullEye: '77' } } } },
      { rtCode: 9999, rtMsg: 'system busy', content: null },
    ];
    for (const payload of cases) {
      replay.serve([{ method: 'GET', path: /LatestBingoResult$/, answer: () => json(payload) }]);
      const answer = await tlc().latest('TWB01');
      expect(answer.state, JSON.stringify(payload).slice(0, 80)).toBe('down');
    }
  });

  it('TLCAPI: a bot-challenge page, an HTTP 503 and an answer later than the timeout are "down" (not "no result")', async () => {
    for (const answer of [botChallenge(), { status: 503, body: 'busy' }, { ...json(tlcBingoLatest('115045001', bingo)), delayMs: 4_000 }]) {
      replay.serve([{ method: 'GET', path: /LatestBingoResult$/, answer: () => answer }]);
      const got = await tlc().latest('TWB01');
      expect(got.state).toBe('down');
    }
  });

  it('TLCAPI lotto games: 大樂透 six numbers and the special one, with the pool amount of a won jackpot; 威力彩 its second zone', async () => {
    replay.serve([
      { method: 'GET', path: /Lotto649Result$/, answer: () => json(tlcLotto649('115000065', [31, 46, 11, 39, 23, 1], 17, { jackpotAssign: { prize: 250_000_000, lastPrize: 0, winnerCount: 2, perPrize: 125_000_000 }, secondAssign: { winnerCount: 0 } })) },
      { method: 'GET', path: /SuperLotto638Result$/, answer: () => json(tlcSuperLotto('115000064', [5, 12, 19, 27, 33, 38], 4)) },
    ]);
    expect(await tlc().byDrawNumber!('TWA02', draw('115000065'))).toMatchObject({
      state: 'reading',
      reading: { drawNumber: '115000065', result: { kind: 'lottery', zones: [[1, 11, 23, 31, 39, 46]], extra: [17] }, divisions: [{ division: 1, amount: 12_500_000_000, winners: 2 }] },
    });
    expect(await tlc().latest('TWA01')).toMatchObject({ state: 'reading', reading: { drawNumber: '115000064', result: { zones: [[5, 12, 19, 27, 33, 38], [4]], extra: [] } } });
  });

  it('D423F CSV: BINGO BINGO as a set with its super number, 大樂透 with its special number; another layout is "down"', async () => {
    const text = d423fCsv([
      { game: '賓果賓果', period: '115045001', date: '2026/08/14', numbers: [...bingo].sort((a, b) => a - b), superNumber: 6 },
      { game: '大樂透', period: '115000065', date: '2026/08/14', numbers: [1, 11, 23, 31, 39, 46], special: 17 },
    ]);
    replay.serve([{ method: 'GET', path: /csvDw$/, answer: () => csv(text) }]);
    const feed = d423fFeed({ url: `${replay.base}/dntmb/OpenData/csvDw?ntaCode=D423F`, timeoutMs: 3_000 });
    expect(await feed.byDrawNumber!('TWB01', draw('115045001'))).toMatchObject({ state: 'reading', reading: { result: { numbers: [...bingo].sort((a, b) => a - b), superNumber: 6, ordered: false } } });
    expect(await feed.latest('TWA02')).toMatchObject({ state: 'reading', reading: { drawNumber: '115000065', result: { zones: [[1, 11, 23, 31, 39, 46]], extra: [17] } } });
    expect(await feed.byDrawNumber!('TWA02', draw('115000066'))).toEqual({ state: 'not_yet' });
    replay.serve([{ method: 'GET', path: /csvDw$/, answer: () => csv('game,period\r\nx,1\r\n') }]);
    const later = d423fFeed({ url: `${replay.base}/dntmb/OpenData/csvDw?ntaCode=D423F`, timeoutMs: 3_000 });
    expect((await later.latest('TWA02')).state).toBe('down');
  });

  it('HKJC Mark Six: a Result draw with its dividends as pool amounts; the pending next draw is "not yet"; a WHITELIST_ERROR is "down"', async () => {
    let body = '';
    replay.serve([
      {
        method: 'POST',
        path: /^\/graphql\/base\/$/,
        answer: (request) => {
          body = request.body;
          return json(hkjcMarkSix([{ id: '26/090', date: '2026-08-15' }, { id: '26/089', date: '2026-08-13', numbers: [9, 23, 28, 29, 35, 41], extra: 38, dividends: [[1, '8,000,000'], [2, '512,340'], [4, '9,600']] }]));
        },
      },
    ]);
    const feed = hkjcFeed({ url: `${replay.base}/graphql/base/`, timeoutMs: 3_000 });
    expect(await feed.latest('HKA01')).toMatchObject({ state: 'reading', reading: { drawNumber: '26/089', result: { zones: [[9, 23, 28, 29, 35, 41]], extra: [38] }, divisions: [{ division: 1, amount: 800_000_000 }, { division: 2, amount: 51_234_000 }, { division: 4, amount: 960_000 }] } });
    expect(JSON.parse(body)).toMatchObject({ operationName: 'marksixResult', variables: { lastNDraw: 3, drawType: 'All' } });
    expect(await feed.byDrawNumber!('HKA01', draw('26/090', '2026-08-15T13:30:00Z'))).toEqual({ state: 'not_yet' });
    replay.serve([{ method: 'POST', path: /graphql/, answer: () => json({ errors: [{ message: 'not allowed', extensions: { code: 'WHITELIST_ERROR' } }] }) }]);
    expect(await feed.latest('HKA01')).toMatchObject({ state: 'down', reason: expect.stringContaining('WHITELIST_ERROR') });
  });

  it('NY SODA: Powerball with its Power Play by date; Mega Millions with the Mega Ball; a Powerball row without its multiplier is "down"', async () => {
    replay.serve([
      { method: 'GET', path: /d6yy-54nr\.json$/, answer: ({ url }) => json(url.searchParams.get('$where')?.includes('2026-08-15') ? sodaPowerball('2026-08-15', [26, 32, 43, 54, 56, 24], '2') : []) },
      { method: 'GET', path: /5xaw-6ayf\.json$/, answer: () => json(sodaMegaMillions('2026-08-14', [2, 5, 42, 44, 60], 1)) },
    ]);
    const feed = sodaFeed({ baseUrl: replay.base, timeoutMs: 3_000 });
    expect(await feed.byDrawNumber!('USA01', draw('2026-08-15-2259', '2026-08-16T02:59:00Z'))).toMatchObject({ state: 'reading', reading: { drawNumber: '2026-08-15', result: { zones: [[26, 32, 43, 54, 56], [24]], multiplier: 2 } } });
    expect(await feed.byDrawNumber!('USA01', draw('2026-08-17-2259', '2026-08-18T02:59:00Z'))).toEqual({ state: 'not_yet' });
    expect(await feed.latest('USA02')).toMatchObject({ state: 'reading', reading: { drawNumber: '2026-08-14', result: { zones: [[2, 5, 42, 44, 60], [1]] } } });
    replay.serve([{ method: 'GET', path: /d6yy-54nr\.json$/, answer: () => json([{ draw_date: '2026-08-15T00:00:00.000', winning_numbers: '26 32 43 54 56 24' }]) }]);
    expect((await feed.latest('USA01')).state).toBe('down');
  });

  it('megamillions.com: the "d" text parsed twice, with the next jackpot; an unverified draw is "not yet"', async () => {
    replay.serve([{ method: 'POST', path: /GetLatestDrawData$/, answer: () => json(megamillionsLatest('2026-08-14', [2, 5, 42, 44, 60], 1)) }]);
    const feed = megamillionsFeed({ baseUrl: replay.base, timeoutMs: 3_000 });
    expect(await feed.latest('USA02')).toMatchObject({ state: 'reading', reading: { drawNumber: '2026-08-14', result: { zones: [[2, 5, 42, 44, 60], [1]] }, nextJackpot: 80_000_000_000 } });
    replay.serve([{ method: 'POST', path: /GetLatestDrawData$/, answer: () => json(megamillionsLatest('2026-08-14', [2, 5, 42, 44, 60], 1, false)) }]);
    expect(await feed.latest('USA02')).toEqual({ state: 'not_yet' });
    replay.serve([{ method: 'POST', path: /GetLatestDrawData$/, answer: () => json({ d: '{"Drawing":' }) }]);
    expect((await feed.latest('USA02')).state).toBe('down');
  });
});
