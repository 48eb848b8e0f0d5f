import { FOOTBALL_MARKETS, NO_FIRST_SCORER, selectionOutcome, type LegOutcome, type MarketCode, type MatchResult } from '@gp/common';
import { GRID, MAX_CORNERS, SIDE, type Distributions, type MatchModel } from './model.ts';

/**
 * How likely each settlement outcome of a selection is under a model. The outcome of every grid
 * cell comes from common `selectionOutcome` — the very function bets are settled with — so a
 * price can never assume a rule the settlement does not apply (split lines half-win, half-lose
 * and push exactly as they will be paid).
 */

/** Probabilities of win, half win, push, half loss and loss, in that order; they sum to 1. */
export type OutcomeDistribution = [number, number, number, number, number];

const OUTCOME_INDEX: Record<Exclude<LegOutcome, 'void'>, number> = { win: 0, halfWin: 1, push: 2, halfLoss: 3, loss: 4 };

function index(outcome: LegOutcome): number {
  if (outcome === 'void') throw new RangeError('a played match never voids a selection');
  return OUTCOME_INDEX[outcome];
}

const score = (i: number) => ({ home: Math.floor(i / SIDE), away: i % SIDE });
const firstTeamOf = (s: { home: number; away: number }) => (s.home > 0 ? 'H' : s.away > 0 ? 'A' : null);

/** A played result with `ft` as the full time (first-team facts filled in so the result is valid). */
function played(halfTime: { home: number; away: number }, fullTime: { home: number; away: number }, corners = 0): MatchResult {
  return { status: 'played', halfTime, fullTime, corners, firstTeamToScore: firstTeamOf(fullTime), firstScorer: null };
}

/**
 * Outcome codes per grid cell, computed once per market, line and selection: they depend on the
 * rules only, never on the model, so every event and every tick reuses them.
 */
const tables = new Map<string, Uint8Array>();

function outcomeTable(market: MarketCode, line: string | null, selection: string): Uint8Array {
  const key = `${market}|${line ?? ''}|${selection}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const pick = { market, selection, ...(line === null ? {} : { line }) };
  const settle = (result: MatchResult) => index(selectionOutcome(pick, result));
  let table: Uint8Array;
  if (market === 'CHL') {
    table = Uint8Array.from({ length: MAX_CORNERS + 1 }, (_, c) => settle(played({ home: 0, away: 0 }, { home: 0, away: 0 }, c)));
  } else if (FOOTBALL_MARKETS[market].period === 'firstHalf') {
    table = Uint8Array.from({ length: GRID }, (_, i) => settle(played(score(i), score(i))));
  } else if (FOOTBALL_MARKETS[market].period === 'halfAndFull') {
    table = new Uint8Array(GRID * GRID).fill(OUTCOME_INDEX.loss);
    for (let h = 0; h < GRID; h++) {
      const half = score(h);
      for (let f = 0; f < GRID; f++) {
        const full = score(f);
        if (full.home >= half.home && full.away >= half.away) table[h * GRID + f] = settle(played(half, full));
      }
    }
  } else {
    table = Uint8Array.from({ length: GRID }, (_, i) => settle(played({ home: 0, away: 0 }, score(i))));
  }
  tables.set(key, table);
  return table;
}

function fromTable(table: Uint8Array, probabilities: Float64Array): OutcomeDistribution {
  const dist: OutcomeDistribution = [0, 0, 0, 0, 0];
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i]!;
    if (p > 0) dist[table[i]!]! += p;
  }
  return dist;
}

/**
 * The outcome of an FTS or FGS selection on a first-scorer result: it depends on the rules, the
 * selection and who scored first only (a result of `firstScorerResults` has nothing else), so it is
 * worked out once. Player codes are positions in a squad (101…, 201…): the table stays small.
 */
const firstScorerOutcomes = new Map<string, number>();

function firstScorerOutcome(market: 'FTS' | 'FGS', selection: string, result: MatchResult): number {
  const key = `${market}|${selection}|${result.firstTeamToScore ?? ''}|${result.firstScorer ?? ''}`;
  let outcome = firstScorerOutcomes.get(key);
  if (outcome === undefined) firstScorerOutcomes.set(key, (outcome = index(selectionOutcome({ market, selection }, result))));
  return outcome;
}

/**
 * FTS and FGS depend on who scored first, which the score grid does not hold: settle them on a
 * short weighted list of results instead (no goal; each team first; each player first).
 */
function firstScorerResults(model: MatchModel, dist: Distributions): Array<[number, MatchResult]> {
  const results: Array<[number, MatchResult]> = [[dist.firstTeam.N, played({ home: 0, away: 0 }, { home: 0, away: 0 })]];
  for (const team of ['H', 'A'] as const) {
    const fullTime = team === 'H' ? { home: 1, away: 0 } : { home: 0, away: 1 };
    const prefix = team === 'H' ? '1' : '2';
    for (const [code, share] of Object.entries(model.scorers)) {
      if (!code.startsWith(prefix)) continue;
      results.push([dist.firstTeam[team] * share, { ...played({ home: 0, away: 0 }, fullTime), firstTeamToScore: team, firstScorer: code }]);
    }
  }
  return results;
}

/**
 * The outcome distribution of one selection under a model.
 *
 * Example: HDC `-0.5/-1.0` H on a strong home side → about `[0.42, 0.18, 0, 0, 0.40]`
 * (wins by two or more; half wins by exactly one; loses otherwise).
 */
export function outcomeDistribution(
  model: MatchModel,
  dist: Distributions,
  market: MarketCode,
  line: string | null,
  selection: string,
): OutcomeDistribution {
  if (market === 'FTS' || market === 'FGS') {
    const out: OutcomeDistribution = [0, 0, 0, 0, 0];
    for (const [weight, result] of firstScorerResults(model, dist)) out[firstScorerOutcome(market, selection, result)]! += weight;
    return out;
  }
  const table = outcomeTable(market, line, selection);
  if (market === 'CHL') return fromTable(table, dist.corners);
  const period = FOOTBALL_MARKETS[market].period;
  if (period === 'firstHalf') return fromTable(table, dist.ht);
  if (period === 'halfAndFull') return fromTable(table, dist.htft);
  return fromTable(table, dist.ft);
}

/** FGS selections of a model: every player code, then `N` (no first scorer). */
export function scorerSelections(model: MatchModel): string[] {
  return [...Object.keys(model.scorers).sort(), NO_FIRST_SCORER];
}
