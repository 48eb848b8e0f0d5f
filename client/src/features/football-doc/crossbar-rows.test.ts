import { ALLUP_FORMULAS, ALLUP_LIMITS } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { crossbarGroups } from './crossbar-rows.ts';

const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);

describe('the all-up table on the help page', () => {
  const groups = crossbarGroups();
  const rows = groups.flatMap((g) => g.rows);

  it('lists all 56 formulas, grouped by 2 to 8 matches in HKJC order', () => {
    expect(rows).toHaveLength(56);
    expect(groups.map((g) => g.legs)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(groups[0]!.legs).toBe(ALLUP_LIMITS.minLegs);
    expect(rows.map((r) => r.code)).toEqual(ALLUP_FORMULAS.map((f) => f.code));
    expect(groups.find((g) => g.legs === 3)!.rows.map((r) => r.code)).toEqual(['3x1', '3x3', '3x4', '3x6', '3x7']);
  });

  it('gives every formula a make-up whose bets add up to N = Σ C(n, k)', () => {
    for (const row of rows) {
      expect(row.folds.every((f) => f.count === choose(row.legs, f.fold)), row.code).toBe(true);
      expect(row.folds.reduce((sum, f) => sum + f.count, 0), row.code).toBe(row.bets);
      expect(row.code, row.code).toBe(`${row.legs}x${row.bets}`);
      expect(row.minWins).toBe(Math.min(...row.folds.map((f) => f.fold)));
    }
  });

  it('shows 3x7 as one treble, three doubles and three singles, returning from one win', () => {
    const row = rows.find((r) => r.code === '3x7')!;
    expect(row.folds).toEqual([
      { fold: 3, count: 1 },
      { fold: 2, count: 3 },
      { fold: 1, count: 3 },
    ]);
    expect(row.minWins).toBe(1);
    expect(row.option).toEqual({ kind: 'atLeast', wins: 1 });
  });

  it('maps "all must win" to n x 1 and "at least N win" to the formulas of the reference (§2.3)', () => {
    for (const legs of [2, 3, 4, 5, 6, 7, 8]) {
      expect(rows.filter((r) => r.option?.kind === 'allMustWin').map((r) => r.code)).toContain(`${legs}x1`);
    }
    const atLeast = rows.filter((r) => r.option?.kind === 'atLeast').map((r) => r.code);
    expect(atLeast).toEqual([
      '2x3',
      '3x4', '3x7',
      '4x5', '4x11', '4x15',
      '5x6', '5x16', '5x26', '5x31',
      '6x7', '6x22', '6x42', '6x57', '6x63',
      '7x8', '7x120', '7x127',
      '8x9', '8x247', '8x255',
    ]);
    // Single-group formulas such as 4x6 (doubles only) answer no "at least" option.
    expect(rows.find((r) => r.code === '4x6')!.option).toBeNull();
    expect(rows.find((r) => r.code === '7x35')!.option).toBeNull();
  });
});
