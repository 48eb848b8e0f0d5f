import type { Random } from './rng.ts';
import { normal } from './rng.ts';

/**
 * The scoring model behind simulated odds and results: each side's goals are Poisson, split into
 * independent first and second halves, with the expected goals λ built from team ratings. Floats
 * are fine here: this is the probability model; prices leave it as integer thousandths.
 */

/** Goals per team beyond which the grid is cut (and renormalised): P(11+ goals) is negligible. */
export const MAX_GOALS = 10;
/** The share of a team's expected goals that falls in the first half (more goals come late). */
export const FIRST_HALF_SHARE = 0.45;
/** Corners per match beyond which the grid is cut. */
export const MAX_CORNERS = 40;
/** League-average expected goals of one side, and the home side's edge on it. */
const BASE_GOALS = 1.35;
const HOME_ADVANTAGE = 1.12;

export interface TeamRatings {
  /** Above 1 scores more than an average side. */
  attack: number;
  /** Above 1 concedes more than an average side. */
  defence: number;
}

/** What an event's `model` column holds; the odds poller is its only writer. */
export interface MatchModel {
  lambdaHome: number;
  lambdaAway: number;
  /** The pre-match strengths the random walk drifts back towards. */
  baseHome: number;
  baseAway: number;
  /** Expected total corners (CHL). */
  cornersMean: number;
  /** FGS: each player's share of their own team's goals, by match code (`101`, `203`); each team's sum to 1. */
  scorers: Record<string, number>;
}

/** λ of each side. Example: two average sides → `{ home: 1.512, away: 1.205 }`. */
export function expectedGoals(home: TeamRatings, away: TeamRatings): { home: number; away: number } {
  return {
    home: BASE_GOALS * HOME_ADVANTAGE * home.attack * away.defence,
    away: (BASE_GOALS / HOME_ADVANTAGE) * away.attack * home.defence,
  };
}

/** More goals expected, more attacking play, more corners: about 9–11 a match. */
export function cornersMean(lambdaHome: number, lambdaAway: number): number {
  return Math.min(12, Math.max(8, 9.8 + 1.1 * (lambdaHome + lambdaAway - 2.7)));
}

export function initialModel(home: TeamRatings, away: TeamRatings, scorers: Record<string, number>): MatchModel {
  const goals = expectedGoals(home, away);
  return {
    lambdaHome: goals.home,
    lambdaAway: goals.away,
    baseHome: goals.home,
    baseAway: goals.away,
    cornersMean: cornersMean(goals.home, goals.away),
    scorers,
  };
}

/** Step size of the walk on log λ per move, and how strongly it is pulled back to the base. */
const WALK_SIGMA = 0.04;
const REVERSION = 0.1;

/**
 * One odds move: a small random walk on log λh and log λa (news, team sheets, money), with a weak
 * pull back to the pre-match strengths so prices wander without drifting off for good.
 */
export function walk(model: MatchModel, random: Random): MatchModel {
  const step = (lambda: number, base: number) =>
    Math.exp(Math.log(lambda) + REVERSION * (Math.log(base) - Math.log(lambda)) + WALK_SIGMA * normal(random));
  const lambdaHome = round6(step(model.lambdaHome, model.baseHome));
  const lambdaAway = round6(step(model.lambdaAway, model.baseAway));
  return { ...model, lambdaHome, lambdaAway, cornersMean: round6(cornersMean(lambdaHome, lambdaAway)) };
}

/** Stored models keep 6 decimals: enough for prices, and the JSON stays short and stable. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Index of a score in the 11 × 11 grids: `home * 11 + away`. */
export const SIDE = MAX_GOALS + 1;
export const scoreIndex = (home: number, away: number) => home * SIDE + away;
export const GRID = SIDE * SIDE;

/**
 * Everything the markets read, as probabilities: the half-time score, the full-time score, both
 * together (HFT), the corners, and who scores first.
 */
export interface Distributions {
  /** `ft[scoreIndex(h, a)]`. */
  ft: Float64Array;
  ht: Float64Array;
  /** `htft[htIndex * GRID + ftIndex]`. */
  htft: Float64Array;
  corners: Float64Array;
  firstTeam: { H: number; A: number; N: number };
}

function poissonTable(mean: number, size: number): number[] {
  const table = [Math.exp(-mean)];
  for (let k = 1; k < size; k++) table.push((table[k - 1]! * mean) / k);
  return table;
}

/** One side's (first-half, second-half) goals with at most MAX_GOALS in total, renormalised. */
function halves(lambda: number): Array<[number, number, number]> {
  const first = poissonTable(lambda * FIRST_HALF_SHARE, SIDE);
  const second = poissonTable(lambda * (1 - FIRST_HALF_SHARE), SIDE);
  const cells: Array<[number, number, number]> = [];
  let total = 0;
  for (let g1 = 0; g1 <= MAX_GOALS; g1++) {
    for (let g2 = 0; g1 + g2 <= MAX_GOALS; g2++) {
      const p = first[g1]! * second[g2]!;
      cells.push([g1, g2, p]);
      total += p;
    }
  }
  return cells.map(([g1, g2, p]) => [g1, g2, p / total]);
}

export function distributions(model: MatchModel): Distributions {
  const home = halves(model.lambdaHome);
  const away = halves(model.lambdaAway);
  const ft = new Float64Array(GRID);
  const ht = new Float64Array(GRID);
  const htft = new Float64Array(GRID * GRID);
  for (const [h1, h2, ph] of home) {
    for (const [a1, a2, pa] of away) {
      const p = ph * pa;
      const htIndex = scoreIndex(h1, a1);
      const ftIndex = scoreIndex(h1 + h2, a1 + a2);
      ht[htIndex]! += p;
      ft[ftIndex]! += p;
      htft[htIndex * GRID + ftIndex]! += p;
    }
  }
  // Goals of both sides share one time profile, so given the score every order of the goals is
  // equally likely: the home side scored first with probability h / (h + a).
  const firstTeam = { H: 0, A: 0, N: ft[0]! };
  for (let h = 0; h <= MAX_GOALS; h++) {
    for (let a = 0; a <= MAX_GOALS; a++) {
      if (h + a === 0) continue;
      const p = ft[scoreIndex(h, a)]!;
      firstTeam.H += (p * h) / (h + a);
      firstTeam.A += (p * a) / (h + a);
    }
  }
  const cornerTable = poissonTable(model.cornersMean, MAX_CORNERS + 1);
  const cornerTotal = cornerTable.reduce((s, p) => s + p, 0);
  return { ft, ht, htft, corners: Float64Array.from(cornerTable, (p) => p / cornerTotal), firstTeam };
}
