import { answerOf, fetchFromSource, joinUrl } from '../http.ts';
import { FeedFormatError, type DrawRef, type FeedAnswer, type FeedReading, type ResultFeed } from '../types.ts';
import { integerOf, lotteryResult } from '../validate.ts';
import { zonedDateTime } from './local-time.ts';

/**
 * FDJ's draw service for EuroMillions (reference §5.1, CONFIRMED by many implementations but
 * undocumented): GET `<base>/games/euromillions/draws?include=results,addons&range=0-0` answers a
 * JSON list of draws, the newest first (`range=0-0`: the latest only); `&drawn_at=YYYY-MM-DD`
 * asks for one date. Each draw has `drawn_at` and `results[]` of `{ type, value }`; the My
 * Million code (`addons`) is not a result we settle. No prize table was seen with these
 * `include` values, so FDJ gives no pool amounts here (staff enter them, or a later source).
 *
 * UNCONFIRMED (reference §11): the `type` strings that tell the five numbers from the two Lucky
 * Stars. Read below: a type naming a star (star, étoile) is a star, one naming a number or ball
 * (number, numéro, ball, boule) a main number; any other type is a malformed answer (`down`),
 * never a guess. `STAR_TYPE` / `MAIN_TYPE` are the one place to change once a capture shows them.
 */
export const FDJ_BASE_URL = 'https://www.fdj.fr/api/service-draws/v1';

const PARIS = 'Europe/Paris';

export const STAR_TYPE = /star|[eé]toile/i;
export const MAIN_TYPE = /num|ball|boule/i;

type Draw = { drawn_at?: unknown; results?: unknown };

/** A drawn draw's reading, or null when the draw is listed without its results yet. */
function readingOf(draw: Draw): FeedReading | null {
  if (typeof draw.drawn_at !== 'string') throw new FeedFormatError('no drawn_at');
  const { day, at } = zonedDateTime(PARIS, draw.drawn_at, 'drawn_at');
  if (draw.results === undefined || draw.results === null || (Array.isArray(draw.results) && draw.results.length === 0)) return null;
  if (!Array.isArray(draw.results)) throw new FeedFormatError('results is not a list');
  const main: number[] = [];
  const stars: number[] = [];
  for (const [i, item] of (draw.results as Array<{ type?: unknown; value?: unknown }>).entries()) {
    const type = typeof item?.type === 'string' ? item.type : '';
    const value = integerOf(item?.value, `results[${i}].value`);
    if (STAR_TYPE.test(type)) stars.push(value);
    else if (MAIN_TYPE.test(type)) main.push(value);
    else throw new FeedFormatError(`results[${i}] has an unknown type ${JSON.stringify(item?.type)}`);
  }
  // lotteryResult checks five numbers 1–50 and two stars 1–12, no repeats.
  return { drawNumber: day, drawnAt: at, result: lotteryResult('FRA01', { zones: [main, stars], extra: [] }), divisions: [], nextJackpot: null };
}

export function fdjFeed(options: { baseUrl?: string; timeoutMs: number }): ResultFeed {
  const base = options.baseUrl ?? FDJ_BASE_URL;
  async function draws(query: string): Promise<Draw[]> {
    const answer = await fetchFromSource(joinUrl(base, `games/euromillions/draws?include=results,addons&range=0-0${query}`), { expect: 'json', timeoutMs: options.timeoutMs });
    if (!Array.isArray(answer)) throw new FeedFormatError('not a list of draws');
    return answer as Draw[];
  }
  return {
    source: 'fdj',
    confirmed: true,
    products: ['FRA01'],
    latest: () =>
      answerOf(async (): Promise<FeedAnswer> => {
        const [newest] = await draws('');
        const reading = newest ? readingOf(newest) : null;
        return reading ? { state: 'reading', reading } : { state: 'not_yet' };
      }),
    byDrawNumber: (_code, draw: DrawRef) =>
      answerOf(async (): Promise<FeedAnswer> => {
        // Our EuroMillions issues start with the Paris draw date (`2026-08-14`).
        const day = draw.issue.slice(0, 10);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new FeedFormatError(`issue ${draw.issue} is not dated`);
        // A service that ignored `drawn_at` and answered its latest draw answers no draw of that day.
        const found = (await draws(`&drawn_at=${day}`)).filter((d) => typeof d.drawn_at === 'string' && zonedDateTime(PARIS, d.drawn_at, 'drawn_at').day === day);
        if (found.length > 1) throw new FeedFormatError(`${found.length} draws on ${day}`);
        const reading = found[0] ? readingOf(found[0]) : null;
        return reading ? { state: 'reading', reading } : { state: 'not_yet' };
      }),
  };
}
