import type { BigSmallOption, KenoProduct, OddEvenOption, SideOption } from '../products/types.ts';

/** The keno `result` of API.md. */
export interface KenoResult {
  /** The drawn numbers in draw order. */
  numbers: number[];
  /** The last number drawn (BINGO's 20th; KRB01's 22nd, its "lucky number"). */
  superNumber: number;
  bigSmall: BigSmallOption | null;
  oddEven: 'odd' | 'even' | null;
}

/** The result plus the five-way odd/even outcome of BINGO's older market (spec §3, §9). */
export interface KenoOutcome extends KenoResult {
  oddEvenOutcome: OddEvenOption | null;
}

type Matrix = Pick<KenoProduct['matrix'], 'drawCount' | 'poolSize'>;

/** BINGO BINGO's 20 of 80, the matrix the side-market boundaries of spec §9 are written for. */
export const TWENTY_OF_EIGHTY: Matrix = { drawCount: 20, poolSize: 80 };
/** Big, small, odd or even wins with at least this many of the 20 on its side. */
export const SIDE_WIN_COUNT = 13;
/** Small odd / small even win with 11 or 12 odd / even numbers; draw with exactly 10 of each. */
export const SMALL_SIDE_COUNTS: readonly number[] = [11, 12];
export const SIDE_DRAW_COUNT = 10;

/**
 * Checks a draw and derives what the side markets need. Throws a RangeError for a draw that
 * cannot be real (wrong count, out of range, repeated number): settling on it would be wrong.
 * Big/small and odd/even exist only for 20 of 80; on other matrices they are `null`.
 *
 * Example: 13 numbers from 41–80, 12 of them odd, the 20th drawn being 66 →
 * `{ superNumber: 66, bigSmall: 'big', oddEven: null, oddEvenOutcome: 'smallOdd', numbers }`.
 */
export function kenoResult(numbers: readonly number[], matrix: Matrix = TWENTY_OF_EIGHTY): KenoOutcome {
  assertDraw(numbers, matrix);
  const superNumber = numbers[numbers.length - 1] as number;
  const sideMarkets = matrix.drawCount === TWENTY_OF_EIGHTY.drawCount && matrix.poolSize === TWENTY_OF_EIGHTY.poolSize;
  if (!sideMarkets) return { numbers: [...numbers], superNumber, bigSmall: null, oddEven: null, oddEvenOutcome: null };

  const half = matrix.poolSize / 2;
  let big = 0;
  let odd = 0;
  for (const n of numbers) {
    if (n > half) big++;
    if (n % 2 === 1) odd++;
  }
  const small = numbers.length - big;
  const even = numbers.length - odd;
  const bigSmall = big >= SIDE_WIN_COUNT ? 'big' : small >= SIDE_WIN_COUNT ? 'small' : null;
  const oddEven = odd >= SIDE_WIN_COUNT ? 'odd' : even >= SIDE_WIN_COUNT ? 'even' : null;
  const oddEvenOutcome: OddEvenOption =
    oddEven ?? (odd === SIDE_DRAW_COUNT ? 'draw' : SMALL_SIDE_COUNTS.includes(odd) ? 'smallOdd' : 'smallEven');
  return { numbers: [...numbers], superNumber, bigSmall, oddEven, oddEvenOutcome };
}

/** Whether a side bet on `option` wins on this outcome. `sideBetWins(outcome, 'smallOdd')` → `true` with 11 odd. */
export function sideBetWins(outcome: KenoOutcome, option: SideOption): boolean {
  return option === 'big' || option === 'small' ? outcome.bigSmall === option : outcome.oddEvenOutcome === option;
}

/** Throws unless `numbers` is a possible draw of `matrix`: the right count, in range, all different. */
export function assertDraw(numbers: readonly number[], matrix: Matrix): void {
  if (numbers.length !== matrix.drawCount) {
    throw new RangeError(`a draw has ${matrix.drawCount} numbers, got ${numbers.length}`);
  }
  const seen = new Set<number>();
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 1 || n > matrix.poolSize) {
      throw new RangeError(`drawn number ${n} is outside 1–${matrix.poolSize}`);
    }
    if (seen.has(n)) throw new RangeError(`drawn number ${n} appears twice`);
    seen.add(n);
  }
}
