import { ODDS_SCALE } from './odds.ts';

/**
 * What a set of prices says about the outcomes, once the bookmaker's margin is taken out. Each
 * price implies 1 / odds; over a complete market (HAD's H, D, A) those add up to more than 1 by
 * the margin. Proportional normalisation divides each by the total, the simplest de-vig and the
 * one members can check by hand. Prices are integer thousandths (`parseOdds`).
 */

function inverses(odds: readonly number[]): number[] {
  if (odds.length === 0) throw new RangeError('no prices');
  return odds.map((o) => {
    if (!Number.isFinite(o) || o <= ODDS_SCALE) throw new RangeError(`a price must be above 1.00, got ${o / ODDS_SCALE}`);
    return ODDS_SCALE / o;
  });
}

/**
 * The probabilities the prices imply with the margin removed, in the same order; they sum to 1.
 *
 * Example: HAD at 2.10 / 3.20 / 3.40 (`[2100, 3200, 3400]`) → about `[0.440, 0.289, 0.272]`
 * (1/odds: 0.476 + 0.3125 + 0.294 = 1.083; each is divided by 1.083).
 */
export function impliedProbabilities(odds: readonly number[]): number[] {
  const raw = inverses(odds);
  const total = raw.reduce((sum, p) => sum + p, 0);
  return raw.map((p) => p / total);
}

/**
 * The bookmaker's margin: how far the implied probabilities add up past 1.
 *
 * Example: `overround([1900, 1900])` → `0.0526` (two sides at 1.90: 2 / 1.90 − 1);
 * `overround([2100, 3200, 3400])` → about `0.083`.
 */
export function overround(odds: readonly number[]): number {
  return inverses(odds).reduce((sum, p) => sum + p, 0) - 1;
}
