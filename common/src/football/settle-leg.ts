import type { FieldCode } from '../errors.ts';
import { HKJC_CONVENTIONS, type FootballConventions, type LegOutcome } from './conventions.ts';
import { handicapOutcome, parseLine, totalOutcome, type Line } from './lines.ts';
import { FOOTBALL_MARKETS, footballMarkets, isMarketCode, isSelection, NO_FIRST_SCORER, type MarketCode } from './markets.ts';
import { ODDS_SCALE, parseOdds } from './odds.ts';
import { VOID_EVENT_STATUSES } from './product.ts';
import { correctScoreKey } from './scores.ts';

export type { LegOutcome } from './conventions.ts';

export interface Score {
  home: number;
  away: number;
}

/** `played`, or one of the reasons a match is void (reference §4: abandoned, postponed; plus voided and cancelled). */
export const MATCH_STATUSES = ['played', ...VOID_EVENT_STATUSES] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/**
 * What settles football bets: normal-time facts only (90 minutes plus stoppage; extra time and
 * penalties have their own pools, reference §1.1).
 */
export interface MatchResult {
  status: MatchStatus;
  /** Required when played; for an abandoned match, present only when the first half was completed. */
  halfTime?: Score | null;
  /** The normal-time score; required when played. */
  fullTime?: Score | null;
  /** Total corners in normal time, for CHL. */
  corners?: number | null;
  /** FTS: the team that scored first, `null` when nobody scored. */
  firstTeamToScore?: 'H' | 'A' | null;
  /**
   * FGS: the player code credited with the first goal, `null` when no player is (a goalless
   * match). How own goals are credited is the result source's call: unconfirmed (reference §1.6).
   */
  firstScorer?: string | null;
  /** FGS selections settled as refunds, e.g. players who did not take part (see `nonRunnerScorer`). */
  refundedScorers?: readonly string[];
}

/** One pick on one match, as the order body carries it (API.md). */
export interface FootballPick {
  market: MarketCode;
  /** The line for HHA, HDC, HIL, FHL and CHL (`-0.5/-1.0`, `2.5`); absent otherwise. */
  line?: string;
  selection: string;
  /** The decimal price taken, e.g. `"2.10"`. */
  odds: string;
}

/**
 * Field problems of one pick, keyed by its field (`market`, `line`, `selection`, `odds`).
 * Example: `{ market: 'HDC', selection: 'D', odds: '1.90' }` → `{ line: 'required', selection: 'invalid' }`.
 */
export function pickProblems(pick: FootballPick, conventions: FootballConventions = HKJC_CONVENTIONS): Record<string, FieldCode> {
  const problems = selectionProblems(pick, conventions);
  if (!problems.market && parseOdds(pick.odds) === null) problems.odds = 'invalid';
  return problems;
}

function selectionProblems(pick: Omit<FootballPick, 'odds'>, conventions: FootballConventions): Record<string, FieldCode> {
  if (!isMarketCode(pick.market)) return { market: 'invalid' };
  const market = marketsFor(conventions)[pick.market];
  const problems: Record<string, FieldCode> = {};
  if (market.line === null) {
    if (pick.line !== undefined) problems.line = 'invalid';
  } else if (pick.line === undefined || pick.line === '') problems.line = 'required';
  else if (parseLine(pick.line, market.line) === null) problems.line = 'invalid';
  if (!isSelection(market, pick.selection)) problems.selection = 'invalid';
  return problems;
}

function marketsFor(conventions: FootballConventions) {
  return conventions === HKJC_CONVENTIONS ? FOOTBALL_MARKETS : footballMarkets(conventions);
}

const threeWay = (s: Score): 'H' | 'D' | 'A' => (s.home > s.away ? 'H' : s.home < s.away ? 'A' : 'D');
const goals = (s: Score) => s.home + s.away;
const won = (hit: boolean): LegOutcome => (hit ? 'win' : 'loss');

function checkScore(score: Score | null | undefined, what: string): Score {
  if (!score || !isCount(score.home) || !isCount(score.away)) throw new RangeError(`the result needs a ${what} score`);
  return score;
}
const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/**
 * How one selection ends on a result, before odds. Void, postponed and cancelled matches void
 * every selection; an abandoned match voids its full-time markets and, when the first half was
 * completed, still settles the first-half ones (HKJC for FHA; FHL/FCS by the same logic,
 * unconfirmed). Throws a RangeError for an invalid pick or a result that lacks what it needs.
 *
 * Example: `{ market: 'HDC', line: '-0.5/-1.0', selection: 'H' }` on a played 2-1 → `'halfWin'`;
 * `{ market: 'CRS', selection: 'HO' }` on 4-3 → `'win'`; anything on a postponed match → `'void'`.
 */
export function selectionOutcome(
  pick: Omit<FootballPick, 'odds'>,
  result: MatchResult,
  conventions: FootballConventions = HKJC_CONVENTIONS,
): LegOutcome {
  const problems = selectionProblems(pick, conventions);
  if (Object.keys(problems).length > 0) throw new RangeError(`invalid ${pick.market} pick: ${JSON.stringify(problems)}`);
  const market = marketsFor(conventions)[pick.market];
  const line = market.line === null ? null : (parseLine(pick.line!, market.line) as Line);
  const sel = pick.selection;

  if (!MATCH_STATUSES.includes(result.status)) throw new RangeError(`unknown match status ${String(result.status)}`);
  if (result.status !== 'played') {
    const standsOnFirstHalf =
      result.status === 'abandoned' &&
      market.period === 'firstHalf' &&
      result.halfTime != null &&
      conventions.abandonedAfterHalfTime.firstHalfMarketsStand;
    if (!standsOnFirstHalf) return 'void';
  }
  const ht = checkScore(result.halfTime, 'half-time');
  if (market.period === 'firstHalf') return firstHalfOutcome(pick.market, line, sel, ht, conventions);

  const ft = checkScore(result.fullTime, 'full-time');
  if (ft.home < ht.home || ft.away < ht.away) throw new RangeError('the full-time score is below the half-time score');
  switch (pick.market) {
    case 'HAD':
      return won(threeWay(ft) === sel);
    case 'HHA':
      return won(threeWay({ home: ft.home + line!.halves[0] / 2, away: ft.away }) === sel);
    case 'HDC':
      return handicapOutcome(line!, sel as 'H' | 'A', ft, conventions);
    case 'HIL':
      return totalOutcome(line!, sel as 'H' | 'L', goals(ft), conventions);
    case 'CHL':
      if (!isCount(result.corners)) throw new RangeError('the result needs the corner count');
      return totalOutcome(line!, sel as 'H' | 'L', result.corners, conventions);
    case 'CRS':
      return won(correctScoreKey(ft, conventions.correctScoreOthers.CRS) === sel);
    case 'FTS':
      return won(firstTeam(result, ft) === sel);
    case 'TTG':
      return won((goals(ft) >= 7 ? '7+' : String(goals(ft))) === sel);
    case 'OOE': {
      const total = goals(ft);
      const parity = total === 0 ? conventions.zeroGoals.parity : total % 2 === 1 ? 'O' : 'E';
      return won(parity === sel);
    }
    case 'FGS':
      if (result.refundedScorers?.includes(sel)) return conventions.nonRunnerScorer.rule === 'refund' ? 'void' : 'loss';
      return won(firstScorer(result, ft) === sel);
    case 'HFT':
      return won(`${threeWay(ht)}${threeWay(ft)}` === sel);
    default:
      throw new RangeError(`${pick.market} does not settle on the full time`);
  }
}

function firstHalfOutcome(code: MarketCode, line: Line | null, sel: string, ht: Score, conventions: FootballConventions): LegOutcome {
  switch (code) {
    case 'FHA':
      return won(threeWay(ht) === sel);
    case 'FHL':
      return totalOutcome(line!, sel as 'H' | 'L', goals(ht), conventions);
    case 'FCS':
      return won(correctScoreKey(ht, conventions.correctScoreOthers.FCS) === sel);
    default:
      throw new RangeError(`${code} does not settle on the first half`);
  }
}

function firstTeam(result: MatchResult, ft: Score): 'H' | 'A' | 'N' {
  if (goals(ft) === 0) return 'N';
  const team = result.firstTeamToScore;
  if ((team !== 'H' && team !== 'A') || (team === 'H' ? ft.home : ft.away) === 0) {
    throw new RangeError('the result needs the first team to score, one that scored');
  }
  return team;
}

function firstScorer(result: MatchResult, ft: Score): string {
  if (goals(ft) === 0) return NO_FIRST_SCORER;
  if (result.firstScorer === undefined) throw new RangeError('the result needs the first scorer');
  return result.firstScorer ?? NO_FIRST_SCORER;
}

/**
 * A selection's factor in thousandths: what one unit staked on it returns, by
 * `conventions.outcomeShares` (win → odds, half win → (1 + odds) / 2, push and void → 1,
 * half loss → ½, loss → 0).
 *
 * Example: `outcomeFactor('halfWin', 2150)` → `1575`; `outcomeFactor('void', 2150)` → `1000`.
 */
export function outcomeFactor(outcome: LegOutcome, odds: number, conventions: FootballConventions = HKJC_CONVENTIONS): number {
  const share = conventions.outcomeShares[outcome];
  const halves = share.oddsHalves * odds + share.stakeHalves * ODDS_SCALE;
  if (halves % 2 !== 0) throw new RangeError(`odds ${odds} cannot be halved exactly in thousandths`);
  return halves / 2;
}

/**
 * Settles one pick: its outcome and its factor in thousandths (see `outcomeFactor`).
 * Example: `{ market: 'HIL', line: '2.5/3.0', selection: 'H', odds: '1.90' }` on 2-1 →
 * `{ outcome: 'halfWin', factor: 1450 }`.
 */
export function settlePick(
  pick: FootballPick,
  result: MatchResult,
  conventions: FootballConventions = HKJC_CONVENTIONS,
): { outcome: LegOutcome; factor: number } {
  const odds = parseOdds(pick.odds);
  if (odds === null) throw new RangeError(`invalid odds ${pick.odds}`);
  const outcome = selectionOutcome(pick, result, conventions);
  return { outcome, factor: outcomeFactor(outcome, odds, conventions) };
}
