import { ODDS_SCALE, type MarketCode } from '@gp/common';
import type { OutcomeDistribution } from './outcomes.ts';

/**
 * From probabilities to the prices we offer. Margins are data: a deployment that wants tighter
 * or wider books changes this table, not the code. Two-way line markets carry a small margin so
 * both sides sit near 1.85–1.95 on a balanced line; exotic markets a large one, as bookmakers do.
 */
export const MARKET_MARGINS: Readonly<Record<MarketCode, number>> = {
  HAD: 0.12,
  FHA: 0.12,
  HHA: 0.12,
  HDC: 0.06,
  HIL: 0.06,
  FHL: 0.07,
  CHL: 0.07,
  CRS: 0.25,
  FCS: 0.25,
  HFT: 0.25,
  FGS: 0.25,
  TTG: 0.25,
  OOE: 0.1,
  FTS: 0.1,
};

export const MIN_ODDS = 1_010;
export const MAX_ODDS = 1_000_000;

/**
 * The fair price: the odds o at which one unit staked returns one unit on average. A leg's return
 * is linear in o (win → o, half win → (o + 1) / 2, push → 1, half loss → ½, loss → 0), so
 * E = o·(pW + pHW/2) + pHW/2 + pP + pHL/2 = 1 solves directly.
 *
 * Example: `[0.5, 0, 0, 0, 0.5]` → 2; `[0.4, 0, 0.2, 0, 0.4]` (a whole line with a push) → 2.
 */
export function fairOdds([win, halfWin, push, halfLoss]: OutcomeDistribution): number {
  const paying = win + halfWin / 2;
  if (paying <= 0) return Number.POSITIVE_INFINITY;
  return (1 - halfWin / 2 - push - halfLoss / 2) / paying;
}

/**
 * The price ladder, as HKJC quotes: cents below 5, then 0.05 up to 10, 0.50 up to 20, whole
 * units up to 50, fives up to 100 and fifties above (`4.25`, `6.80`, `12.50`, `23.00`, `60.00`,
 * `350.0`). Coarse steps on long shots also keep a small walk in λ from rewriting every
 * correct-score price on every tick.
 */
const LADDER: ReadonlyArray<[below: number, step: number]> = [
  [5_000, 10],
  [10_000, 50],
  [20_000, 500],
  [50_000, 1_000],
  [100_000, 5_000],
  [Number.POSITIVE_INFINITY, 50_000],
];

/**
 * A decimal price as offered thousandths: rounded down to the ladder (never in the member's
 * favour) and clamped to 1.01–1000. Example: `toOfferedThousandths(1.8867)` → `1880`;
 * `toOfferedThousandths(13.2)` → `13000`; `toOfferedThousandths(0.97)` → `1010`.
 */
export function toOfferedThousandths(odds: number): number {
  if (!(odds > 0)) return MIN_ODDS;
  const raw = Math.min(odds, MAX_ODDS / ODDS_SCALE) * ODDS_SCALE;
  const step = LADDER.find(([below]) => raw < below)![1];
  // The epsilon keeps 1.88 (= 1879.9999… after float maths) from falling a whole step.
  const floored = Math.floor(raw / step + 1e-9) * step;
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, floored));
}

/** The offered price of one selection: fair odds less the market's margin, on the ladder. */
export function offeredOdds(market: MarketCode, distribution: OutcomeDistribution): number {
  return toOfferedThousandths(fairOdds(distribution) / (1 + MARKET_MARGINS[market]));
}
