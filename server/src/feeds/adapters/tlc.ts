import { DRAW_PRODUCTS, type DrawCode } from '@gp/common';
import { answerOf, fetchFromSource, joinUrl } from '../http.ts';
import { FeedFormatError, type DrawRef, type FeedAnswer, type FeedDivision, type FeedReading, type ResultFeed } from '../types.ts';
import { integerOf, integersOf, kenoResult, lotteryResult, minorUnitsOf } from '../validate.ts';

/**
 * Taiwan Lottery's JSON back end, TLCAPI (reference §1, CONFIRMED): GET `<base>/<Endpoint>`, an
 * envelope `{ rtCode, rtMsg, content }`. BINGO BINGO: `LatestBingoResult` and
 * `BingoResult?openDate=` (history answers only `openDate`); the lotto games: `<Game>Result?period=`
 * and, for the latest, `?month=YYYY-MM`. A draw is final only with `rtCode 0` and a row for that
 * exact term or period (§10.3); an empty list is "not yet", not an error.
 */
export const TLC_BASE_URL = 'https://api.taiwanlottery.com/TLCAPIWeB/Lottery';

/**
 * The lotto games: endpoint and the array key in `content`. 雙贏彩 (TWA05) ended on 2023-12-30
 * (the feed has nothing newer); its key is CONFIRMED. 39樂合彩 (TWA04) has no draws of its own: it
 * settles on 今彩539's (TWA03), so `39M5Result` (array key UNCONFIRMED) is not read.
 */
const LOTTO: Partial<Record<DrawCode, { endpoint: string; key: string; jackpot: string | null }>> = {
  TWA01: { endpoint: 'SuperLotto638Result', key: 'superLotto638Res', jackpot: 'super638JackpotAssign' },
  TWA02: { endpoint: 'Lotto649Result', key: 'lotto649Res', jackpot: 'jackpotAssign' },
  TWA03: { endpoint: 'Daily539Result', key: 'daily539Res', jackpot: null },
  TWA05: { endpoint: 'Lotto1224Result', key: 'lotto1224Res', jackpot: null },
};

type Row = Record<string, unknown>;

/** The envelope's content, or a throw when it is not a success. */
function contentOf(body: unknown): Row {
  const envelope = body as { rtCode?: unknown; rtMsg?: unknown; content?: unknown } | null;
  if (!envelope || typeof envelope !== 'object') throw new FeedFormatError('no envelope');
  if (envelope.rtCode !== 0) throw new FeedFormatError(`rtCode ${JSON.stringify(envelope.rtCode)} (${String(envelope.rtMsg ?? '')})`);
  if (!envelope.content || typeof envelope.content !== 'object') throw new FeedFormatError('no content');
  return envelope.content as Row;
}

const dateOf = (value: unknown): Date | null => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  // A date alone is the Taipei day; with a time, Taipei wall time (no zone is sent).
  return new Date(value.length <= 10 ? `${value}T00:00:00+08:00` : `${value.slice(0, 19)}+08:00`);
};

/** A BINGO BINGO row (latest or history: the super number is `prizeNum.bullEye` or `bullEyeTop`). */
function bingoReading(row: Row): FeedReading {
  const term = String(integerOf(row.drawTerm, 'drawTerm'));
  const inOrder = integersOf(row.openShowOrder, 'openShowOrder');
  const ascending = integersOf(row.bigShowOrder, 'bigShowOrder');
  if ([...inOrder].sort((a, b) => a - b).join() !== [...ascending].sort((a, b) => a - b).join()) throw new FeedFormatError('openShowOrder and bigShowOrder differ');
  const bull = (row.prizeNum as Row | undefined)?.bullEye ?? row.bullEyeTop;
  const superNumber = integerOf(bull, 'bullEye');
  return { drawNumber: term, drawnAt: dateOf(row.dDate), result: kenoResult('TWB01', inOrder, superNumber, true), divisions: [], nextJackpot: null };
}

/** A lotto row: `drawNumberSize` (sorted, the special or second-zone number last) checked against `drawNumberAppear` (draw order). */
function lottoReading(code: DrawCode, row: Row, jackpotKey: string | null): FeedReading {
  const product = DRAW_PRODUCTS[code];
  const period = String(integerOf(row.period, 'period'));
  const sorted = integersOf(row.drawNumberSize, 'drawNumberSize');
  const appear = integersOf(row.drawNumberAppear, 'drawNumberAppear');
  if (sorted.at(-1) !== appear.at(-1) || [...sorted].sort((a, b) => a - b).join() !== [...appear].sort((a, b) => a - b).join()) throw new FeedFormatError('drawNumberSize and drawNumberAppear differ');
  const main = product.zones[0]!.drawCount;
  const extra = product.extra?.count ?? 0;
  const expected = product.zones.reduce((n, z) => n + z.drawCount, 0) + extra;
  if (sorted.length !== expected) throw new FeedFormatError(`${sorted.length} numbers, ${code} draws ${expected}`);
  // Zone 1, then the special number(s), then the other zones (威力彩's second zone).
  const zones = [sorted.slice(0, main)];
  let at = main + extra;
  for (const zone of product.zones.slice(1)) {
    zones.push(sorted.slice(at, at + zone.drawCount));
    at += zone.drawCount;
  }
  const divisions: FeedDivision[] = [];
  // UNCONFIRMED beyond these two: only the jackpot and second-division objects were seen (reference §1.3).
  for (const [key, division] of [[jackpotKey, 1], ['secondAssign', 2]] as const) {
    const assign = key ? (row[key] as Row | undefined) : undefined;
    if (!assign || typeof assign !== 'object') continue;
    const winners = integerOf(assign.winnerCount ?? 0, `${key}.winnerCount`);
    if (winners > 0) divisions.push({ division, amount: minorUnitsOf(assign.perPrize, `${key}.perPrize`), winners });
  }
  return { drawNumber: period, drawnAt: dateOf(row.lotteryDate), result: lotteryResult(code, { zones, extra: sorted.slice(main, main + extra) }), divisions, nextJackpot: null };
}

/** Taipei's calendar date and month of an instant. */
const taipei = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString();

export function tlcFeed(options: { baseUrl?: string; timeoutMs: number; now: () => Date }): ResultFeed {
  const base = options.baseUrl ?? TLC_BASE_URL;
  const get = async (path: string) => contentOf(await fetchFromSource(joinUrl(base, path), { expect: 'json', timeoutMs: options.timeoutMs, headers: { Origin: 'https://www.taiwanlottery.com', Referer: 'https://www.taiwanlottery.com/' } }));
  const rowsOf = (content: Row, key: string): Row[] => {
    const rows = content[key];
    if (rows === undefined || rows === null) return [];
    if (!Array.isArray(rows)) throw new FeedFormatError(`content.${key} is not a list`);
    return rows as Row[];
  };
  const lotto = (code: string) => {
    const entry = LOTTO[code as DrawCode];
    if (!entry) throw new FeedFormatError(`TLCAPI has no feed for ${code}`);
    return entry;
  };

  return {
    source: 'tlc',
    confirmed: true,
    products: ['TWB01', ...Object.keys(LOTTO)],

    latest: (code) =>
      answerOf(async (): Promise<FeedAnswer> => {
        if (code === 'TWB01') {
          const post = (await get('LatestBingoResult')).lotteryBingoLatestPost as Row | undefined;
          return post ? { state: 'reading', reading: bingoReading(post) } : { state: 'not_yet' };
        }
        const { endpoint, key, jackpot } = lotto(code);
        const month = taipei(options.now()).slice(0, 7);
        const rows = rowsOf(await get(`${endpoint}?period=&month=${month}&pageNum=1&pageSize=50`), key);
        if (rows.length === 0) return { state: 'not_yet' };
        const newest = rows.reduce((a, b) => (integerOf(b.period, 'period') > integerOf(a.period, 'period') ? b : a));
        return { state: 'reading', reading: lottoReading(code as DrawCode, newest, jackpot) };
      }),

    byDrawNumber: (code, draw: DrawRef) =>
      answerOf(async (): Promise<FeedAnswer> => {
        if (code === 'TWB01') {
          const day = taipei(draw.drawAt).slice(0, 10);
          // 203 draws a day, at most 50 a page (one client's limit): stop once the term is found or the pages run out.
          for (let page = 1; page <= 5; page++) {
            const content = await get(`BingoResult?openDate=${day}&pageNum=${page}&pageSize=50`);
            const rows = rowsOf(content, 'bingoQueryResult');
            const row = rows.find((r) => String(r.drawTerm) === draw.issue);
            if (row) return { state: 'reading', reading: bingoReading(row) };
            if (rows.length < 50 || page * 50 >= Number(content.totalSize ?? 0)) break;
          }
          return { state: 'not_yet' };
        }
        const { endpoint, key, jackpot } = lotto(code);
        const rows = rowsOf(await get(`${endpoint}?period=${encodeURIComponent(draw.issue)}&pageNum=1&pageSize=10`), key).filter((r) => String(r.period) === draw.issue);
        if (rows.length > 1) throw new FeedFormatError(`${rows.length} rows for period ${draw.issue}`);
        return rows[0] ? { state: 'reading', reading: lottoReading(code as DrawCode, rows[0], jackpot) } : { state: 'not_yet' };
      }),
  };
}
