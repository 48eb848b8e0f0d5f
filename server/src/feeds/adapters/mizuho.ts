import { DRAW_PRODUCTS } from '@gp/common';
import { answerOf, fetchFromSource, FeedDownError, joinUrl } from '../http.ts';
import { FeedFormatError, type DrawRef, type FeedAnswer, type FeedDivision, type FeedReading, type ResultFeed } from '../types.ts';
import { integerOf, lotteryResult } from '../validate.ts';
import { parseCsv } from './csv.ts';

/**
 * Mizuho Bank's Loto 6 / Loto 7 result files (reference §6, CONFIRMED), the files the official
 * result pages load, in **Shift_JIS** with full-width digits and Japanese-era dates:
 * - the index `<base>/retail/takarakuji/loto/<game>/csv/<game>.csv`: recent draws, one row each
 *   (`第2124回ロト６`, the game's name, `令和8年7月30日`, the venue), no numbers;
 * - one file per draw, `…/csv/A102NNNN.CSV` (Loto 6) or `A103NNNN.CSV` (Loto 7): a row titled
 *   `第NNNN回…` with the draw date, a row `本数字` with the 6 (7) numbers and `ボーナス数字` with the
 *   1 (2) bonus numbers (on that row or the next), and per-grade rows `N等` ending in the number
 *   of winning units (口数) and the amount per unit (当せん金額, yen), `該当なし` where nobody won.
 * A 404 on a draw's file is "not published yet"; a block page (HTML) is `down` (§6 gotchas).
 * キャリーオーバー (the carry-over into the next 1st prize) is not a jackpot figure: not read.
 */
export const MIZUHO_BASE_URL = 'https://www.mizuhobank.co.jp';

const GAMES: Record<string, { dir: string; prefix: string }> = { JPA01: { dir: 'loto6', prefix: 'A102' }, JPA02: { dir: 'loto7', prefix: 'A103' } };

const NONE = '該当なし';

/** Full-width digits, letters and spaces as ASCII (NFKC), trimmed. */
const normal = (cell: string | undefined) => (cell ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();

/** The draw number in a title cell `第2124回ロト6`, or null. */
const drawNumberIn = (cell: string) => {
  const m = /^第0*(\d+)回/.exec(normal(cell));
  return m ? Number(m[1]) : null;
};

/** The Western year of a Japanese era year: 令和 from 2019, 平成 from 1989 (older draws are not read). */
const ERAS: Record<string, number> = { 令和: 2018, 平成: 1988 };

/** `令和8年7月30日` (or `令和元年…`) → `2026-07-30`, or null when the cell holds no era date. */
export function eraDate(cell: string): string | null {
  const m = /(令和|平成)(元|\d{1,2})年(\d{1,2})月(\d{1,2})日/.exec(normal(cell));
  if (!m) return null;
  const year = ERAS[m[1]!]! + (m[2] === '元' ? 1 : Number(m[2]));
  return `${year}-${m[3]!.padStart(2, '0')}-${m[4]!.padStart(2, '0')}`;
}

/** A number cell (`01`, full-width `０１`, or the bonus in brackets `(13)`). */
const ballOf = (cell: string, what: string) => integerOf(normal(cell).replace(/^\((\d+)\)$/, '$1'), what);

/** `2口` → 2; `200,000,000円` → 200000000 (yen are the minor unit of our JPY amounts). */
const unitsOf = (cell: string, what: string) => integerOf(normal(cell).replace(/口$/, '').replace(/,/g, ''), what);
const yenOf = (cell: string, what: string) => {
  const text = normal(cell);
  if (!/^[\d,]+円$/.test(text)) throw new FeedFormatError(`${what} is not an amount in yen: ${JSON.stringify(cell)}`);
  return integerOf(text.replace(/[,円]/g, ''), what);
};

/** One draw's file, checked to be the draw asked for. */
export function drawFileReading(code: string, drawNumber: number, text: string): FeedReading {
  const product = DRAW_PRODUCTS[code as 'JPA01' | 'JPA02'];
  const rows = parseCsv(text).map((row) => row.map(normal));
  const title = rows.find((row) => drawNumberIn(row[0] ?? '') !== null);
  if (!title) throw new FeedFormatError('no 第N回 title row');
  if (drawNumberIn(title[0]!) !== drawNumber) throw new FeedFormatError(`the file of draw ${drawNumber} is titled ${title[0]}`);
  const day = title.map(eraDate).find((d) => d !== null) ?? null;

  const cells = rows.flat();
  const mainAt = cells.indexOf('本数字');
  const bonusAt = cells.indexOf('ボーナス数字');
  if (mainAt < 0 || bonusAt < mainAt) throw new FeedFormatError('no 本数字 / ボーナス数字');
  const mainCount = product.zones[0]!.drawCount;
  const bonusCount = product.extra?.count ?? 0;
  const main = cells.slice(mainAt + 1, bonusAt).filter((c) => c !== '').map((c, i) => ballOf(c, `本数字[${i}]`));
  const bonus = cells.slice(bonusAt + 1).filter((c) => c !== '').slice(0, bonusCount).map((c, i) => ballOf(c, `ボーナス数字[${i}]`));
  if (main.length !== mainCount) throw new FeedFormatError(`${main.length} main numbers, ${code} draws ${mainCount}`);

  const divisions: FeedDivision[] = [];
  for (const row of rows) {
    const grade = /^(\d)等$/.exec((row[0] ?? '').replace(/\s/g, ''));
    if (!grade) continue;
    const filled = row.filter((c) => c !== '');
    const [winners, amount] = [filled.at(-2) ?? '', filled.at(-1) ?? ''];
    if (winners === NONE || amount === NONE) continue;
    divisions.push({ division: Number(grade[1]), amount: yenOf(amount, `${grade[0]} amount`), winners: unitsOf(winners, `${grade[0]} winners`) });
  }
  return {
    drawNumber: String(drawNumber),
    drawnAt: day ? new Date(`${day}T00:00:00+09:00`) : null,
    result: lotteryResult(code, { zones: [main], extra: bonus }),
    divisions,
    nextJackpot: null,
  };
}

export function mizuhoFeed(options: { baseUrl?: string; timeoutMs: number }): ResultFeed {
  const base = options.baseUrl ?? MIZUHO_BASE_URL;
  const game = (code: string) => {
    const g = GAMES[code];
    if (!g) throw new FeedFormatError(`Mizuho has no file for ${code}`);
    return g;
  };
  const get = (path: string) => fetchFromSource(joinUrl(base, `retail/takarakuji/loto/${path}`), { expect: 'text', encoding: 'shift_jis', timeoutMs: options.timeoutMs }) as Promise<string | null>;

  async function drawAnswer(code: string, drawNumber: number): Promise<FeedAnswer> {
    const { dir, prefix } = game(code);
    const text = await get(`${dir}/csv/${prefix}${String(drawNumber).padStart(4, '0')}.CSV`);
    return text === null ? { state: 'not_yet' } : { state: 'reading', reading: drawFileReading(code, drawNumber, text) };
  }

  return {
    source: 'mizuho',
    confirmed: true,
    products: Object.keys(GAMES),
    latest: (code) =>
      answerOf(async (): Promise<FeedAnswer> => {
        const { dir } = game(code);
        const index = await get(`${dir}/csv/${dir}.csv`);
        if (index === null) throw new FeedDownError(`no ${dir}.csv index (HTTP 404)`);
        const numbers = parseCsv(index).map((row) => drawNumberIn(row[0] ?? '')).filter((n): n is number => n !== null);
        if (numbers.length === 0) throw new FeedFormatError(`no draw in the ${dir}.csv index`);
        return drawAnswer(code, Math.max(...numbers));
      }),
    byDrawNumber: (code, draw: DrawRef) =>
      answerOf(async (): Promise<FeedAnswer> => {
        if (!/^\d{1,6}$/.test(draw.issue)) throw new FeedFormatError(`issue ${draw.issue} is not a draw number`);
        return drawAnswer(code, Number(draw.issue));
      }),
  };
}
