import type { LocalAmount } from '../products/types.ts';
import { HKJC_CONVENTIONS, type FootballConventions, type LegOutcome } from './conventions.ts';
import { countBets } from './formulas.ts';
import { parseLine } from './lines.ts';
import { FOOTBALL_MARKETS, NO_FIRST_SCORER } from './markets.ts';
import { structurePayout } from './payout.ts';
import { settlePick, type FootballPick, type MatchResult, type Score } from './settle-leg.ts';
import { slipLegs, slipStructure, type FootballSlip, type SlipLeg } from './slip.ts';

export interface SettledPick {
  /** Index of the pick in `slip.legs`. */
  pick: number;
  eventId: string;
  outcome: LegOutcome;
  /** What one unit on this pick returns, in thousandths (see `outcomeFactor`). */
  factor: number;
}

export interface FootballSettlement {
  /** Everything the slip returns (winnings, stake back on void and push legs, refunds). */
  payout: LocalAmount;
  /** The part of `payout` from bets whose every leg was void: stake refunded, not a prize. */
  refund: LocalAmount;
  returningBets: number;
  byFold: { fold: number; amount: number }[];
  picks: SettledPick[];
}

/**
 * Settles a slip `slipShapeProblem` accepted on its matches' results: each pick settles on its
 * own (`settlePick`), then every bet of the formula (or every single) pays unit stake × the
 * product of its legs' factors, rounded to 10 cents. A void leg counts as odds 1; a single on a
 * cancelled or postponed match comes back as a refund. Throws a RangeError when a result is missing.
 *
 * Example: singles, HK$1,000 on HAD `H` at 2.10, the home side wins →
 * `{ payout: { amount: 210_000, currency: 'HKD' }, refund: { amount: 0, … }, … }` (HK$2,100).
 */
export function settleFootballSlip(
  slip: FootballSlip,
  results: Readonly<Record<string, MatchResult>>,
  conventions: FootballConventions = HKJC_CONVENTIONS,
): FootballSettlement {
  const legs = slipLegs(slip);
  const structure = slipStructure(slip, legs);
  const picks: SettledPick[] = slip.legs.map((pick, i) => {
    const result = results[pick.eventId];
    if (!result) throw new RangeError(`no result for event ${pick.eventId}`);
    return { pick: i, eventId: pick.eventId, ...settlePick(pick, result, conventions) };
  });
  const factors = legs.map((leg) => leg.picks.map((i) => picks[i]!.factor));
  const paid = structurePayout(slip.unitStake.amount, structure, factors, conventions);
  const voids = legs.map((leg) => leg.picks.filter((i) => picks[i]!.outcome === 'void').length);
  const currency = slip.unitStake.currency;
  return {
    payout: { amount: paid.amount, currency },
    refund: { amount: slip.unitStake.amount * countBets(structure, voids), currency },
    returningBets: paid.returningBets,
    byFold: paid.byFold,
    picks,
  };
}

/**
 * The most a slip can return, for the quote's `maxPrize` and `exceeds_max_prize`: each leg at
 * the result that makes its picks return the most (the legs are different matches, so these
 * results can all happen), every bet then paid as `settleFootballSlip` would. Like HKJC's
 * dividends it includes the stake, and a void match is one of the results (it returns every
 * selection at odds 1), so it is never below the stake. Singles on different markets of one
 * match are taken as independent, so for them it is an upper bound.
 *
 * Example: a 3x7 CRS all-up at HK$100 a bet on 22, 7.5 and 15 → `{ amount: 31_270_000, currency: 'HKD' }`.
 */
export function footballMaxPrize(slip: FootballSlip, conventions: FootballConventions = HKJC_CONVENTIONS): LocalAmount {
  const legs = slipLegs(slip);
  const factors = legs.map((leg) => bestFactors(slip, leg, conventions));
  const paid = structurePayout(slip.unitStake.amount, slipStructure(slip, legs), factors, conventions);
  return { amount: paid.amount, currency: slip.unitStake.currency };
}

/** The factors of a leg's picks under the result that returns the most on them together. */
function bestFactors(slip: FootballSlip, leg: SlipLeg, conventions: FootballConventions): number[] {
  const picks = leg.picks.map((i) => slip.legs[i]!);
  let best: number[] = [];
  let bestSum = -1;
  for (const result of candidateResults(picks)) {
    const factors = picks.map((pick) => settlePick(pick, result, conventions).factor);
    const sum = factors.reduce((a, b) => a + b, 0);
    if (sum > bestSum) [best, bestSum] = [factors, sum];
  }
  return best;
}

/** Results covering every way a market's picks can settle, plus a void match. */
function candidateResults(picks: readonly FootballPick[]): MatchResult[] {
  const market = FOOTBALL_MARKETS[picks[0]!.market];
  const lineUnits = picks.map((p) => (market.line && p.line ? Math.max(...parseLine(p.line, market.line)!.halves.map(Math.abs)) / 2 : 0));
  const reach = Math.ceil(Math.max(0, ...lineUnits)) + 2;
  const played = (halfTime: Score, fullTime: Score, extra: Partial<MatchResult> = {}): MatchResult => ({
    status: 'played',
    halfTime,
    fullTime,
    ...extra,
  });
  const grid = (max: number) => Array.from({ length: max + 1 }, (_, i) => i);
  const out: MatchResult[] = [{ status: 'void' }];
  switch (picks[0]!.market) {
    case 'FTS':
      out.push(played({ home: 0, away: 0 }, { home: 0, away: 0 }, { firstTeamToScore: null }));
      out.push(played({ home: 0, away: 0 }, { home: 1, away: 0 }, { firstTeamToScore: 'H' }));
      out.push(played({ home: 0, away: 0 }, { home: 0, away: 1 }, { firstTeamToScore: 'A' }));
      break;
    case 'FGS':
      out.push(played({ home: 0, away: 0 }, { home: 0, away: 0 }, { firstScorer: null }));
      for (const p of picks) {
        if (p.selection !== NO_FIRST_SCORER) out.push(played({ home: 0, away: 0 }, { home: 1, away: 0 }, { firstScorer: p.selection }));
      }
      break;
    case 'CHL':
      for (const corners of grid(reach * 2)) out.push(played({ home: 0, away: 0 }, { home: 0, away: 0 }, { corners }));
      break;
    case 'HFT':
      for (const [hh, ha, dh, da] of grid(2).flatMap((a) => grid(2).flatMap((b) => grid(2).flatMap((c) => grid(2).map((d) => [a, b, c, d] as const))))) {
        out.push(played({ home: hh, away: ha }, { home: hh + dh, away: ha + da }));
      }
      break;
    default: {
      // Goal markets: every score up to 10 goals a side (past every correct-score "other") and past every line.
      const max = Math.max(10, reach * 2);
      for (const home of grid(max)) {
        for (const away of grid(max)) {
          const score = { home, away };
          out.push(market.period === 'firstHalf' ? played(score, score) : played({ home: 0, away: 0 }, score));
        }
      }
    }
  }
  return out;
}
