import { describe, expect, it } from 'vitest';
import { kenoResult, sideBetWins } from './keno-result.ts';
import { drawWith, drawEndingWith } from './test-draws.ts';

// Spec §9: a side wins with 13 or more of the 20; small odd / small even at 11 or 12; draw at 10.
const BIG_SMALL_BY_BIG_COUNT: [number, 'big' | 'small' | null][] = [
  [20, 'big'], [14, 'big'], [13, 'big'], [12, null], [11, null], [10, null], [9, null], [8, null],
  [7, 'small'], [6, 'small'], [0, 'small'],
];
const ODD_EVEN_BY_ODD_COUNT: [number, 'odd' | 'even' | null, string][] = [
  [20, 'odd', 'odd'], [14, 'odd', 'odd'], [13, 'odd', 'odd'],
  [12, null, 'smallOdd'], [11, null, 'smallOdd'],
  [10, null, 'draw'],
  [9, null, 'smallEven'], [8, null, 'smallEven'],
  [7, 'even', 'even'], [6, 'even', 'even'], [0, 'even', 'even'],
];

describe('big / small from the 20 drawn numbers', () => {
  it.each(BIG_SMALL_BY_BIG_COUNT)('%i numbers from 41–80 → %s', (bigCount, expected) => {
    expect(kenoResult(drawWith({ big: bigCount, odd: 10 })).bigSmall).toBe(expected);
  });

  it('every count from 0 to 20 gives exactly one of big, small or no winner', () => {
    for (let big = 0; big <= 20; big++) {
      const { bigSmall } = kenoResult(drawWith({ big, odd: 10 }));
      expect(bigSmall).toBe(big >= 13 ? 'big' : 20 - big >= 13 ? 'small' : null);
    }
  });

  it('counts 40 as small and 41 as big', () => {
    const smallSide = [...Array.from({ length: 12 }, (_, i) => i + 1), 40];
    const bigSide = [41, 42, 43, 44, 45, 46, 47];
    expect(kenoResult([...smallSide, ...bigSide]).bigSmall).toBe('small');
    const withFortyOne = [...Array.from({ length: 7 }, (_, i) => i + 1), 41, ...Array.from({ length: 12 }, (_, i) => 50 + i)];
    expect(kenoResult(withFortyOne).bigSmall).toBe('big');
  });
});

describe('odd / even and the five-way outcome', () => {
  it.each(ODD_EVEN_BY_ODD_COUNT)('%i odd numbers → odd/even %s, five-way %s', (oddCount, oddEven, outcome) => {
    const result = kenoResult(drawWith({ big: 10, odd: oddCount }));
    expect(result.oddEven).toBe(oddEven);
    expect(result.oddEvenOutcome).toBe(outcome);
  });

  it('exactly one five-way option wins on any draw', () => {
    const options = ['odd', 'even', 'smallOdd', 'smallEven', 'draw'] as const;
    for (let odd = 0; odd <= 20; odd++) {
      const outcome = kenoResult(drawWith({ big: 7, odd }));
      expect(options.filter((o) => sideBetWins(outcome, o))).toHaveLength(1);
    }
  });

  it('big/small and odd/even are independent of each other', () => {
    expect(kenoResult(drawWith({ big: 13, odd: 7 }))).toMatchObject({ bigSmall: 'big', oddEven: 'even' });
    expect(kenoResult(drawWith({ big: 0, odd: 20 }))).toMatchObject({ bigSmall: 'small', oddEven: 'odd' });
  });
});

describe('the super number', () => {
  it('is the 20th number drawn, not the largest or the first', () => {
    const numbers = drawEndingWith(7, [80, 66]);
    expect(kenoResult(numbers).superNumber).toBe(7);
    expect(kenoResult([...numbers].reverse()).superNumber).toBe(numbers[0]);
  });

  it('keeps the numbers in draw order in the published result', () => {
    const numbers = drawEndingWith(33);
    expect(kenoResult(numbers).numbers).toEqual(numbers);
  });
});

describe('Speed Keno (22 of 70)', () => {
  const matrix = { drawCount: 22, poolSize: 70 };
  const numbers = Array.from({ length: 22 }, (_, i) => 70 - 3 * i);

  it('reads its 22nd number as the super (lucky) number and has no side markets', () => {
    expect(kenoResult(numbers, matrix)).toMatchObject({ superNumber: 7, bigSmall: null, oddEven: null, oddEvenOutcome: null });
  });

  it('refuses a BINGO-sized draw', () => {
    expect(() => kenoResult(drawWith({ big: 10, odd: 10 }), matrix)).toThrow(/22 numbers/);
  });
});

describe('draws that cannot be real are refused rather than settled', () => {
  const good = drawWith({ big: 10, odd: 10 });
  it.each([
    ['19 numbers', good.slice(1), /20 numbers, got 19/],
    ['21 numbers', [...good, 79], /20 numbers, got 21/],
    ['a number above 80', [...good.slice(1), 81], /81 is outside 1–80/],
    ['a zero', [...good.slice(1), 0], /0 is outside/],
    ['a fraction', [...good.slice(1), 1.5], /1.5 is outside/],
    ['a repeated number', [...good.slice(1), good[2] as number], /appears twice/],
  ])('%s', (_, numbers, message) => {
    expect(() => kenoResult(numbers)).toThrow(message);
  });
});
