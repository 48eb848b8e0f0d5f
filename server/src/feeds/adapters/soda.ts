import { answerOf, fetchFromSource, joinUrl } from '../http.ts';
import { FeedFormatError, type DrawRef, type FeedAnswer, type FeedReading, type ResultFeed } from '../types.ts';
import { integerOf, lotteryResult } from '../validate.ts';

/**
 * NY Open Data (Socrata SODA; reference §4.1, CONFIRMED and the only documented public API here):
 * GET `<base>/resource/<dataset>.json` with SoQL (`$where`, `$order`, `$limit`). Powerball
 * `d6yy-54nr`: `winning_numbers` is six numbers, the Powerball last, `multiplier` the Power Play.
 * Mega Millions `5xaw-6ayf`: five white numbers, `mega_ball`; its `multiplier` is not read (the
 * multiplier is printed on each play since 8 Apr 2025; how the column is filled since is
 * UNCONFIRMED). No prize amounts. Updated "a few hours" to a day after the draw (UNCONFIRMED).
 * Draws are keyed by date (`draw_date` midnight, New York).
 */
export const SODA_BASE_URL = 'https://data.ny.gov';

const DATASETS: Record<string, string> = { USA01: 'd6yy-54nr', USA02: '5xaw-6ayf' };

type Row = { draw_date?: unknown; winning_numbers?: unknown; multiplier?: unknown; mega_ball?: unknown };

function readingOf(code: string, row: Row): FeedReading {
  if (typeof row.draw_date !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(row.draw_date)) throw new FeedFormatError(`draw_date ${JSON.stringify(row.draw_date)}`);
  const day = row.draw_date.slice(0, 10);
  if (typeof row.winning_numbers !== 'string') throw new FeedFormatError('no winning_numbers');
  const numbers = row.winning_numbers.trim().split(/\s+/).map((n) => integerOf(n, 'winning_numbers'));
  if (code === 'USA01') {
    if (numbers.length !== 6) throw new FeedFormatError(`${numbers.length} winning numbers, Powerball has 6 (5 + the Powerball)`);
    const multiplier = integerOf(row.multiplier, 'multiplier');
    return { drawNumber: day, drawnAt: new Date(`${day}T00:00:00Z`), result: lotteryResult(code, { zones: [numbers.slice(0, 5), [numbers[5]!]], extra: [], multiplier }), divisions: [], nextJackpot: null };
  }
  if (numbers.length !== 5) throw new FeedFormatError(`${numbers.length} winning numbers, Mega Millions has 5 and the Mega Ball`);
  return { drawNumber: day, drawnAt: new Date(`${day}T00:00:00Z`), result: lotteryResult(code, { zones: [numbers, [integerOf(row.mega_ball, 'mega_ball')]], extra: [] }), divisions: [], nextJackpot: null };
}

export function sodaFeed(options: { baseUrl?: string; appToken?: string; timeoutMs: number }): ResultFeed {
  const base = options.baseUrl ?? SODA_BASE_URL;
  async function rows(code: string, query: string): Promise<Row[]> {
    const dataset = DATASETS[code];
    if (!dataset) throw new FeedFormatError(`no dataset for ${code}`);
    const answer = await fetchFromSource(joinUrl(base, `resource/${dataset}.json?${query}`), { expect: 'json', timeoutMs: options.timeoutMs, headers: options.appToken ? { 'X-App-Token': options.appToken } : {} });
    if (!Array.isArray(answer)) throw new FeedFormatError('not a list of rows');
    return answer as Row[];
  }
  return {
    source: 'soda',
    confirmed: true,
    products: Object.keys(DATASETS),
    latest: (code) =>
      answerOf(async (): Promise<FeedAnswer> => {
        const [row] = await rows(code, `$order=${encodeURIComponent('draw_date DESC')}&$limit=1`);
        return row ? { state: 'reading', reading: readingOf(code, row) } : { state: 'not_yet' };
      }),
    byDrawNumber: (code, draw: DrawRef) =>
      answerOf(async (): Promise<FeedAnswer> => {
        // Our US issues start with the draw's New York date (`2026-08-15-2259`).
        const day = draw.issue.slice(0, 10);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new FeedFormatError(`issue ${draw.issue} is not dated`);
        const found = await rows(code, `$where=${encodeURIComponent(`draw_date='${day}T00:00:00.000'`)}`);
        if (found.length > 1) throw new FeedFormatError(`${found.length} rows for ${day}`);
        return found[0] ? { state: 'reading', reading: readingOf(code, found[0]) } : { state: 'not_yet' };
      }),
  };
}
