import type { KenoResultWire } from '@gp/common';

/**
 * The "roadmap" of a results page: pure functions over the issues on screen, oldest first.
 * A side market with no winner (fewer than 13 on either side) is `null`, drawn as "—".
 */

export type BigSmall = KenoResultWire['bigSmall'];
export type OddEven = KenoResultWire['oddEven'];

export interface RoadCell<T> {
  issue: string;
  outcome: T;
}

/**
 * Bead road: one column per run of the same outcome, read left to right; a run longer than
 * `maxRows` carries on in the next column so the grid keeps its height.
 *
 * @example
 * beadRoadColumns([{ issue: '1', outcome: 'big' }, { issue: '2', outcome: 'big' }, { issue: '3', outcome: null }])
 * // → [[{ issue: '1', outcome: 'big' }, { issue: '2', outcome: 'big' }], [{ issue: '3', outcome: null }]]
 */
export function beadRoadColumns<T>(cells: readonly RoadCell<T>[], maxRows = 6): RoadCell<T>[][] {
  if (maxRows < 1) throw new RangeError(`maxRows must be at least 1, got ${maxRows}`);
  const columns: RoadCell<T>[][] = [];
  for (const cell of cells) {
    const current = columns[columns.length - 1];
    const sameRun = current !== undefined && current[0]!.outcome === cell.outcome;
    if (sameRun && current.length < maxRows) current.push(cell);
    else columns.push([cell]);
  }
  return columns;
}

/** The longest run of one outcome in `cells` (the "streak" a player looks for); `null` when empty. */
export function longestRun<T>(cells: readonly RoadCell<T>[]): { outcome: T; length: number } | null {
  let best: { outcome: T; length: number } | null = null;
  let length = 0;
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index]!;
    length = index > 0 && cells[index - 1]!.outcome === cell.outcome ? length + 1 : 1;
    if (!best || length > best.length) best = { outcome: cell.outcome, length };
  }
  return best;
}

export interface SideCounts {
  big: number;
  small: number;
  bigSmallNone: number;
  odd: number;
  even: number;
  oddEvenNone: number;
}

/** How often each side-market outcome came up. `sideCounts([{ bigSmall: 'big', oddEven: null, … }])` → big 1, oddEvenNone 1. */
export function sideCounts(results: readonly Pick<KenoResultWire, 'bigSmall' | 'oddEven'>[]): SideCounts {
  const counts: SideCounts = { big: 0, small: 0, bigSmallNone: 0, odd: 0, even: 0, oddEvenNone: 0 };
  for (const { bigSmall, oddEven } of results) {
    if (bigSmall === null) counts.bigSmallNone++;
    else counts[bigSmall]++;
    if (oddEven === null) counts.oddEvenNone++;
    else counts[oddEven]++;
  }
  return counts;
}

export interface NumberCount {
  number: number;
  count: number;
}

/**
 * How many of the given draws each number 1..`poolSize` appeared in, in number order.
 * Numbers outside the pool are ignored rather than trusted.
 */
export function numberFrequency(draws: readonly { numbers: readonly number[] }[], poolSize: number): NumberCount[] {
  const counts = Array.from({ length: poolSize }, (_, i) => ({ number: i + 1, count: 0 }));
  for (const draw of draws) {
    for (const n of draw.numbers) {
      const entry = counts[n - 1];
      if (Number.isInteger(n) && entry) entry.count++;
    }
  }
  return counts;
}

/**
 * The `size` most and least frequent numbers; ties go to the lower number, so the lists are stable.
 *
 * @example hotAndCold([{ number: 1, count: 0 }, { number: 2, count: 3 }, { number: 3, count: 3 }], 1)
 * // → { hot: [{ number: 2, count: 3 }], cold: [{ number: 1, count: 0 }] }
 */
export function hotAndCold(frequency: readonly NumberCount[], size = 5): { hot: NumberCount[]; cold: NumberCount[] } {
  const byNumber = (a: NumberCount, b: NumberCount) => a.number - b.number;
  const hot = [...frequency].sort((a, b) => b.count - a.count || byNumber(a, b)).slice(0, size);
  const cold = [...frequency].sort((a, b) => a.count - b.count || byNumber(a, b)).slice(0, size);
  return { hot, cold };
}

/** Big/small and odd/even exist only on 20 of 80 (BINGO's halves and parity rules); Speed Keno's 22 of 70 has none. */
export function hasSideMarkets(matrix: { drawCount: number; poolSize: number }): boolean {
  return matrix.drawCount === 20 && matrix.poolSize === 80;
}
