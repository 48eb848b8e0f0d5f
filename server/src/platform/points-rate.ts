import type { CurrencyCode, PointsRate } from '@gp/common';
import type { Config } from '../config.ts';

/** `"2/65"` → `{ numerator: 2, denominator: 65, currency }`. */
export function pointsRate(config: Pick<Config, 'POINTS_RATES'>, currency: CurrencyCode): PointsRate {
  const text = (config.POINTS_RATES as Record<string, string | undefined>)[currency];
  if (!text) throw new RangeError(`no GP rate configured for ${currency}`);
  const [numerator, denominator] = text.split('/').map(Number) as [number, number];
  return { numerator, denominator, currency };
}
