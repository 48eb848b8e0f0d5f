import { ALLUP_FORMULAS } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { atLeastOptions, describeFormula, formulaMakeUp, formulaOptions } from './formula-options.ts';

const codes = (legs: number) => atLeastOptions(legs).map((o) => [o.wins, o.formula?.code ?? null]);

describe('formula options', () => {
  it('offers every HKJC formula for the number of matches, 56 in all', () => {
    expect(formulaOptions(2).map((f) => f.code)).toEqual(['2x1', '2x3']);
    expect(formulaOptions(3).map((f) => f.code)).toEqual(['3x1', '3x3', '3x4', '3x6', '3x7']);
    expect(formulaOptions(8).map((f) => f.code)).toEqual(['8x1', '8x8', '8x9', '8x28', '8x56', '8x70', '8x247', '8x255']);
    expect([2, 3, 4, 5, 6, 7, 8].reduce((n, legs) => n + formulaOptions(legs).length, 0)).toBe(ALLUP_FORMULAS.length);
    expect(formulaOptions(1)).toEqual([]);
  });

  it('maps "at least N win" to the formula containing every k-fold with k ≥ N', () => {
    expect(codes(2)).toEqual([[1, '2x3']]);
    expect(codes(3)).toEqual([[1, '3x7'], [2, '3x4']]);
    expect(codes(4)).toEqual([[1, '4x15'], [2, '4x11'], [3, '4x5']]);
    expect(codes(6)).toEqual([[1, '6x63'], [2, '6x57'], [3, '6x42'], [4, '6x22'], [5, '6x7']]);
  });

  it('says where HKJC has no "at least N" formula (7 and 8 matches, N from 3 to 5 or 6)', () => {
    expect(codes(7)).toEqual([[1, '7x127'], [2, '7x120'], [3, null], [4, null], [5, null], [6, '7x8']]);
    expect(codes(8)).toEqual([[1, '8x255'], [2, '8x247'], [3, null], [4, null], [5, null], [6, null], [7, '8x9']]);
  });

  it('describes a formula with the simple control when it is one of its choices', () => {
    expect(describeFormula('3x1', 3)).toEqual({ kind: 'all' });
    expect(describeFormula('3x4', 3)).toEqual({ kind: 'atLeast', wins: 2 });
    expect(describeFormula('4x6', 4)).toBeNull();
  });

  it('lists the k-fold make-up of a formula', () => {
    const f = formulaOptions(3).find((x) => x.code === '3x7')!;
    expect(formulaMakeUp(f)).toEqual([{ fold: 3, count: 1 }, { fold: 2, count: 3 }, { fold: 1, count: 3 }]);
  });
});
