import type { Provenance } from '../products/types.ts';

/**
 * How a slip's legs make bets: every combination of `folds[j]` legs out of `legs`, for each j.
 * An all-up formula is one of these; singles are `{ legs: n, folds: [1] }`.
 */
export interface BetStructure {
  legs: number;
  /** The sizes of the combinations, largest first: `[3, 2]` = the treble and the doubles. */
  folds: readonly number[];
}

/** One of HKJC's 56 all-up formulas, "n x N": n legs making N bets (reference §2.2, §2.3). */
export interface AllUpFormula extends BetStructure {
  code: string;
  /** N: how many bets the formula makes with one selection per leg. */
  bets: number;
  /** The fewest winning legs (no voids) that return anything: the smallest fold. */
  minWins: number;
}

/** Leg limits of an all-up (reference §2.1). */
export const ALLUP_LIMITS: { minLegs: number; maxLegs: number; maxLegsRestricted: number } & Provenance = {
  minLegs: 2,
  maxLegs: 8,
  maxLegsRestricted: 6,
  confidence: 'confirmed',
  source: 'HKJC: all-up of 2 to 8 matches, at most 6 when it includes CRS, FCS, HFT or FGS ([S1], [S2], [S7], [S10]).',
};

/** HKJC's betslip definitions (reference §2.3, [S6][S7][S10]): each formula's k-fold groups. */
const FORMULA_FOLDS: readonly (readonly [string, readonly number[]])[] = [
  ['2x1', [2]], ['2x3', [2, 1]],
  ['3x1', [3]], ['3x3', [2]], ['3x4', [3, 2]], ['3x6', [2, 1]], ['3x7', [3, 2, 1]],
  ['4x1', [4]], ['4x4', [3]], ['4x5', [4, 3]], ['4x6', [2]], ['4x10', [2, 1]], ['4x11', [4, 3, 2]], ['4x14', [3, 2, 1]],
  ['4x15', [4, 3, 2, 1]],
  ['5x1', [5]], ['5x5', [4]], ['5x6', [5, 4]], ['5x10', [2]], ['5x15', [2, 1]], ['5x16', [5, 4, 3]], ['5x20', [3, 2]],
  ['5x25', [3, 2, 1]], ['5x26', [5, 4, 3, 2]], ['5x30', [4, 3, 2, 1]], ['5x31', [5, 4, 3, 2, 1]],
  ['6x1', [6]], ['6x6', [5]], ['6x7', [6, 5]], ['6x15', [2]], ['6x20', [3]], ['6x21', [2, 1]], ['6x22', [6, 5, 4]],
  ['6x35', [3, 2]], ['6x41', [3, 2, 1]], ['6x42', [6, 5, 4, 3]], ['6x50', [4, 3, 2]], ['6x56', [4, 3, 2, 1]],
  ['6x57', [6, 5, 4, 3, 2]], ['6x62', [5, 4, 3, 2, 1]], ['6x63', [6, 5, 4, 3, 2, 1]],
  ['7x1', [7]], ['7x7', [6]], ['7x8', [7, 6]], ['7x21', [5]], ['7x35', [4]], ['7x120', [7, 6, 5, 4, 3, 2]],
  ['7x127', [7, 6, 5, 4, 3, 2, 1]],
  ['8x1', [8]], ['8x8', [7]], ['8x9', [8, 7]], ['8x28', [6]], ['8x56', [5]], ['8x70', [4]], ['8x247', [8, 7, 6, 5, 4, 3, 2]],
  ['8x255', [8, 7, 6, 5, 4, 3, 2, 1]],
];

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - i + 1)) / i;
  return c;
}

/** The 56 formulas, checked on load: the N of "n x N" must equal the sum of C(n, k) over its folds. */
export const ALLUP_FORMULAS: readonly AllUpFormula[] = FORMULA_FOLDS.map(([code, folds]) => {
  const [legs, bets] = code.split('x').map(Number) as [number, number];
  const made = folds.reduce((sum, k) => sum + choose(legs, k), 0);
  if (made !== bets) throw new Error(`formula ${code} makes ${made} bets, not ${bets}`);
  return { code, legs, folds, bets, minWins: Math.min(...folds) };
});

const BY_CODE = new Map(ALLUP_FORMULAS.map((f) => [f.code, f]));

/** A formula by its code, or `null`. Example: `allUpFormula('3x4')` → `{ code: '3x4', legs: 3, folds: [3, 2], bets: 4, minWins: 2 }`. */
export function allUpFormula(code: string): AllUpFormula | null {
  return BY_CODE.get(code) ?? null;
}

/** The formulas offered for `legs` legs, in HKJC's order. Example: `formulasFor(2)` → 2x1 and 2x3. */
export function formulasFor(legs: number): readonly AllUpFormula[] {
  return ALLUP_FORMULAS.filter((f) => f.legs === legs);
}

/**
 * "At least N win" on `legs` legs: the formula made of every k-fold with k ≥ N, which returns
 * something as soon as N legs win, or `null` when HKJC has none (e.g. 7 legs, at least 3).
 * N = legs is "all must win", the n×1 formula.
 *
 * Example: `atLeastFormula(3, 2)` → 3x4 (the treble and three doubles); `atLeastFormula(4, 4)` → 4x1.
 */
export function atLeastFormula(legs: number, atLeast: number): AllUpFormula | null {
  return (
    ALLUP_FORMULAS.find(
      (f) => f.legs === legs && f.minWins === atLeast && f.folds.length === legs - atLeast + 1 && f.folds[0] === legs,
    ) ?? null
  );
}

/** "All must win" on `legs` legs: n×1. Example: `allMustWin(5)` → 5x1. */
export function allMustWin(legs: number): AllUpFormula | null {
  return atLeastFormula(legs, legs);
}

/** Singles on `legs` legs, every selection its own bet: `singles(3)` → `{ legs: 3, folds: [1] }`. */
export function singles(legs: number): BetStructure {
  return { legs, folds: [1] };
}

/**
 * The leg-index combinations a structure bets on, largest folds first.
 * Example: `combinations(allUpFormula('2x3')!)` → `[[0, 1], [0], [1]]`.
 */
export function combinations(structure: BetStructure): number[][] {
  const out: number[][] = [];
  for (const k of structure.folds) {
    const pick = (start: number, chosen: number[]) => {
      if (chosen.length === k) return void out.push(chosen);
      for (let i = start; i <= structure.legs - (k - chosen.length); i++) pick(i + 1, [...chosen, i]);
    };
    pick(0, []);
  }
  return out;
}

/**
 * How many bets a slip makes: over every combination, the product of the selections in each of
 * its legs (reference §2.2). The total stake is this times the unit stake.
 *
 * Example: 3x4 with 2, 1 and 1 selections → treble 2 + doubles (2 + 2 + 1) → `7`.
 */
export function countBets(structure: BetStructure, selectionsPerLeg: readonly number[]): number {
  if (selectionsPerLeg.length !== structure.legs) {
    throw new RangeError(`${structure.legs} legs expected, got ${selectionsPerLeg.length}`);
  }
  // e[k] = sum over k-leg combinations of the product of their selections (elementary symmetric sums).
  const e = new Array<number>(structure.legs + 1).fill(0);
  e[0] = 1;
  for (const s of selectionsPerLeg) {
    for (let k = structure.legs; k >= 1; k--) e[k] = e[k]! + e[k - 1]! * s;
  }
  const bets = structure.folds.reduce((sum, k) => sum + (e[k] ?? 0), 0);
  if (!Number.isSafeInteger(bets)) throw new RangeError('too many bets');
  return bets;
}
