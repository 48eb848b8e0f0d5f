import type { CurrencyCode, LocalAmount, Provenance } from '../products/types.ts';
import { HKJC_CONVENTIONS, type FootballConventions } from './conventions.ts';
import { countBets } from './formulas.ts';
import { FOOTBALL_MARKETS } from './markets.ts';
import { footballMaxPrize } from './settle-slip.ts';
import { slipLegs, slipShapeProblem, slipStructure, type FootballSlip, type FootballSlipProblem } from './slip.ts';

/**
 * One band of the handling-fee schedule: from `fromStake` (minor units, inclusive) the fee is
 * `fixed` plus `basisPoints` / 10,000 of the stake, rounded up to the minor unit.
 */
export interface FeeBand {
  fromStake: number;
  fixed: number;
  basisPoints: number;
}

/** The handling fee, a deployment setting (issue 4: "the handling fee schedule is configuration"). */
export interface FeeSchedule extends Provenance {
  /** Ordered by `fromStake`, the first starting at 0. */
  bands: readonly FeeBand[];
}

/** The stake rules of HKS01, all in `currency` minor units. */
export interface FootballStakeRules {
  currency: CurrencyCode;
  /** The smallest stake of one bet (spec §5, reference §3). */
  minUnitStake: { amount: number } & Provenance;
  /** Stakes are whole multiples of this (HKJC's calculator takes whole dollars). */
  unitStakeStep: { amount: number } & Provenance;
  /** Bets with a handicap (HDC) leg: the smallest stake, fee excluded (spec §5). */
  handicapMinimum: { amount: number } & Provenance;
  /** The smallest order stake, fee excluded (spec §5). */
  minimumPurchase: { amount: number } & Provenance;
  fees: FeeSchedule;
  /** The largest potential prize of one order; `null` leaves the check to the caller. */
  maxPrize: ({ amount: number } & Provenance) | null;
}

const unconfirmed = (source: string): Provenance => ({ confidence: 'unconfirmed', source });

export const HKS01_STAKE_RULES: FootballStakeRules = {
  currency: 'HKD',
  minUnitStake: {
    amount: 1_000,
    confidence: 'medium',
    source: 'HK$10 a bet: spec §5 and HKJC’s all-up calculator ([S10], reference §3); for singles HKJC’s own wording was not found.',
  },
  unitStakeStep: { amount: 100, ...unconfirmed('Whole dollars, as HKJC’s all-up calculator accepts only an integer unit ([S10]).') },
  handicapMinimum: {
    amount: 20_000,
    ...unconfirmed(
      'HK$200 excluding the fee (spec §5); HKJC states it for all-ups containing HDC [S1]. Read as each single’s stake, and an all-up’s total stake (reference §3 leaves unit vs total open).',
    ),
  },
  minimumPurchase: { amount: 3_000, confidence: 'confirmed', source: 'Spec §5: a HK$30 stake plus a HK$30 fee, about 7.7 GP.' },
  fees: {
    bands: [{ fromStake: 0, fixed: 3_000, basisPoints: 0 }],
    ...unconfirmed('Spec §5 gives one point of the schedule (HK$30 fee on the HK$30 minimum); a flat HK$30 per order is our seed.'),
  },
  maxPrize: null,
};

/**
 * The handling fee of an order staking `stake` minor units.
 * Example: `handlingFee(3_000, { bands: [{ fromStake: 0, fixed: 3_000, basisPoints: 0 }], … })` → `3000`;
 * with bands `[{ fromStake: 0, fixed: 1_000, basisPoints: 500 }]`, a stake of 10,001 → `1000 + ⌈500.05⌉` → `1501`.
 */
export function handlingFee(stake: number, schedule: FeeSchedule): number {
  if (!Number.isSafeInteger(stake) || stake < 0) throw new RangeError(`stake must be whole minor units, got ${stake}`);
  let band: FeeBand | undefined;
  for (const b of schedule.bands) if (b.fromStake <= stake) band = b;
  if (!band) throw new RangeError(`no fee band covers a stake of ${stake}`);
  return band.fixed + Number((BigInt(stake) * BigInt(band.basisPoints) + 9_999n) / 10_000n);
}

/**
 * What a slip costs: bets, stake (unit × bets), handling fee and their total, in the stake's currency.
 * Example: a 3x7 all-up at HK$100 a bet → `{ bets: 7, stake: { amount: 70_000, currency: 'HKD' }, fee: { amount: 3_000, … }, total: { amount: 73_000, … } }`.
 */
export function footballCost(
  slip: FootballSlip,
  rules: FootballStakeRules = HKS01_STAKE_RULES,
): { bets: number; stake: LocalAmount; fee: LocalAmount; total: LocalAmount } {
  const legs = slipLegs(slip);
  const bets = countBets(slipStructure(slip, legs), legs.map((l) => l.picks.length));
  const stake = slip.unitStake.amount * bets;
  if (!Number.isSafeInteger(stake)) throw new RangeError('stake is too large');
  const fee = handlingFee(stake, rules.fees);
  const currency = slip.unitStake.currency;
  return { bets, stake: { amount: stake, currency }, fee: { amount: fee, currency }, total: { amount: stake + fee, currency } };
}

/**
 * Why a slip cannot be bought, or `null` when it can. In the order a member fixes them: the
 * slip's shape (`slipShapeProblem`), the unit stake's fields (`unitStake.amount` /
 * `unitStake.currency`), then `below_minimum_purchase` for a bet under HK$10
 * (`details.rule: 'unitStake'`), a handicap bet under HK$200 (`'handicap'`) or an order under
 * HK$30 (`'purchase'`), each with `details.minimum`; last `exceeds_max_prize` when the most the
 * slip can return is over `rules.maxPrize` (`details.maximum`, `details.maxPrize`).
 *
 * Example: singles, one HAD pick at HK$20 →
 * `{ code: 'below_minimum_purchase', details: { rule: 'purchase', minimum: { amount: 3_000, currency: 'HKD' }, stake: { amount: 2_000, currency: 'HKD' } } }`.
 */
export function validateFootballSlip(
  slip: FootballSlip,
  rules: FootballStakeRules = HKS01_STAKE_RULES,
  conventions: FootballConventions = HKJC_CONVENTIONS,
): FootballSlipProblem | null {
  const shape = slipShapeProblem(slip, conventions);
  if (shape) return shape;
  const unit = slip.unitStake?.amount;
  const fields: Record<string, 'invalid'> = {};
  if (!Number.isSafeInteger(unit) || unit <= 0 || unit % rules.unitStakeStep.amount !== 0) fields['unitStake.amount'] = 'invalid';
  if (slip.unitStake?.currency !== rules.currency) fields['unitStake.currency'] = 'invalid';
  if (Object.keys(fields).length > 0) return { code: 'validation_failed', fields };

  const currency = rules.currency;
  const money = (amount: number): LocalAmount => ({ amount, currency });
  const below = (rule: string, minimum: number, stake: number): FootballSlipProblem => ({
    code: 'below_minimum_purchase',
    details: { rule, minimum: money(minimum), stake: money(stake) },
  });
  if (unit < rules.minUnitStake.amount) return below('unitStake', rules.minUnitStake.amount, unit);

  const { bets, stake } = footballCost(slip, rules);
  const handicap = slip.legs.some((p) => FOOTBALL_MARKETS[p.market].handicapMinimum);
  // A single's bet is one pick at the unit stake; an all-up is one bet of unit × bets.
  const handicapStake = slip.mode === 'single' ? unit : unit * bets;
  if (handicap && handicapStake < rules.handicapMinimum.amount) return below('handicap', rules.handicapMinimum.amount, handicapStake);
  if (stake.amount < rules.minimumPurchase.amount) return below('purchase', rules.minimumPurchase.amount, stake.amount);

  if (rules.maxPrize) {
    const maxPrize = footballMaxPrize(slip, conventions);
    if (maxPrize.amount > rules.maxPrize.amount) {
      return { code: 'exceeds_max_prize', details: { maximum: money(rules.maxPrize.amount), maxPrize } };
    }
  }
  return null;
}
