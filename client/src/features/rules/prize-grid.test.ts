import { KENO_PRODUCTS } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { prizeGrid } from './prize-grid.ts';

describe('prize table grid', () => {
  it('puts star counts on rows and matches on columns, highest match first, gaps as null', () => {
    expect(prizeGrid({ 2: { 2: 7_500, 1: 2_500 }, 1: { 1: 5_000 } })).toEqual({
      matches: [2, 1],
      rows: [
        { stars: 1, cells: [null, 5_000] },
        { stars: 2, cells: [7_500, 2_500] },
      ],
    });
  });

  it('keeps BINGO’s 0-match prize of the 8 to 10 star plays as a column of its own', () => {
    const grid = prizeGrid(KENO_PRODUCTS.TWB01.prizeTable.rows as Record<string, Record<string, number>>);
    expect(grid.matches).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const ten = grid.rows.find((row) => row.stars === 10)!;
    expect(ten.cells[0]).toBe(500_000_000); // NT$5,000,000 for 10 of 10
    expect(ten.cells[10]).toBe(2_500); // NT$25 back for none of 10
    expect(grid.rows.find((row) => row.stars === 1)!.cells.filter((c) => c !== null)).toEqual([5_000]);
  });
});
