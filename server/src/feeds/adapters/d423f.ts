import { DRAW_PRODUCTS, type DrawCode } from '@gp/common';
import { answerOf, fetchFromSource } from '../http.ts';
import { parseCsv } from './csv.ts';
import { oncePerPass } from './per-pass.ts';
import { FeedFormatError, type DrawRef, type FeedAnswer, type FeedReading, type ResultFeed } from '../types.ts';
import { integerOf, kenoResult, lotteryResult } from '../validate.ts';

/**
 * The Taiwan government open-data dataset D423F (data.gov.tw 72921; reference §1.5): one CSV of
 * Taiwan Lottery results, independent of the operator's API — our second source for the Taiwan
 * games. It is a snapshot that lags (one client saw it about two weeks behind), so it confirms
 * late and catches corrections rather than publishing fast.
 *
 * CONFIRMED: the address and the columns 遊戲名稱, 期別, 開獎日期, 超級獎號. UNCONFIRMED (no capture
 * seen): the headers of the number columns. We read `獎號1`…`獎號N` (or one `獎號` column of numbers
 * separated by spaces or commas), `特別號` (大樂透's special number) and `第二區` (威力彩's second
 * zone); any other layout is a malformed answer (`down`), never a guess.
 */
export const D423F_URL = 'https://gaze.nta.gov.tw/dntmb/OpenData/csvDw?ntaCode=D423F';

const GAME_NAMES: Record<string, string> = { 賓果賓果: 'TWB01', 威力彩: 'TWA01', 大樂透: 'TWA02', 今彩539: 'TWA03' };

interface Table {
  header: string[];
  rows: string[][];
}

function readingOf(table: Table, row: string[], code: string): FeedReading {
  const cell = (name: string) => {
    const i = table.header.indexOf(name);
    return i < 0 ? undefined : row[i]?.trim();
  };
  const numbered = table.header.map((h, i) => ({ m: /^獎號\s*(\d+)$/.exec(h), i })).filter((x) => x.m).sort((a, b) => Number(a.m![1]) - Number(b.m![1]));
  const single = cell('獎號');
  // A game with fewer numbers than the widest leaves the last columns empty.
  const numbers = numbered.length ? numbered.filter((x) => (row[x.i] ?? '').trim() !== '').map((x) => integerOf(row[x.i]?.trim(), `獎號${x.m![1]}`)) : single ? single.split(/[\s,、]+/).filter(Boolean).map((n) => integerOf(n, '獎號')) : [];
  if (numbers.length === 0) throw new FeedFormatError('no number columns (獎號1… or 獎號)');
  const drawNumber = String(integerOf(cell('期別'), '期別'));
  const day = cell('開獎日期')?.replace(/\//g, '-');
  const drawnAt = day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00+08:00`) : null;
  if (code === 'TWB01') {
    // The dataset's order of the twenty is not known: compared as a set with the super number.
    return { drawNumber, drawnAt, result: kenoResult('TWB01', numbers, integerOf(cell('超級獎號'), '超級獎號'), false), divisions: [], nextJackpot: null };
  }
  const product = DRAW_PRODUCTS[code as DrawCode];
  const extra = product.extra ? [integerOf(cell('特別號'), '特別號')] : [];
  const zones = product.zones.length > 1 ? [numbers, [integerOf(cell('第二區'), '第二區')]] : [numbers];
  return { drawNumber, drawnAt, result: lotteryResult(code, { zones, extra }), divisions: [], nextJackpot: null };
}

export function d423fFeed(options: { url?: string; timeoutMs: number }): ResultFeed {
  const url = options.url ?? D423F_URL;
  // One download serves every product and draw of a pass (`newPass` forgets it).
  const download = oncePerPass(async (): Promise<Table> => {
    const text = String(await fetchFromSource(url, { expect: 'text', timeoutMs: options.timeoutMs }));
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
    if (!header || !header.includes('遊戲名稱') || !header.includes('期別')) throw new FeedFormatError('not the D423F layout (遊戲名稱, 期別 missing)');
    return { header: header.map((h) => h.trim()), rows };
  });
  const table = download.get;
  const rowsOf = (t: Table, code: string) => {
    const game = t.header.indexOf('遊戲名稱');
    return t.rows.filter((r) => GAME_NAMES[r[game]?.trim() ?? ''] === code);
  };
  const periodOf = (t: Table, row: string[]) => Number(row[t.header.indexOf('期別')]);

  return {
    source: 'd423f',
    confirmed: true,
    newPass: download.forget,
    products: Object.values(GAME_NAMES),
    latest: (code) =>
      answerOf(async (): Promise<FeedAnswer> => {
        const t = await table();
        const rows = rowsOf(t, code);
        if (rows.length === 0) return { state: 'not_yet' };
        const newest = rows.reduce((a, b) => (periodOf(t, b) > periodOf(t, a) ? b : a));
        return { state: 'reading', reading: readingOf(t, newest, code) };
      }),
    byDrawNumber: (code, draw: DrawRef) =>
      answerOf(async (): Promise<FeedAnswer> => {
        const t = await table();
        const rows = rowsOf(t, code).filter((r) => String(periodOf(t, r)) === draw.issue);
        if (rows.length > 1) throw new FeedFormatError(`${rows.length} rows for ${draw.issue}`);
        return rows[0] ? { state: 'reading', reading: readingOf(t, rows[0], code) } : { state: 'not_yet' };
      }),
  };
}
