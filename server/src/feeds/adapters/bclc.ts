import { answerOf, FeedDownError, fetchFromSource, joinUrl } from '../http.ts';
import { FeedFormatError, type DrawRef, type FeedAnswer, type FeedReading, type ResultFeed } from '../types.ts';
import { integerOf, integersOf, kenoResult } from '../validate.ts';
import { zonedDateTime } from './local-time.ts';

/**
 * BCLC's keno JSON (reference §8.1) for Canada Keno. **UNCONFIRMED**: every piece of evidence is
 * 2014–2018 code, so whether it still answers is not known — built to the documented format, its
 * base URL is configuration (`RESULT_FEED_URLS.bclc`; the playnow.com mirror serves the same paths)
 * and the console marks the source unconfirmed. GET `<base>/services2/keno/draw/latest/today`:
 * today's draws, newest first, each `drawNbr`, `drawDate`, `drawTime`, `drawNbrs` (20 of 1–80);
 * GET `<base>/services2/keno/draw/<drawNbr>/1`: that draw (a list, or the draw alone).
 *
 * Also unconfirmed: whether `drawNbrs` is in draw order (read as a set: Canada Keno has no super
 * number, so nothing depends on the order), the bonus multiplier's field (not read), and the
 * date format — `drawDate` `YYYY-MM-DD` with `drawTime` `HH:MM[:SS]` Pacific time is read, and a
 * draw whose date and time cannot be read is a malformed answer, since the engine matches draws by number
 * and checks the time (our CAB01 numbering must follow BCLC's `drawNbr` before anything matches;
 * with its time a reading must name our draw within 90 seconds, `drawnAtExact`).
 */
export const BCLC_BASE_URL = 'http://lotto.bclc.com';

const PACIFIC = 'America/Vancouver';

type Draw = { drawNbr?: unknown; drawDate?: unknown; drawTime?: unknown; drawNbrs?: unknown };

function readingOf(draw: Draw): FeedReading {
  const number = integerOf(draw.drawNbr, 'drawNbr');
  if (typeof draw.drawDate !== 'string') throw new FeedFormatError(`draw ${number} has no drawDate`);
  // Draws minutes apart: without its time a reading cannot be told from its neighbours (see drawnAtExact).
  if (typeof draw.drawTime !== 'string' || !/^\d{1,2}:\d{2}(:\d{2})?$/.test(draw.drawTime.trim())) throw new FeedFormatError(`draw ${number} drawTime ${JSON.stringify(draw.drawTime)} is not HH:MM[:SS]`);
  const { at } = zonedDateTime(PACIFIC, `${draw.drawDate.trim().replace(/\//g, '-')}T${draw.drawTime.trim().replace(/^(\d):/, '0$1:')}`, 'drawDate');
  const numbers = integersOf(draw.drawNbrs, 'drawNbrs');
  // No super number in Canada Keno: the last listed stands in for kenoResult's check, and the
  // fingerprint of a product without one compares the numbers only (publish.ts).
  return { drawNumber: String(number), drawnAt: at, drawnAtExact: true, result: kenoResult('CAB01', numbers, numbers.at(-1) ?? 0, false), divisions: [], nextJackpot: null };
}

const drawsOf = (answer: unknown): Draw[] => {
  if (Array.isArray(answer)) return answer as Draw[];
  if (answer && typeof answer === 'object' && 'drawNbr' in answer) return [answer as Draw];
  throw new FeedFormatError('not a list of draws');
};

export function bclcFeed(options: { baseUrl?: string; timeoutMs: number }): ResultFeed {
  const base = options.baseUrl ?? BCLC_BASE_URL;
  /** A 404 on one draw is "not yet"; on today's list it means the service is gone (`down`). */
  const get = async (path: string, missing: 'not_yet' | 'down') => {
    const answer = await fetchFromSource(joinUrl(base, `services2/keno/${path}`), { expect: 'json', timeoutMs: options.timeoutMs });
    if (answer === null && missing === 'down') throw new FeedDownError(`no ${path} (HTTP 404)`);
    return answer === null ? [] : drawsOf(answer);
  };
  return {
    source: 'bclc',
    confirmed: false,
    products: ['CAB01'],
    latest: () =>
      answerOf(async (): Promise<FeedAnswer> => {
        const draws = await get('draw/latest/today', 'down');
        if (draws.length === 0) return { state: 'not_yet' };
        const newest = draws.reduce((a, b) => (integerOf(b.drawNbr, 'drawNbr') > integerOf(a.drawNbr, 'drawNbr') ? b : a));
        return { state: 'reading', reading: readingOf(newest) };
      }),
    byDrawNumber: (_code, draw: DrawRef) =>
      answerOf(async (): Promise<FeedAnswer> => {
        if (!/^\d{1,12}$/.test(draw.issue)) throw new FeedFormatError(`issue ${draw.issue} is not a draw number`);
        const found = (await get(`draw/${draw.issue}/1`, 'not_yet')).filter((d) => String(d.drawNbr) === draw.issue);
        if (found.length > 1) throw new FeedFormatError(`${found.length} draws numbered ${draw.issue}`);
        return found[0] ? { state: 'reading', reading: readingOf(found[0]) } : { state: 'not_yet' };
      }),
  };
}
