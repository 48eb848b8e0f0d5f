import { answerOf, fetchFromSource, joinUrl } from '../http.ts';
import { FeedFormatError, type FeedAnswer, type ResultFeed } from '../types.ts';
import { integerOf, lotteryResult, minorUnitsOf } from '../validate.ts';

/**
 * megamillions.com's `GetLatestDrawData` (reference §4.2, CONFIRMED, undocumented): an ASMX web
 * service; POST `{}` as JSON answers `{"d": "<JSON text>"}` (parsed twice). `Drawing` has the date
 * (`PlayDate`), `N1`…`N5` and `MBall`; `Jackpot` the pools and `Verified`. Only the latest draw is
 * served, so this source has no lookup by draw number. A draw counts only once `Jackpot.Verified`
 * is true (§10.3); until then it is "not yet". `Megaplier` (−1 since April 2025) is not read.
 */
export const MEGAMILLIONS_BASE_URL = 'https://www.megamillions.com';

type Inner = {
  Drawing?: { PlayDate?: unknown; N1?: unknown; N2?: unknown; N3?: unknown; N4?: unknown; N5?: unknown; MBall?: unknown };
  Jackpot?: { NextPrizePool?: unknown; Verified?: unknown };
};

export function megamillionsFeed(options: { baseUrl?: string; timeoutMs: number }): ResultFeed {
  const url = joinUrl(options.baseUrl ?? MEGAMILLIONS_BASE_URL, 'cmspages/utilservice.asmx/GetLatestDrawData');
  return {
    source: 'megamillions',
    confirmed: true,
    products: ['USA02'],
    latest: () =>
      answerOf(async (): Promise<FeedAnswer> => {
        const outer = (await fetchFromSource(url, { method: 'POST', body: '{}', expect: 'json', timeoutMs: options.timeoutMs, headers: { 'Content-Type': 'application/json; charset=UTF-8' } })) as { d?: unknown } | null;
        if (!outer || typeof outer.d !== 'string') throw new FeedFormatError('no "d" text');
        let inner: Inner;
        try {
          inner = JSON.parse(outer.d) as Inner;
        } catch {
          throw new FeedFormatError('"d" is not JSON');
        }
        const drawing = inner.Drawing;
        if (!drawing || typeof drawing.PlayDate !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(drawing.PlayDate)) throw new FeedFormatError('no Drawing.PlayDate');
        if (inner.Jackpot?.Verified !== true) return { state: 'not_yet' };
        const day = drawing.PlayDate.slice(0, 10);
        const white = [drawing.N1, drawing.N2, drawing.N3, drawing.N4, drawing.N5].map((n, i) => integerOf(n, `N${i + 1}`));
        const next = inner.Jackpot.NextPrizePool;
        return {
          state: 'reading',
          reading: {
            drawNumber: day,
            drawnAt: new Date(`${day}T00:00:00Z`),
            result: lotteryResult('USA02', { zones: [white, [integerOf(drawing.MBall, 'MBall')]], extra: [] }),
            divisions: [],
            nextJackpot: next === undefined || next === null ? null : minorUnitsOf(next, 'NextPrizePool'),
          },
        };
      }),
  };
}
