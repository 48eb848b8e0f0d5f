import { describe, expect, it } from 'vitest';
import { beadRoadColumns, hasSideMarkets, hotAndCold, longestRun, numberFrequency, sideCounts, type RoadCell } from './roadmap.ts';

const road = <T>(...outcomes: T[]): RoadCell<T>[] => outcomes.map((outcome, i) => ({ issue: String(i + 1), outcome }));
const shape = <T>(columns: RoadCell<T>[][]) => columns.map((column) => column.map((cell) => cell.outcome));

describe('bead road', () => {
  it('starts a new column whenever the outcome changes, oldest issue first', () => {
    const columns = beadRoadColumns(road('big', 'big', 'small', 'big', 'big', 'big'));
    expect(shape(columns)).toEqual([['big', 'big'], ['small'], ['big', 'big', 'big']]);
    expect(columns[1]![0]!.issue).toBe('3');
  });

  it('gives a draw with no winner (null) its own column, like any other outcome', () => {
    expect(shape(beadRoadColumns(road('odd', null, null, 'odd')))).toEqual([['odd'], [null, null], ['odd']]);
  });

  it('carries a run longer than the grid height on in the next column', () => {
    const columns = beadRoadColumns(road('small', 'small', 'small', 'small', 'small', 'big'), 2);
    expect(shape(columns)).toEqual([['small', 'small'], ['small', 'small'], ['small'], ['big']]);
  });

  it('draws nothing for no issues and refuses a grid without rows', () => {
    expect(beadRoadColumns([])).toEqual([]);
    expect(() => beadRoadColumns(road('big'), 0)).toThrow(RangeError);
  });

  it('names the longest streak, the earliest one on a tie', () => {
    expect(longestRun(road('big', 'small', 'small', 'big', 'big'))).toEqual({ outcome: 'small', length: 2 });
    expect(longestRun(road(null, null, null, 'odd'))).toEqual({ outcome: null, length: 3 });
    expect(longestRun([])).toBeNull();
  });
});

describe('side-market counts', () => {
  it('counts big, small and no-winner draws, and odd, even and no-winner draws, separately', () => {
    const counts = sideCounts([
      { bigSmall: 'big', oddEven: 'odd' },
      { bigSmall: 'big', oddEven: null },
      { bigSmall: null, oddEven: 'even' },
      { bigSmall: 'small', oddEven: 'even' },
    ]);
    expect(counts).toEqual({ big: 2, small: 1, bigSmallNone: 1, odd: 1, even: 2, oddEvenNone: 1 });
  });

  it('is all zero for no issues', () => {
    expect(sideCounts([])).toEqual({ big: 0, small: 0, bigSmallNone: 0, odd: 0, even: 0, oddEvenNone: 0 });
  });
});

describe('hot and cold numbers', () => {
  const draws = [{ numbers: [1, 2, 3] }, { numbers: [2, 3, 80] }, { numbers: [3, 99, 0] }];

  it('counts each number of the pool once per draw it appeared in, ignoring numbers outside the pool', () => {
    const frequency = numberFrequency(draws, 80);
    expect(frequency).toHaveLength(80);
    expect(frequency.slice(0, 4)).toEqual([
      { number: 1, count: 1 },
      { number: 2, count: 2 },
      { number: 3, count: 3 },
      { number: 4, count: 0 },
    ]);
    expect(frequency[79]).toEqual({ number: 80, count: 1 });
    expect(frequency.reduce((sum, n) => sum + n.count, 0)).toBe(7);
  });

  it('lists the most and least drawn numbers, lower number first on a tie', () => {
    const { hot, cold } = hotAndCold(numberFrequency(draws, 80), 3);
    expect(hot.map((n) => n.number)).toEqual([3, 2, 1]);
    expect(cold.map((n) => n.number)).toEqual([4, 5, 6]);
  });

  it('never lists more numbers than the pool has', () => {
    const { hot, cold } = hotAndCold(numberFrequency([], 2), 5);
    expect(hot).toHaveLength(2);
    expect(cold).toHaveLength(2);
  });
});

describe('side markets', () => {
  it('exist on 20 of 80 (BINGO BINGO, Canada Keno) and not on Speed Keno’s 22 of 70', () => {
    expect(hasSideMarkets({ drawCount: 20, poolSize: 80 })).toBe(true);
    expect(hasSideMarkets({ drawCount: 22, poolSize: 70 })).toBe(false);
  });
});
