import { answerOf, fetchFromSource, joinUrl } from '../http.ts';
import { FeedFormatError, type DrawRef, type FeedAnswer, type FeedDivision, type FeedReading, type ResultFeed } from '../types.ts';
import { integerOf, integersOf, lotteryResult, minorUnitsOf } from '../validate.ts';
import { oncePerPass } from './per-pass.ts';

/**
 * The Lott's results service for Australian Powerball (reference §7, CONFIRMED): POST
 * `<base>/sales/vmax/web/data/lotto/latestresults` with `{ CompanyId, MaxDrawCountPerProduct,
 * OptionalProductFilter: ["Powerball"] }`, answering `{ DrawResults[], ErrorInfo, Success }`.
 * Each draw: `DrawNumber`, `DrawDate`, `PrimaryNumbers` (7), `SecondaryNumbers` ([the
 * Powerball]), `Dividends[]` of `{ Division 1–9, BlocNumberOfWinners, BlocDividend }` (AUD per
 * winner, national). Powerball is a national draw, so any brand gives the same numbers; we ask as
 * Golden Casket (Queensland, the zone of our calendar). `Dividends` are empty right after the draw
 * and fill in later: pool amounts are taken only once all nine divisions are there (§10.3), and
 * only for divisions someone won (a division nobody won pays nobody; its figure is a pool, not a
 * prize). The service has no next-jackpot figure (the sibling call for open draws is unconfirmed).
 */
export const THELOTT_BASE_URL = 'https://data.api.thelott.com';

const COMPANY_ID = 'GoldenCasket';
/** Recent draws read once per pass: the latest and the few due ones the engine asks about. */
const DRAW_COUNT = 10;

type Draw = { ProductId?: unknown; DrawNumber?: unknown; DrawDate?: unknown; PrimaryNumbers?: unknown; SecondaryNumbers?: unknown; Dividends?: unknown };
type Dividend = { Division?: unknown; BlocNumberOfWinners?: unknown; BlocDividend?: unknown };

function readingOf(draw: Draw): FeedReading {
  const number = integerOf(draw.DrawNumber, 'DrawNumber');
  if (typeof draw.DrawDate !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(draw.DrawDate)) throw new FeedFormatError(`DrawDate ${JSON.stringify(draw.DrawDate)}`);
  const day = draw.DrawDate.slice(0, 10);
  const primary = integersOf(draw.PrimaryNumbers, 'PrimaryNumbers');
  const secondary = integersOf(draw.SecondaryNumbers, 'SecondaryNumbers');
  if (!Array.isArray(draw.Dividends ?? [])) throw new FeedFormatError('Dividends is not a list');
  const dividends = (draw.Dividends ?? []) as Dividend[];
  const byDivision = new Map(dividends.map((d, i) => [integerOf(d.Division, `Dividends[${i}].Division`), d]));
  if (byDivision.size !== dividends.length) throw new FeedFormatError('a division listed twice');
  const complete = [1, 2, 3, 4, 5, 6, 7, 8, 9].every((n) => byDivision.has(n));
  const divisions: FeedDivision[] = [];
  if (complete) {
    for (const [division, d] of byDivision) {
      const winners = integerOf(d.BlocNumberOfWinners, `division ${division} BlocNumberOfWinners`);
      if (winners > 0) divisions.push({ division, amount: minorUnitsOf(d.BlocDividend, `division ${division} BlocDividend`), winners });
    }
  }
  return {
    drawNumber: String(number),
    // Brisbane keeps no daylight saving: the draw's date is the day at +10:00.
    drawnAt: new Date(`${day}T00:00:00+10:00`),
    result: lotteryResult('AUA01', { zones: [primary, secondary], extra: [] }),
    divisions: divisions.sort((a, b) => a.division - b.division),
    nextJackpot: null,
  };
}

export function thelottFeed(options: { baseUrl?: string; timeoutMs: number }): ResultFeed {
  const url = joinUrl(options.baseUrl ?? THELOTT_BASE_URL, 'sales/vmax/web/data/lotto/latestresults');
  const recent = oncePerPass(async (): Promise<Draw[]> => {
    const body = JSON.stringify({ CompanyId: COMPANY_ID, MaxDrawCountPerProduct: DRAW_COUNT, OptionalProductFilter: ['Powerball'] });
    const answer = (await fetchFromSource(url, { method: 'POST', body, expect: 'json', timeoutMs: options.timeoutMs, headers: { 'Content-Type': 'application/json' } })) as { Success?: unknown; ErrorInfo?: { DisplayMessage?: unknown } | null; DrawResults?: unknown } | null;
    if (!answer) throw new FeedFormatError('empty answer');
    if (answer.Success !== true) throw new FeedFormatError(`Success is not true (${String(answer.ErrorInfo?.DisplayMessage ?? 'no message')})`);
    if (!Array.isArray(answer.DrawResults)) throw new FeedFormatError('no DrawResults');
    return (answer.DrawResults as Draw[]).filter((d) => d.ProductId === 'Powerball');
  });
  return {
    source: 'thelott',
    confirmed: true,
    products: ['AUA01'],
    newPass: recent.forget,
    latest: () =>
      answerOf(async (): Promise<FeedAnswer> => {
        const draws = await recent.get();
        if (draws.length === 0) return { state: 'not_yet' };
        const newest = draws.reduce((a, b) => (integerOf(b.DrawNumber, 'DrawNumber') > integerOf(a.DrawNumber, 'DrawNumber') ? b : a));
        return { state: 'reading', reading: readingOf(newest) };
      }),
    byDrawNumber: (_code, draw: DrawRef) =>
      answerOf(async (): Promise<FeedAnswer> => {
        const found = (await recent.get()).filter((d) => String(d.DrawNumber) === draw.issue);
        if (found.length > 1) throw new FeedFormatError(`${found.length} draws numbered ${draw.issue}`);
        return found[0] ? { state: 'reading', reading: readingOf(found[0]) } : { state: 'not_yet' };
      }),
  };
}
