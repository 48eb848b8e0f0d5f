import { ALLUP_FORMULAS, atLeastFormula, type AllUpFormula } from '@gp/common';

/** One k-fold group of a formula: `count` bets of `fold` legs each (every C(n, fold) combination). */
export interface FoldGroup {
  fold: number;
  count: number;
}

/** What "at least N win" option a formula answers, if any: n x 1 is "all must win". */
export type FormulaOption = { kind: 'allMustWin' } | { kind: 'atLeast'; wins: number } | null;

export interface CrossbarRow {
  code: string;
  legs: number;
  bets: number;
  minWins: number;
  folds: FoldGroup[];
  option: FormulaOption;
}

export interface CrossbarGroup {
  legs: number;
  rows: CrossbarRow[];
}

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - i + 1)) / i;
  return c;
}

/** The option a formula is the answer to, read back from common's mapping rather than restated. */
function optionOf(formula: AllUpFormula): FormulaOption {
  if (atLeastFormula(formula.legs, formula.minWins)?.code !== formula.code) return null;
  return formula.minWins === formula.legs ? { kind: 'allMustWin' } : { kind: 'atLeast', wins: formula.minWins };
}

/**
 * The all-up ("crossbar") table: HKJC's formulas grouped by number of matches, each with its
 * k-fold make-up, bet count, minimum wins and the "all must win" / "at least N win" option it is.
 *
 * Example: the 3-match group's `3x4` row →
 * `{ code: '3x4', legs: 3, bets: 4, minWins: 2, folds: [{ fold: 3, count: 1 }, { fold: 2, count: 3 }], option: { kind: 'atLeast', wins: 2 } }`.
 */
export function crossbarGroups(formulas: readonly AllUpFormula[] = ALLUP_FORMULAS): CrossbarGroup[] {
  const groups = new Map<number, CrossbarRow[]>();
  for (const formula of formulas) {
    const row: CrossbarRow = {
      code: formula.code,
      legs: formula.legs,
      bets: formula.bets,
      minWins: formula.minWins,
      folds: formula.folds.map((fold) => ({ fold, count: choose(formula.legs, fold) })),
      option: optionOf(formula),
    };
    groups.set(formula.legs, [...(groups.get(formula.legs) ?? []), row]);
  }
  return [...groups].sort(([a], [b]) => a - b).map(([legs, rows]) => ({ legs, rows }));
}
