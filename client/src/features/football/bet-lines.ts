import { combinations, parseOdds, roundToStep, singles, type AllUpFormula } from '@gp/common';
import { slipEvents, type Slip, type SlipPick } from './slip.ts';

/** One bet (or, with multiple-selection legs, one group of bets) of the proxy details. */
export interface BetLine {
  /** The picks of each leg the line combines (a single: one leg of one pick). */
  legs: SlipPick[][];
  /** How many bets the line makes: the product of each leg's selections. */
  bets: number;
  /** unit × bets, in HKD cents. */
  stake: number;
  /** With one selection per leg: the combined odds, and what the bet returns if every leg wins (stake included, to 10 cents). */
  odds: string | null;
  returns: number | null;
}

/** The product of decimal prices as text with two decimals: `combinedOdds(['2.00', '1.50'])` → `'3.00'`. */
export function combinedOdds(prices: readonly string[]): string | null {
  let product = 1n;
  let scale = 1n;
  for (const price of prices) {
    const odds = parseOdds(price);
    if (odds === null) return null;
    product *= BigInt(odds);
    scale *= 1000n;
  }
  // Hundredths, to the nearest (display only; the prize is computed from the exact product).
  const hundredths = roundToStep(product * 100n, scale, 1);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

function line(legs: SlipPick[][], unit: number): BetLine {
  const bets = legs.reduce((n, leg) => n * leg.length, 1);
  const one = legs.every((leg) => leg.length === 1);
  const prices = legs.map((leg) => leg[0]!.odds);
  const odds = one ? combinedOdds(prices) : null;
  let returns: number | null = null;
  if (one && odds !== null) {
    const product = prices.reduce((p, price) => p * BigInt(parseOdds(price)!), 1n);
    returns = Number(roundToStep(BigInt(unit) * product, 1000n ** BigInt(prices.length), 10));
  }
  return { legs, bets, stake: unit * bets, odds, returns };
}

/**
 * Every bet of the slip with its stake (the proxy details): for singles each pick; for an all-up
 * each k-fold combination of its matches, largest folds first, with the match's picks as a
 * multiple-selection leg. `unit` is the amount per bet in HKD cents.
 *
 * Example: 3x4 on matches a, b, c at HK$10 → a×b×c, a×b, a×c, b×c, each HK$10.
 */
export function betLines(slip: Slip, formula: AllUpFormula | null, unit: number): BetLine[] {
  if (slip.mode === 'single') {
    return combinations(singles(slip.picks.length)).map(([i]) => line([[slip.picks[i!]!]], unit));
  }
  if (!formula) return [];
  const legs = slipEvents(slip).map((id) => slip.picks.filter((p) => p.eventId === id));
  if (legs.length !== formula.legs) return [];
  return combinations(formula).map((combo) => line(combo.map((i) => legs[i]!), unit));
}
