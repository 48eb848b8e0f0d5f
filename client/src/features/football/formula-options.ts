import { allMustWin, atLeastFormula, formulasFor, type AllUpFormula } from '@gp/common';
import type { AllUpChoice } from './slip.ts';

/** One entry of the "at least N win" control: N, and the formula it maps to (null when HKJC has none). */
export interface AtLeastOption {
  wins: number;
  formula: AllUpFormula | null;
}

/**
 * The "at least N win" choices on `legs` matches, N from 1 to legs − 1 (N = legs is "all must
 * win"). Example: 3 legs → `[{ wins: 1, formula: 3x7 }, { wins: 2, formula: 3x4 }]`; on 7 legs
 * N = 3, 4 and 5 have no formula (HKJC offers only 7x21 / 7x35, which are not "at least" bets).
 */
export function atLeastOptions(legs: number): AtLeastOption[] {
  return Array.from({ length: Math.max(0, legs - 1) }, (_, i) => ({ wins: i + 1, formula: atLeastFormula(legs, i + 1) }));
}

/** Every HKJC formula for `legs` matches, in HKJC's order (the full picker). `formulaOptions(2)` → 2x1, 2x3. */
export function formulaOptions(legs: number): readonly AllUpFormula[] {
  return formulasFor(legs);
}

/**
 * Which simple control describes a formula on `legs` matches: "all" for n×1, "atLeast" N when it
 * is the at-least-N formula, else null (chosen in the full picker, e.g. 4x6 doubles only).
 *
 * Example: `describeFormula('3x4', 3)` → `{ kind: 'atLeast', wins: 2 }`; `describeFormula('4x6', 4)` → null.
 */
export function describeFormula(code: string, legs: number): AllUpChoice | null {
  if (allMustWin(legs)?.code === code) return { kind: 'all' };
  const option = atLeastOptions(legs).find((o) => o.formula?.code === code);
  return option ? { kind: 'atLeast', wins: option.wins } : null;
}

/**
 * The k-fold make-up of a formula for the picker's label, largest first.
 * Example: 3x7 → `[{ fold: 3, count: 1 }, { fold: 2, count: 3 }, { fold: 1, count: 3 }]`.
 */
export function formulaMakeUp(formula: AllUpFormula): { fold: number; count: number }[] {
  const choose = (n: number, k: number) => {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - i + 1)) / i;
    return c;
  };
  return formula.folds.map((fold) => ({ fold, count: choose(formula.legs, fold) }));
}
