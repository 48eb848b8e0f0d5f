import { ALLUP_LIMITS, footballCost, footballMaxPrize, HKS01_STAKE_RULES, validateFootballSlip, type AllUpFormula } from '@gp/common';
import { conflictingEvents, maxAllUpLegs, resolveFormula, slipEvents, toFootballSlip, type Slip } from './slip.ts';

/** Why the slip cannot be bought as it is, in the terms the screen explains it. Amounts in HKD cents. */
export type SlipProblem =
  | { code: 'empty' }
  | { code: 'noAmount' }
  | { code: 'oneMarketPerMatch'; eventIds: string[] }
  | { code: 'legCount'; minimum: number; maximum: number; legs: number }
  | { code: 'noFormula'; wins: number; legs: number }
  | { code: 'belowMinimum'; rule: 'unitStake' | 'handicap' | 'purchase'; minimum: number }
  | { code: 'invalid' };

/** What the slip costs and can win by the common rules, before (and while) the server's quote arrives. */
export interface SlipPreview {
  formula: AllUpFormula | null;
  bets: number;
  /** HKD cents. */
  stake: number;
  fee: number;
  total: number;
  maxPrize: number;
}

/** The formula the slip is bought with: its all-up choice on its number of matches; null for singles. */
export function slipFormula(slip: Slip): AllUpFormula | null {
  return slip.mode === 'allup' ? resolveFormula(slip.allUp, slipEvents(slip).length) : null;
}

/**
 * The first thing the member has to fix, or null. The slip's own structure first (picks, the
 * amount, one market per match, 2–8 matches or 6 with CRS/FCS/HFT/FGS, a formula for "at least
 * N"), then the common `validateFootballSlip` stake rules: HK$10 a bet, HK$200 with a handicap
 * (HDC), HK$30 an order. The maximum prize is the server's check (its limit is in GP).
 *
 * Example: an all-up of one match → `{ code: 'legCount', minimum: 2, maximum: 8, legs: 1 }`.
 */
export function slipProblem(slip: Slip): SlipProblem | null {
  if (slip.picks.length === 0) return { code: 'empty' };
  if (slip.mode === 'allup') {
    const conflicts = conflictingEvents(slip);
    if (conflicts.length > 0) return { code: 'oneMarketPerMatch', eventIds: conflicts };
    const legs = slipEvents(slip).length;
    const maximum = maxAllUpLegs(slip.picks);
    if (legs < ALLUP_LIMITS.minLegs || legs > maximum) return { code: 'legCount', minimum: ALLUP_LIMITS.minLegs, maximum, legs };
    if (!slipFormula(slip)) return { code: 'noFormula', wins: slip.allUp.kind === 'atLeast' ? slip.allUp.wins : legs, legs };
  }
  if (slip.unitDollars === null || !Number.isSafeInteger(slip.unitDollars) || slip.unitDollars <= 0) return { code: 'noAmount' };
  const problem = validateFootballSlip(toFootballSlip(slip, slipFormula(slip)));
  if (!problem) return null;
  const details = problem.details ?? {};
  if (problem.code === 'below_minimum_purchase') {
    const rule = details.rule as 'unitStake' | 'handicap' | 'purchase';
    return { code: 'belowMinimum', rule, minimum: (details.minimum as { amount: number }).amount };
  }
  if (details.rule === 'legCount') {
    return { code: 'legCount', minimum: Number(details.minimum), maximum: Number(details.maximum), legs: Number(details.legs) };
  }
  return { code: 'invalid' };
}

/**
 * The slip with its amount per bet following its picks while the member has not typed one: the
 * smallest whole-dollar amount the stake rules take (HK$10 a bet, HK$30 an order, HK$200 with a
 * handicap), so a first slip can be bought as it is. A slip that cannot be priced yet keeps its amount.
 *
 * Example: one single → HK$30; three singles → HK$10 each; one handicap (HDC) single → HK$200.
 */
export function withAutoUnit(slip: Slip): Slip {
  if (slip.autoUnit !== true || slip.picks.length === 0) return slip;
  const { minUnitStake, minimumPurchase, handicapMinimum } = HKS01_STAKE_RULES;
  const dollars = (cents: number) => Math.ceil(cents / 100);
  const bets = Math.max(1, slipPreview({ ...slip, unitDollars: dollars(minUnitStake.amount) })?.bets ?? 1);
  // Each rule's threshold is one of these amounts a bet: the first the rules accept is the smallest.
  const candidates = [minUnitStake.amount, minimumPurchase.amount / bets, handicapMinimum.amount / bets, minimumPurchase.amount, handicapMinimum.amount].map(dollars);
  for (const unitDollars of [...new Set(candidates)].sort((a, b) => a - b)) {
    const problem = slipProblem({ ...slip, unitDollars });
    if (problem?.code !== 'belowMinimum') return unitDollars === slip.unitDollars ? slip : { ...slip, unitDollars };
  }
  return slip;
}

/**
 * Bets, stake, fee, total and maximum prize by the common rules, or null when the slip's
 * structure cannot be priced yet (no picks, no amount, the wrong number of matches).
 */
export function slipPreview(slip: Slip): SlipPreview | null {
  const problem = slipProblem(slip);
  if (problem && problem.code !== 'belowMinimum') return null;
  try {
    const formula = slipFormula(slip);
    const footballSlip = toFootballSlip(slip, formula);
    const cost = footballCost(footballSlip);
    return {
      formula,
      bets: cost.bets,
      stake: cost.stake.amount,
      fee: cost.fee.amount,
      total: cost.total.amount,
      maxPrize: footballMaxPrize(footballSlip).amount,
    };
  } catch {
    return null;
  }
}
