import { describe, expect, it } from 'vitest';
import {
  ALLUP_FORMULAS,
  ALLUP_LIMITS,
  allMustWin,
  allUpFormula,
  atLeastFormula,
  combinations,
  countBets,
  formulasFor,
  singles,
} from './formulas.ts';
import { structurePayout } from './payout.ts';

/**
 * Reference §2.3, transcribed: formula, its k-folds as { k: how many }, and "min wins to return".
 */
const TABLE: [string, Record<number, number>, number][] = [
  ['2x1', { 2: 1 }, 2],
  ['2x3', { 2: 1, 1: 2 }, 1],
  ['3x1', { 3: 1 }, 3],
  ['3x3', { 2: 3 }, 2],
  ['3x4', { 3: 1, 2: 3 }, 2],
  ['3x6', { 2: 3, 1: 3 }, 1],
  ['3x7', { 3: 1, 2: 3, 1: 3 }, 1],
  ['4x1', { 4: 1 }, 4],
  ['4x4', { 3: 4 }, 3],
  ['4x5', { 4: 1, 3: 4 }, 3],
  ['4x6', { 2: 6 }, 2],
  ['4x10', { 2: 6, 1: 4 }, 1],
  ['4x11', { 4: 1, 3: 4, 2: 6 }, 2],
  ['4x14', { 3: 4, 2: 6, 1: 4 }, 1],
  ['4x15', { 4: 1, 3: 4, 2: 6, 1: 4 }, 1],
  ['5x1', { 5: 1 }, 5],
  ['5x5', { 4: 5 }, 4],
  ['5x6', { 5: 1, 4: 5 }, 4],
  ['5x10', { 2: 10 }, 2],
  ['5x15', { 2: 10, 1: 5 }, 1],
  ['5x16', { 5: 1, 4: 5, 3: 10 }, 3],
  ['5x20', { 3: 10, 2: 10 }, 2],
  ['5x25', { 3: 10, 2: 10, 1: 5 }, 1],
  ['5x26', { 5: 1, 4: 5, 3: 10, 2: 10 }, 2],
  ['5x30', { 4: 5, 3: 10, 2: 10, 1: 5 }, 1],
  ['5x31', { 5: 1, 4: 5, 3: 10, 2: 10, 1: 5 }, 1],
  ['6x1', { 6: 1 }, 6],
  ['6x6', { 5: 6 }, 5],
  ['6x7', { 6: 1, 5: 6 }, 5],
  ['6x15', { 2: 15 }, 2],
  ['6x20', { 3: 20 }, 3],
  ['6x21', { 2: 15, 1: 6 }, 1],
  ['6x22', { 6: 1, 5: 6, 4: 15 }, 4],
  ['6x35', { 3: 20, 2: 15 }, 2],
  ['6x41', { 3: 20, 2: 15, 1: 6 }, 1],
  ['6x42', { 6: 1, 5: 6, 4: 15, 3: 20 }, 3],
  ['6x50', { 4: 15, 3: 20, 2: 15 }, 2],
  ['6x56', { 4: 15, 3: 20, 2: 15, 1: 6 }, 1],
  ['6x57', { 6: 1, 5: 6, 4: 15, 3: 20, 2: 15 }, 2],
  ['6x62', { 5: 6, 4: 15, 3: 20, 2: 15, 1: 6 }, 1],
  ['6x63', { 6: 1, 5: 6, 4: 15, 3: 20, 2: 15, 1: 6 }, 1],
  ['7x1', { 7: 1 }, 7],
  ['7x7', { 6: 7 }, 6],
  ['7x8', { 7: 1, 6: 7 }, 6],
  ['7x21', { 5: 21 }, 5],
  ['7x35', { 4: 35 }, 4],
  ['7x120', { 7: 1, 6: 7, 5: 21, 4: 35, 3: 35, 2: 21 }, 2],
  ['7x127', { 7: 1, 6: 7, 5: 21, 4: 35, 3: 35, 2: 21, 1: 7 }, 1],
  ['8x1', { 8: 1 }, 8],
  ['8x8', { 7: 8 }, 7],
  ['8x9', { 8: 1, 7: 8 }, 7],
  ['8x28', { 6: 28 }, 6],
  ['8x56', { 5: 56 }, 5],
  ['8x70', { 4: 70 }, 4],
  ['8x247', { 8: 1, 7: 8, 6: 28, 5: 56, 4: 70, 3: 56, 2: 28 }, 2],
  ['8x255', { 8: 1, 7: 8, 6: 28, 5: 56, 4: 70, 3: 56, 2: 28, 1: 8 }, 1],
];

describe('the 56 all-up formulas of reference §2.3', () => {
  it('are all there, in HKJC’s order, and nothing else', () => {
    expect(TABLE).toHaveLength(56);
    expect(ALLUP_FORMULAS.map((f) => f.code)).toEqual(TABLE.map(([code]) => code));
  });

  it.each(TABLE)('%s makes the k-folds %j and returns from %i wins', (code, folds, minWins) => {
    const formula = allUpFormula(code)!;
    const [legs, bets] = code.split('x').map(Number);
    expect(formula).toMatchObject({ code, legs, bets, minWins });
    const combos = combinations(formula);
    const made: Record<number, number> = {};
    for (const combo of combos) made[combo.length] = (made[combo.length] ?? 0) + 1;
    expect(made).toEqual(folds);
    expect(combos).toHaveLength(bets!);
    expect(new Set(combos.map((c) => c.join(','))).size).toBe(bets);
    expect(countBets(formula, new Array(legs).fill(1))).toBe(bets);
  });

  it.each(TABLE)('%s returns nothing below its minimum wins and something at it', (code, _, minWins) => {
    const formula = allUpFormula(code)!;
    const legs = (wins: number) => Array.from({ length: formula.legs }, (__, i) => [i < wins ? 2_000 : 0]);
    expect(structurePayout(1_000, formula, legs(minWins - 1)).amount).toBe(0);
    expect(structurePayout(1_000, formula, legs(minWins)).amount).toBeGreaterThan(0);
  });

  it('2x3 is two singles and a double; 3x7 three singles, three doubles and a treble', () => {
    expect(combinations(allUpFormula('2x3')!)).toEqual([[0, 1], [0], [1]]);
    expect(combinations(allUpFormula('3x7')!)).toEqual([[0, 1, 2], [0, 1], [0, 2], [1, 2], [0], [1], [2]]);
  });

  it('knows no other formula', () => {
    expect(allUpFormula('3x2')).toBeNull();
    expect(allUpFormula('9x1')).toBeNull();
    expect(allUpFormula('')).toBeNull();
  });

  it.each<[number, string[]]>([
    [2, ['2x1', '2x3']],
    [3, ['3x1', '3x3', '3x4', '3x6', '3x7']],
    [4, ['4x1', '4x4', '4x5', '4x6', '4x10', '4x11', '4x14', '4x15']],
    [7, ['7x1', '7x7', '7x8', '7x21', '7x35', '7x120', '7x127']],
    [8, ['8x1', '8x8', '8x9', '8x28', '8x56', '8x70', '8x247', '8x255']],
  ])('offers these for %i legs: %j', (legs, codes) => {
    expect(formulasFor(legs).map((f) => f.code)).toEqual(codes);
  });

  it('allows 2 to 8 legs, 6 with CRS, FCS, HFT or FGS', () => {
    expect(ALLUP_LIMITS).toMatchObject({ minLegs: 2, maxLegs: 8, maxLegsRestricted: 6, confidence: 'confirmed' });
  });
});

describe('"all must win" and "at least N win"', () => {
  it.each([2, 3, 4, 5, 6, 7, 8])('all must win on %i legs is n×1', (legs) => {
    expect(allMustWin(legs)?.code).toBe(`${legs}x1`);
  });

  // Reference §2.3: the formula containing every k-fold with k ≥ N.
  it.each<[number, number, string]>([
    [2, 1, '2x3'],
    [3, 2, '3x4'],
    [3, 1, '3x7'],
    [4, 3, '4x5'],
    [4, 2, '4x11'],
    [4, 1, '4x15'],
    [5, 4, '5x6'],
    [5, 3, '5x16'],
    [5, 2, '5x26'],
    [5, 1, '5x31'],
    [6, 5, '6x7'],
    [6, 4, '6x22'],
    [6, 3, '6x42'],
    [6, 2, '6x57'],
    [6, 1, '6x63'],
    [7, 6, '7x8'],
    [7, 2, '7x120'],
    [7, 1, '7x127'],
    [8, 7, '8x9'],
    [8, 2, '8x247'],
    [8, 1, '8x255'],
  ])('%i legs, at least %i win → %s', (legs, n, code) => {
    expect(atLeastFormula(legs, n)?.code).toBe(code);
  });

  it.each<[number, number]>([
    [7, 3],
    [7, 4],
    [7, 5],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 6],
    [3, 0],
    [3, 4],
  ])('%i legs, at least %i win: HKJC has no such formula', (legs, n) => {
    expect(atLeastFormula(legs, n)).toBeNull();
  });
});

describe('counting bets with several selections in a leg (reference §2.2)', () => {
  it.each<[string, number[], number]>([
    ['2x1', [2, 3], 6],
    ['2x3', [2, 3], 11], // double 6 + singles 2 + 3
    ['3x1', [2, 2, 2], 8],
    ['3x4', [2, 1, 1], 7], // treble 2 + doubles 2 + 2 + 1
    ['3x7', [2, 1, 1], 11], // 2 + 5 + 4
    ['4x6', [3, 1, 1, 2], 17], // doubles: 3 + 3 + 6 + 1 + 2 + 2
    ['8x255', [1, 1, 1, 1, 1, 1, 1, 2], 383], // 255 + the 128 combinations with the second selection of leg 8
  ])('%s with %j selections → %i bets', (code, selections, bets) => {
    expect(countBets(allUpFormula(code)!, selections)).toBe(bets);
  });

  it('counts singles as one bet per selection', () => {
    expect(countBets(singles(3), [1, 2, 3])).toBe(6);
    expect(combinations(singles(3))).toEqual([[0], [1], [2]]);
  });

  it('refuses a selection count per leg that does not match the formula', () => {
    expect(() => countBets(allUpFormula('3x4')!, [1, 1])).toThrow(RangeError);
  });
});
