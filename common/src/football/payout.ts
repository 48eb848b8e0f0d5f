import { HKJC_CONVENTIONS, type FootballConventions } from './conventions.ts';
import { combinations, type BetStructure } from './formulas.ts';
import { ODDS_SCALE } from './odds.ts';

/** What a slip returns, in the stake's minor units (HKD cents). */
export interface StructurePayout {
  /** Everything the slip returns: stake plus winnings of every bet that returns anything. */
  amount: number;
  /** How many bets return something. */
  returningBets: number;
  /** The same split by fold size (`fold: 1` = the singles), for showing a member where it came from. */
  byFold: { fold: number; amount: number }[];
}

/**
 * `numerator / denominator` minor units to the nearest multiple of `step`, halves up (HKJC's
 * calculator: `round(x * 10) / 10` in dollars). Exact, whatever the size.
 * Example: HK$10 at 1.50 × 1.05 is 1,575 cents: `roundToStep(1000n * 1500n * 1050n, 1000n ** 2n, 10)` → `1580n` (HK$15.80).
 */
export function roundToStep(numerator: bigint, denominator: bigint, step: number): bigint {
  const s = BigInt(step);
  return ((2n * numerator + s * denominator) / (2n * s * denominator)) * s;
}

/**
 * What a bet structure returns for a unit stake (minor units) when each selection of each leg
 * returns `legFactors[leg][selection]` thousandths per unit (see `outcomeFactor`): for every
 * combination and every choice of one selection per leg, unit × the product of the factors,
 * rounded to `rounding.step` per bet (or once for the ticket, if the conventions say so).
 *
 * Example: CRS 3x7 at HK$100 a bet (10,000 cents), all three legs won at 22, 7.5 and 15 →
 * `{ amount: 31_270_000, returningBets: 7, byFold: [{ fold: 3, amount: 24_750_000 }, { fold: 2, amount: 6_075_000 }, { fold: 1, amount: 445_000 }] }`
 * (HK$312,700, reference §2.2).
 */
export function structurePayout(
  unitStake: number,
  structure: BetStructure,
  legFactors: readonly (readonly number[])[],
  conventions: FootballConventions = HKJC_CONVENTIONS,
): StructurePayout {
  if (!Number.isSafeInteger(unitStake) || unitStake < 0) throw new RangeError(`unit stake must be whole minor units, got ${unitStake}`);
  if (legFactors.length !== structure.legs) throw new RangeError(`${structure.legs} legs expected, got ${legFactors.length}`);
  const { step, scope } = conventions.rounding;
  const scale = BigInt(ODDS_SCALE);
  const unit = BigInt(unitStake);
  // Bets with the same factors pay the same: group each leg's selections by factor, dropping losers.
  const groups = legFactors.map((factors) => {
    const counts = new Map<number, number>();
    for (const f of factors) {
      if (!Number.isSafeInteger(f) || f < 0) throw new RangeError(`a factor must be whole thousandths, got ${f}`);
      if (f > 0) counts.set(f, (counts.get(f) ?? 0) + 1);
    }
    return [...counts];
  });

  const folds = new Map<number, { rounded: bigint; exact: bigint }>();
  let returningBets = 0;
  let ticketExact = 0n; // in units of 1 / 1000^legs minor units, for per-ticket rounding
  for (const combo of combinations(structure)) {
    const k = combo.length;
    const denominator = scale ** BigInt(k);
    const fold = folds.get(k) ?? { rounded: 0n, exact: 0n };
    const walk = (i: number, product: bigint, count: number) => {
      if (i === k) {
        const numerator = unit * product;
        fold.rounded += roundToStep(numerator, denominator, step) * BigInt(count);
        fold.exact += numerator * BigInt(count);
        ticketExact += numerator * BigInt(count) * scale ** BigInt(structure.legs - k);
        returningBets += count;
        return;
      }
      for (const [factor, n] of groups[combo[i]!]!) walk(i + 1, product * BigInt(factor), count * n);
    };
    walk(0, 1n, 1);
    folds.set(k, fold);
  }

  const byFold = [...folds].map(([fold, sums]) => ({
    fold,
    amount: toSafe(scope === 'perBet' ? sums.rounded : roundToStep(sums.exact, scale ** BigInt(fold), step)),
  }));
  const total =
    scope === 'perBet'
      ? [...folds.values()].reduce((sum, f) => sum + f.rounded, 0n)
      : roundToStep(ticketExact, scale ** BigInt(structure.legs), step);
  return { amount: toSafe(total), returningBets, byFold };
}

function toSafe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('payout is too large');
  return Number(value);
}
