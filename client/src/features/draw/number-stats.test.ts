import { describe, expect, it } from 'vitest';
import { coldest, distribution, generateLine, hottest, NO_FILTERS, overdue, type ZoneHistory } from './number-stats.ts';

// A 10-number pool: 7 is the hottest, 2 never came up and has been away longest.
const zone: ZoneHistory = {
  poolSize: 10,
  frequency: [5, 0, 4, 4, 3, 3, 9, 1, 2, 6],
  sinceLast: [1, 40, 2, 3, 5, 6, 0, 12, 8, 1],
};

describe('number statistics', () => {
  it('ranks hot, cold and overdue numbers', () => {
    expect(hottest(zone, 3).map((r) => r.number)).toEqual([7, 10, 1]);
    expect(coldest(zone, 2).map((r) => r.number)).toEqual([2, 8]);
    expect(overdue(zone, 2)).toEqual([
      { number: 2, value: 40 },
      { number: 8, value: 12 },
    ]);
  });

  it('counts how many draws had each odd/high split', () => {
    expect(distribution([3, 3, 2, 6], 6)).toEqual([0, 0, 1, 2, 0, 0, 1]);
  });
});

describe('the generator', () => {
  it('makes lines of the right size, in range, without repeats, sorted', () => {
    for (let i = 0; i < 200; i++) {
      const line = generateLine(zone, 4, NO_FILTERS)!;
      expect(line).toHaveLength(4);
      expect(new Set(line).size).toBe(4);
      expect(line.every((n) => n >= 1 && n <= 10)).toBe(true);
      expect([...line].sort((a, b) => a - b)).toEqual(line);
    }
  });

  it('meets the odd and high filters exactly, keeps included numbers and never uses excluded ones', () => {
    for (let i = 0; i < 200; i++) {
      const line = generateLine(zone, 4, { ...NO_FILTERS, odd: 3, high: 2, include: [7], exclude: [9] })!;
      expect(line.filter((n) => n % 2 === 1)).toHaveLength(3);
      expect(line.filter((n) => n > 5)).toHaveLength(2);
      expect(line).toContain(7);
      expect(line).not.toContain(9);
    }
  });

  it('says so when the filters cannot be met', () => {
    // Five odd numbers in a pool of ten, but 1, 3 and 5 are excluded: at most two odd remain.
    expect(generateLine(zone, 5, { ...NO_FILTERS, odd: 5, exclude: [1, 3, 5] })).toBeNull();
  });

  it('favours hot numbers when asked', () => {
    let sevens = 0;
    let twos = 0;
    for (let i = 0; i < 400; i++) {
      const line = generateLine(zone, 1, { ...NO_FILTERS, bias: 'hot' })!;
      if (line[0] === 7) sevens++;
      if (line[0] === 2) twos++;
    }
    // 7 weighs 10 of 47, 2 weighs 1 of 47: a hot line is far more often 7.
    expect(sevens).toBeGreaterThan(twos * 3);
  });
});
