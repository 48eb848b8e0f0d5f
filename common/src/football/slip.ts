import type { FieldCode } from '../errors.ts';
import type { LocalAmount } from '../products/types.ts';
import { HKJC_CONVENTIONS, type FootballConventions } from './conventions.ts';
import { ALLUP_LIMITS, allUpFormula, countBets, singles, type BetStructure } from './formulas.ts';
import { FOOTBALL_MARKETS, type MarketCode } from './markets.ts';
import { pickProblems, type FootballPick } from './settle-leg.ts';

/**
 * A football order body (API.md): singles, or one all-up with its formula. The body's `legs` are
 * single picks; several picks on the same match and market make one multiple-selection leg, so
 * in this module a **pick** is an entry of `slip.legs` and a **leg** is a match (`SlipLeg`).
 */
export interface FootballSlip {
  mode: 'single' | 'allup';
  /** The all-up formula, e.g. `"3x4"`; absent for singles. */
  formula?: string;
  legs: readonly (FootballPick & { eventId: string })[];
  unitStake: LocalAmount;
}

/** One leg: the picks (indices into `slip.legs`) on one match and market. */
export interface SlipLeg {
  eventId: string;
  market: MarketCode;
  picks: readonly number[];
}

/** A refusal in the shape of API.md's error body (the server adds the message). */
export interface FootballSlipProblem {
  code: 'validation_failed' | 'below_minimum_purchase' | 'exceeds_max_prize';
  fields?: Record<string, FieldCode>;
  details?: Record<string, unknown>;
}

/**
 * The slip's legs in order of first appearance: one per match in an all-up, one per match and
 * market for singles (picks on one market of one match exclude each other, which the maximum
 * prize uses). Example: an all-up with picks on e1 HAD `H`, e2 CRS `1:0`, e1 HAD `D` →
 * `[{ eventId: 'e1', market: 'HAD', picks: [0, 2] }, { eventId: 'e2', market: 'CRS', picks: [1] }]`.
 */
export function slipLegs(slip: FootballSlip): SlipLeg[] {
  const legs = new Map<string, { eventId: string; market: MarketCode; picks: number[] }>();
  for (const [i, pick] of slip.legs.entries()) {
    const key = slip.mode === 'allup' ? pick.eventId : `${pick.eventId}\u0000${pick.market}`;
    const leg = legs.get(key);
    if (leg) leg.picks.push(i);
    else legs.set(key, { eventId: pick.eventId, market: pick.market, picks: [i] });
  }
  return [...legs.values()];
}

/**
 * How the slip's legs make bets: its formula, or singles. Throws for an unknown formula.
 * Example: an all-up with `formula: '3x4'` → `allUpFormula('3x4')`; three singles → `{ legs: 3, folds: [1] }`.
 */
export function slipStructure(slip: FootballSlip, legs: readonly SlipLeg[] = slipLegs(slip)): BetStructure {
  if (slip.mode === 'single') return singles(legs.length);
  const formula = allUpFormula(slip.formula ?? '');
  if (!formula) throw new RangeError(`unknown all-up formula ${slip.formula}`);
  return formula;
}

/**
 * How many bets the slip makes (reference §2.2). Example: singles on three picks → `3`; a 3x7
 * all-up with two selections on its first match → `2·1·1 + (2 + 2 + 1) + (2 + 1 + 1)` → `11`.
 */
export function slipBets(slip: FootballSlip): number {
  const legs = slipLegs(slip);
  return countBets(slipStructure(slip, legs), legs.map((l) => l.picks.length));
}

/**
 * What is wrong with a slip's shape, or `null`. Field problems first (`validation_failed` with
 * `legs.<i>.<field>`, `formula`, `mode` codes), then the all-up structure (reference §2.1): 2 to 8
 * matches, at most 6 with CRS, FCS, HFT or FGS (`legs: invalid`, `details.rule: 'legCount'`), one
 * market per match (`details.rule: 'oneMarketPerMatch'`), the formula's leg count
 * (`details.rule: 'formulaLegs'`). Stakes are checked by `validateFootballSlip`.
 *
 * Example: a 7-match all-up with a CRS leg →
 * `{ code: 'validation_failed', fields: { legs: 'invalid' }, details: { rule: 'legCount', minimum: 2, maximum: 6, legs: 7 } }`.
 */
export function slipShapeProblem(slip: FootballSlip, conventions: FootballConventions = HKJC_CONVENTIONS): FootballSlipProblem | null {
  const fields: Record<string, FieldCode> = {};
  const flag = (field: string, code: FieldCode) => {
    fields[field] ??= code;
  };
  if (slip.mode !== 'single' && slip.mode !== 'allup') flag('mode', 'invalid');
  if (!Array.isArray(slip.legs) || slip.legs.length === 0) return { code: 'validation_failed', fields: { ...fields, legs: 'required' } };

  const seen = new Set<string>();
  for (const [i, pick] of slip.legs.entries()) {
    if (typeof pick.eventId !== 'string' || pick.eventId.trim() === '') flag(`legs.${i}.eventId`, 'required');
    for (const [field, code] of Object.entries(pickProblems(pick, conventions))) flag(`legs.${i}.${field}`, code);
    const key = JSON.stringify([pick.eventId, pick.market, pick.line ?? null, pick.selection]);
    if (seen.has(key)) flag(`legs.${i}.selection`, 'invalid');
    seen.add(key);
  }
  if (slip.mode === 'allup') {
    if (slip.formula === undefined) flag('formula', 'required');
    else if (!allUpFormula(slip.formula)) flag('formula', 'invalid');
  } else if (slip.formula !== undefined) flag('formula', 'invalid');
  if (Object.keys(fields).length > 0) return { code: 'validation_failed', fields };
  if (slip.mode === 'single') return null;

  const markets = new Map<string, MarketCode>();
  for (const [i, pick] of slip.legs.entries()) {
    const market = markets.get(pick.eventId);
    if (market !== undefined && market !== pick.market) {
      return {
        code: 'validation_failed',
        fields: { [`legs.${i}.market`]: 'invalid' },
        details: { rule: 'oneMarketPerMatch', eventId: pick.eventId },
      };
    }
    markets.set(pick.eventId, pick.market);
  }
  const matches = markets.size;
  const restricted = [...markets.values()].some((m) => FOOTBALL_MARKETS[m].restricted);
  const maximum = restricted ? ALLUP_LIMITS.maxLegsRestricted : ALLUP_LIMITS.maxLegs;
  if (matches < ALLUP_LIMITS.minLegs || matches > maximum) {
    return {
      code: 'validation_failed',
      fields: { legs: 'invalid' },
      details: { rule: 'legCount', minimum: ALLUP_LIMITS.minLegs, maximum, legs: matches },
    };
  }
  const formula = allUpFormula(slip.formula!)!;
  if (formula.legs !== matches) {
    return { code: 'validation_failed', fields: { formula: 'invalid' }, details: { rule: 'formulaLegs', legs: matches, formulaLegs: formula.legs } };
  }
  return null;
}
