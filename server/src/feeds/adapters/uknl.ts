import { answerOf, fetchFromSource, joinUrl } from '../http.ts';
import { FeedFormatError, type DrawRef, type FeedAnswer, type FeedReading, type ResultFeed } from '../types.ts';
import { integerOf, lotteryResult } from '../validate.ts';
import { parseCsv } from './csv.ts';
import { oncePerPass } from './per-pass.ts';

/**
 * The UK National Lottery's EuroMillions draw history (Allwyn; reference §5.2, CONFIRMED, the
 * second official source beside FDJ): GET `<base>/results/euromillions/draw-history/csv`, the
 * latest draw and recent history, columns `DrawDate` (`DD-Mon-YYYY`), `Ball 1`…`Ball 5`,
 * `Lucky Star 1`, `Lucky Star 2`, `UK Millionaire Maker`, `DrawNumber`. The CSV is read rather
 * than the XML twin because its column names are the documented ones; the XML's jackpot is in
 * pounds, not the euros our EuroMillions settles in, so neither gives us pool amounts.
 * The file is read once per pass; a file without a single draw is a malformed answer (§10.2).
 */
export const UKNL_BASE_URL = 'https://www.national-lottery.co.uk';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const COLUMNS = ['DrawDate', 'Ball 1', 'Ball 2', 'Ball 3', 'Ball 4', 'Ball 5', 'Lucky Star 1', 'Lucky Star 2'] as const;

/** `14-Aug-2026` → `2026-08-14`. */
function isoDay(text: string): string {
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text.trim());
  const month = m ? MONTHS.findIndex((name) => name.toLowerCase() === m[2]!.toLowerCase()) + 1 : 0;
  if (!m || month === 0 || Number(m[1]) < 1 || Number(m[1]) > 31) throw new FeedFormatError(`DrawDate ${JSON.stringify(text)} is not DD-Mon-YYYY`);
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

function readingsOf(text: string): FeedReading[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  const names = (header ?? []).map((h) => h.trim());
  const at = Object.fromEntries(COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((c) => at[c] < 0);
  if (missing.length) throw new FeedFormatError(`not the draw-history layout (${missing.join(', ')} missing)`);
  if (rows.length === 0) throw new FeedFormatError('no draw in the draw history');
  return rows.map((row, i) => {
    const cell = (c: (typeof COLUMNS)[number]) => (row[at[c]] ?? '').trim();
    const day = isoDay(cell('DrawDate'));
    const balls = (['Ball 1', 'Ball 2', 'Ball 3', 'Ball 4', 'Ball 5'] as const).map((c) => integerOf(cell(c), `row ${i + 1} ${c}`));
    const stars = (['Lucky Star 1', 'Lucky Star 2'] as const).map((c) => integerOf(cell(c), `row ${i + 1} ${c}`));
    // A date alone: the draw is in Paris in the evening, so midnight UTC of that day is within the engine's date check.
    return { drawNumber: day, drawnAt: new Date(`${day}T00:00:00Z`), result: lotteryResult('FRA01', { zones: [balls, stars], extra: [] }), divisions: [], nextJackpot: null };
  });
}

export function uknlFeed(options: { baseUrl?: string; timeoutMs: number }): ResultFeed {
  const url = joinUrl(options.baseUrl ?? UKNL_BASE_URL, 'results/euromillions/draw-history/csv');
  const history = oncePerPass(async () => {
    const text = await fetchFromSource(url, { expect: 'text', timeoutMs: options.timeoutMs });
    if (text === null) throw new FeedFormatError('no draw history (HTTP 404)');
    return readingsOf(String(text));
  });
  return {
    source: 'uknl',
    confirmed: true,
    products: ['FRA01'],
    newPass: history.forget,
    latest: () =>
      answerOf(async (): Promise<FeedAnswer> => {
        const readings = await history.get();
        return { state: 'reading', reading: readings.reduce((a, b) => (b.drawNumber > a.drawNumber ? b : a)) };
      }),
    byDrawNumber: (_code, draw: DrawRef) =>
      answerOf(async (): Promise<FeedAnswer> => {
        const day = draw.issue.slice(0, 10);
        const found = (await history.get()).filter((r) => r.drawNumber === day);
        if (found.length > 1) throw new FeedFormatError(`${found.length} draws on ${day}`);
        return found[0] ? { state: 'reading', reading: found[0] } : { state: 'not_yet' };
      }),
  };
}
