import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bclcFeed } from '../../src/feeds/adapters/bclc.ts';
import { fdjFeed } from '../../src/feeds/adapters/fdj.ts';
import { mizuhoFeed } from '../../src/feeds/adapters/mizuho.ts';
import { thelottFeed } from '../../src/feeds/adapters/thelott.ts';
import { uknlFeed } from '../../src/feeds/adapters/uknl.ts';
import { fingerprintOf } from '../../src/feeds/publish.ts';
import { NO_FEED, resultFeeds } from '../../src/feeds/sources.ts';
import { FEED_SOURCES } from '../../src/feeds/types.ts';
import { loadConfig } from '../../src/config.ts';
import { botChallenge, csv, json, replayServer } from './replay-server.ts';
import { bclcDraws, fdjDraws, mizuhoDraw, mizuhoIndex, thelottResults, uknlCsv } from './recorded-abroad.ts';

/**
 * The adapters for EuroMillions (FDJ, UK National Lottery), Loto 6 / Loto 7 (Mizuho), AU
 * Powerball (The Lott) and Canada Keno (BCLC), each against a local server replaying payloads in
 * its source's documented format: a result, not drawn yet, missing, malformed (a bot page, a
 * truncated answer, a layout that is not the documented one).
 */
describe('result feed adapters abroad, on recorded payloads', () => {
  let replay: Awaited<ReturnType<typeof replayServer>>;
  const draw = (issue: string, at: string) => ({ issue, drawAt: new Date(at) });
  const truncated = (text: string) => ({ contentType: 'application/json', body: text.slice(0, Math.floor(text.length / 2)) });

  beforeAll(async () => {
    replay = await replayServer();
  });
  afterAll(() => replay.close());

  it('every source is registered and configurable by name in RESULT_FEED_URLS; only Speedkeno and 39樂合彩 are left without a feed', () => {
    const urls = Object.fromEntries(FEED_SOURCES.map((name) => [name, `${replay.base}/${name}`]));
    const config = loadConfig({ ...process.env, RESULT_FEED_URLS: JSON.stringify(urls) });
    expect(Object.keys(config.RESULT_FEED_URLS).sort()).toEqual([...FEED_SOURCES].sort());
    const feeds = resultFeeds(config, () => new Date());
    expect(feeds.map((f) => f.source).sort()).toEqual([...FEED_SOURCES].sort());
    expect(Object.keys(NO_FEED).sort()).toEqual(['KRB01', 'TWA04']);
    for (const code of ['FRA01', 'JPA01', 'JPA02', 'AUA01', 'CAB01']) expect(feeds.some((f) => f.products.includes(code)), code).toBe(true);
    expect(feeds.filter((f) => !f.confirmed).map((f) => f.source)).toEqual(['bclc']);
  });

  describe('FDJ (EuroMillions)', () => {
    const fdj = () => fdjFeed({ baseUrl: `${replay.base}/api/service-draws/v1`, timeoutMs: 3_000 });
    const friday = { drawnAt: '2026-08-14T21:05:00+02:00', numbers: [44, 3, 25, 17, 38], stars: [9, 2] };

    it('the latest draw: five numbers and two stars told apart by type, keyed by its Paris date; a date asks drawn_at; a day without a draw is "not yet"', async () => {
      replay.serve([{ method: 'GET', path: /\/games\/euromillions\/draws$/, answer: ({ url }) => json(url.searchParams.get('drawn_at') === '2026-08-18' ? [] : fdjDraws([friday])) }]);
      expect(await fdj().latest('FRA01')).toMatchObject({ state: 'reading', reading: { drawNumber: '2026-08-14', result: { kind: 'lottery', zones: [[3, 17, 25, 38, 44], [2, 9]], extra: [] }, divisions: [], nextJackpot: null } });
      expect(await fdj().byDrawNumber!('FRA01', draw('2026-08-14', '2026-08-14T19:00:00Z'))).toMatchObject({ state: 'reading', reading: { drawnAt: new Date('2026-08-14T19:05:00Z') } });
      expect(await fdj().byDrawNumber!('FRA01', draw('2026-08-18', '2026-08-18T19:00:00Z'))).toEqual({ state: 'not_yet' });
      expect(replay.requests).toContain('GET /api/service-draws/v1/games/euromillions/draws?include=results,addons&range=0-0&drawn_at=2026-08-18');
    });

    it('a draw listed without its results is "not yet"; a service answering its latest draw for another date gives no reading of that date', async () => {
      replay.serve([{ method: 'GET', path: /draws$/, answer: () => json(fdjDraws([{ drawnAt: '2026-08-18T21:05:00' }])) }]);
      expect(await fdj().latest('FRA01')).toEqual({ state: 'not_yet' });
      replay.serve([{ method: 'GET', path: /draws$/, answer: () => json(fdjDraws([friday])) }]);
      expect(await fdj().byDrawNumber!('FRA01', draw('2026-08-18', '2026-08-18T19:00:00Z'))).toEqual({ state: 'not_yet' });
    });

    it('an unknown result type, a sixth number, a bot page, a truncated answer, an HTTP 503 and an answer past the timeout are "down", never a result', async () => {
      const cases = [
        json(fdjDraws([{ ...friday, types: ['number', 'bonus'] }])),
        json(fdjDraws([{ ...friday, numbers: [...friday.numbers, 7] }])),
        botChallenge(),
        truncated(JSON.stringify(fdjDraws([friday]))),
        { status: 503, body: 'maintenance' },
        // Late: the answer comes after the timeout.
        { ...json(fdjDraws([friday])), delayMs: 4_000 },
      ];
      for (const answer of cases) {
        replay.serve([{ method: 'GET', path: /draws$/, answer: () => answer }]);
        const got = await fdj().latest('FRA01');
        expect(got.state, String(answer.body).slice(0, 60)).toBe('down');
      }
    });
  });

  describe('UK National Lottery (EuroMillions, second source)', () => {
    const uknl = () => uknlFeed({ baseUrl: replay.base, timeoutMs: 3_000 });
    const history = uknlCsv([
      { day: '2026-08-14', numbers: [3, 17, 25, 38, 44], stars: [2, 9] },
      { day: '2026-08-11', numbers: [1, 12, 23, 34, 45], stars: [5, 11] },
    ]);

    it('the newest row is the latest draw; a date in the history is its reading; a date not in it is "not yet"; one download serves the pass', async () => {
      replay.serve([{ method: 'GET', path: /^\/results\/euromillions\/draw-history\/csv$/, answer: () => csv(history) }]);
      const feed = uknl();
      const before = replay.requests.length;
      expect(await feed.latest('FRA01')).toMatchObject({ state: 'reading', reading: { drawNumber: '2026-08-14', result: { zones: [[3, 17, 25, 38, 44], [2, 9]] } } });
      expect(await feed.byDrawNumber!('FRA01', draw('2026-08-11', '2026-08-11T19:00:00Z'))).toMatchObject({ state: 'reading', reading: { drawNumber: '2026-08-11', result: { zones: [[1, 12, 23, 34, 45], [5, 11]] } } });
      expect(await feed.byDrawNumber!('FRA01', draw('2026-08-18', '2026-08-18T19:00:00Z'))).toEqual({ state: 'not_yet' });
      expect(replay.requests.length - before).toBe(1);
      feed.newPass!();
      await feed.latest('FRA01');
      expect(replay.requests.length - before).toBe(2);
    });

    it('a file without a draw, another layout, a truncated row, a bot page and a 404 are "down"', async () => {
      const header = history.split('\r\n')[0]!;
      const cases = [csv(`${header}\r\n`), csv('Date,N1,N2\r\n14-Aug-2026,1,2\r\n'), csv(history.slice(0, history.indexOf('\r\n') + 20)), botChallenge(), { status: 404, body: 'not found' }];
      for (const answer of cases) {
        replay.serve([{ method: 'GET', path: /draw-history\/csv$/, answer: () => answer }]);
        expect((await uknl().latest('FRA01')).state, String(answer.body).slice(0, 60)).toBe('down');
      }
    });
  });

  describe('Mizuho Bank (Loto 6, Loto 7)', () => {
    const mizuho = () => mizuhoFeed({ baseUrl: replay.base, timeoutMs: 3_000 });
    const loto6 = { number: 2124, date: '令和8年7月30日', main: [36, 3, 42, 11, 19, 24], bonus: [7], grades: [[1, null, null], [2, 7, 9_876_500], [3, 250, 345_600], [4, 12_345, 7_800], [5, 201_234, 1_000]] as Array<[number, number | null, number | null]> };
    const sjis = (body: Buffer) => ({ contentType: 'text/csv', body });

    it('Loto 6: the index names the newest draw, its Shift_JIS file gives the numbers, the bonus and the amounts of the grades someone won', async () => {
      replay.serve([
        { method: 'GET', path: /\/loto6\/csv\/loto6\.csv$/, answer: () => sjis(mizuhoIndex('ロト６', [{ number: 2123, date: '令和8年7月27日' }, { number: 2124, date: '令和8年7月30日' }])) },
        { method: 'GET', path: /\/loto6\/csv\/A1022124\.CSV$/, answer: () => sjis(mizuhoDraw('ロト６', loto6)) },
      ]);
      expect(await mizuho().latest('JPA01')).toEqual({
        state: 'reading',
        reading: {
          drawNumber: '2124',
          drawnAt: new Date('2026-07-29T15:00:00Z'),
          result: { kind: 'lottery', zones: [[3, 11, 19, 24, 36, 42]], extra: [7] },
          divisions: [
            { division: 2, amount: 9_876_500, winners: 7 },
            { division: 3, amount: 345_600, winners: 250 },
            { division: 4, amount: 7_800, winners: 12_345 },
            { division: 5, amount: 1_000, winners: 201_234 },
          ],
          nextJackpot: null,
        },
      });
      expect(replay.requests).toContain('GET /retail/takarakuji/loto/loto6/csv/A1022124.CSV');
    });

    it('Loto 7 by draw number: seven numbers and two bonus numbers; a draw file not there yet (404) is "not yet"', async () => {
      replay.serve([{ method: 'GET', path: /\/loto7\/csv\/A1030650\.CSV$/, answer: () => sjis(mizuhoDraw('ロト７', { number: 650, date: '令和8年7月31日', main: [2, 9, 14, 21, 28, 30, 35], bonus: [5, 17], grades: [[1, 1, 600_000_000]] })) }]);
      expect(await mizuho().byDrawNumber!('JPA02', draw('650', '2026-07-31T09:45:00Z'))).toMatchObject({ state: 'reading', reading: { drawNumber: '650', result: { zones: [[2, 9, 14, 21, 28, 30, 35]], extra: [5, 17] }, divisions: [{ division: 1, amount: 600_000_000, winners: 1 }] } });
      expect(await mizuho().byDrawNumber!('JPA02', draw('651', '2026-08-07T09:45:00Z'))).toEqual({ state: 'not_yet' });
    });

    it('the file of another draw, a missing bonus, UTF-8 instead of Shift_JIS, a block page and a truncated file are "down"', async () => {
      const cases = [
        sjis(mizuhoDraw('ロト６', { ...loto6, number: 2123 })),
        sjis(mizuhoDraw('ロト６', { ...loto6, bonus: [] })),
        { contentType: 'text/csv', body: Buffer.from('第２１２４回ロト６,数字選択式全国自治宝くじ,令和8年7月30日\r\n本数字,０３,１１,１９,２４,３６,４２,ボーナス数字,（０７）\r\n', 'utf8') },
        botChallenge(),
        sjis(mizuhoDraw('ロト６', loto6).subarray(0, 120)),
      ];
      for (const answer of cases) {
        replay.serve([{ method: 'GET', path: /A1022124\.CSV$/, answer: () => answer }]);
        expect((await mizuho().byDrawNumber!('JPA01', draw('2124', '2026-07-30T09:45:00Z'))).state).toBe('down');
      }
    });
  });

  describe('The Lott (AU Powerball)', () => {
    const lott = () => thelottFeed({ baseUrl: replay.base, timeoutMs: 3_000 });
    const all9 = (d1Winners: number): Array<[number, number, number]> => [[1, d1Winners, 20_000_000], [2, 3, 125_432.1], [3, 0, 9_000], [4, 40, 612.55], [5, 120, 155.3], [6, 2_000, 61.2], [7, 3_000, 38.45], [8, 50_000, 16.75], [9, 100_000, 11.6]];

    it('the newest draw with seven numbers and the Powerball; pool amounts once all nine divisions are in, only those someone won', async () => {
      let body = '';
      replay.serve([{ method: 'POST', path: /^\/sales\/vmax\/web\/data\/lotto\/latestresults$/, answer: (request) => {
        body = request.body;
        return json(thelottResults([{ number: 1528, date: '2026-08-27', primary: [4, 8, 17, 22, 31, 33, 34], powerball: 6, dividends: all9(0) }, { number: 1527, date: '2026-08-20', primary: [1, 2, 3, 4, 5, 6, 7], powerball: 1 }]));
      } }]);
      const latest = await lott().latest('AUA01');
      expect(latest).toMatchObject({ state: 'reading', reading: { drawNumber: '1528', drawnAt: new Date('2026-08-26T14:00:00Z'), result: { zones: [[4, 8, 17, 22, 31, 33, 34], [6]], extra: [] } } });
      const divisions = latest.state === 'reading' ? latest.reading.divisions : [];
      expect(divisions.map((d) => d.division)).toEqual([2, 4, 5, 6, 7, 8, 9]);
      expect(divisions[0]).toEqual({ division: 2, amount: 12_543_210, winners: 3 });
      expect(JSON.parse(body)).toEqual({ CompanyId: 'GoldenCasket', MaxDrawCountPerProduct: 10, OptionalProductFilter: ['Powerball'] });
    });

    it('dividends still coming in give no amounts; a draw not in the list is "not yet"; Success false, a truncated answer, a bot page and an answer past the timeout are "down"', async () => {
      replay.serve([{ method: 'POST', path: /latestresults$/, answer: () => json(thelottResults([{ number: 1528, date: '2026-08-27', primary: [4, 8, 17, 22, 31, 33, 34], powerball: 6, dividends: all9(1).slice(0, 4) }])) }]);
      expect(await lott().byDrawNumber!('AUA01', draw('1528', '2026-08-27T10:30:00Z'))).toMatchObject({ state: 'reading', reading: { divisions: [] } });
      expect(await lott().byDrawNumber!('AUA01', draw('1529', '2026-09-03T10:30:00Z'))).toEqual({ state: 'not_yet' });
      const late = { ...json(thelottResults([{ number: 1528, date: '2026-08-27', primary: [4, 8, 17, 22, 31, 33, 34], powerball: 6 }])), delayMs: 4_000 };
      for (const answer of [json(thelottResults([], false)), truncated(JSON.stringify(thelottResults([{ number: 1528, date: '2026-08-27', primary: [4, 8, 17, 22, 31, 33, 34], powerball: 6 }]))), botChallenge(), late]) {
        replay.serve([{ method: 'POST', path: /latestresults$/, answer: () => answer }]);
        expect((await lott().latest('AUA01')).state).toBe('down');
      }
      replay.serve([{ method: 'POST', path: /latestresults$/, answer: () => json(thelottResults([{ number: 1528, date: '2026-08-27', primary: [4, 8, 17, 22, 31, 33], powerball: 6 }])) }]);
      expect(await lott().latest('AUA01')).toMatchObject({ state: 'down', reason: expect.stringContaining('malformed') });
    });
  });

  describe('BCLC (Canada Keno; availability unconfirmed)', () => {
    const bclc = () => bclcFeed({ baseUrl: replay.base, timeoutMs: 3_000 });
    const twenty = [71, 3, 15, 42, 8, 61, 29, 54, 11, 70, 36, 2, 48, 19, 65, 33, 80, 24, 57, 6];

    it('is marked unconfirmed; today\'s newest draw by number with its Pacific time; a draw by number; a number not drawn yet is "not yet"', async () => {
      expect(bclc().confirmed).toBe(false);
      replay.serve([
        { method: 'GET', path: /^\/services2\/keno\/draw\/latest\/today$/, answer: () => json(bclcDraws([{ number: 2712346, date: '2026-08-14', time: '10:07:00', numbers: twenty }, { number: 2712345, date: '2026-08-14', time: '10:03:30', numbers: [...twenty].reverse() }])) },
        { method: 'GET', path: /^\/services2\/keno\/draw\/2712345\/1$/, answer: () => json(bclcDraws([{ number: 2712345, date: '2026-08-14', time: '10:03:30', numbers: twenty }])) },
        { method: 'GET', path: /^\/services2\/keno\/draw\/2712347\/1$/, answer: () => json([]) },
      ]);
      expect(await bclc().latest('CAB01')).toMatchObject({ state: 'reading', reading: { drawNumber: '2712346', drawnAt: new Date('2026-08-14T17:07:00Z'), result: { kind: 'keno', numbers: [...twenty].sort((a, b) => a - b), ordered: false } } });
      expect(await bclc().byDrawNumber!('CAB01', draw('2712345', '2026-08-14T17:03:30Z'))).toMatchObject({ state: 'reading', reading: { drawNumber: '2712345' } });
      expect(await bclc().byDrawNumber!('CAB01', draw('2712347', '2026-08-14T17:10:30Z'))).toEqual({ state: 'not_yet' });
    });

    it('Canada Keno has no super number: the same twenty numbers in another order are the same result', async () => {
      replay.serve([{ method: 'GET', path: /latest\/today$/, answer: () => json(bclcDraws([{ number: 1, date: '2026-08-14', time: '10:07:00', numbers: twenty }])) }]);
      const a = await bclc().latest('CAB01');
      replay.serve([{ method: 'GET', path: /latest\/today$/, answer: () => json(bclcDraws([{ number: 1, date: '2026-08-14', time: '10:07:00', numbers: [...twenty].reverse() }])) }]);
      const b = await bclc().latest('CAB01');
      if (a.state !== 'reading' || b.state !== 'reading' || a.reading.result.kind !== 'keno') throw new Error('expected two keno readings');
      expect(fingerprintOf(a.reading.result, 'CAB01')).toBe(fingerprintOf(b.reading.result, 'CAB01'));
      // BINGO BINGO's super number is part of its result: the same set with another last number differs.
      expect(fingerprintOf({ ...a.reading.result, superNumber: 71 }, 'TWB01')).not.toBe(fingerprintOf(a.reading.result, 'TWB01'));
    });

    it('nineteen numbers, a number above 80, an unreadable date, the service gone (404), a bot page and a truncated answer are "down"', async () => {
      const cases = [
        json(bclcDraws([{ number: 1, date: '2026-08-14', time: '10:07:00', numbers: twenty.slice(0, 19) }])),
        json(bclcDraws([{ number: 1, date: '2026-08-14', time: '10:07:00', numbers: [...twenty.slice(0, 19), 81] }])),
        json(bclcDraws([{ number: 1, date: 'Aug 14', time: '10:07:00', numbers: twenty }])),
        { status: 404, body: 'gone' },
        botChallenge(),
        truncated(JSON.stringify(bclcDraws([{ number: 1, date: '2026-08-14', time: '10:07:00', numbers: twenty }]))),
      ];
      for (const answer of cases) {
        replay.serve([{ method: 'GET', path: /latest\/today$/, answer: () => answer }]);
        expect((await bclc().latest('CAB01')).state, String(answer.body).slice(0, 60)).toBe('down');
      }
    });
  });
});
