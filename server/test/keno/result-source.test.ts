import { describe, expect, it } from 'vitest';
import { KENO_PRODUCTS } from '@gp/common';
import { kenoCatalogue } from '../../src/games/keno/catalogue.ts';
import { numbersFromSeed, simulatedResultSource, manualResultSource } from '../../src/games/keno/result-source.ts';
import { newSeed, seedHash } from '../../src/platform/seed-commitment.ts';
import { drawProblem } from '../../src/games/keno/service.ts';
import { verifyDraw } from './verify-draw.ts';

describe('simulated result source', () => {
  it('draws 20 distinct numbers of 1–80 for BINGO, the super number being the 20th, and anyone can re-derive them from the seed', () => {
    for (let i = 0; i < 200; i++) {
      const seed = newSeed();
      const result = simulatedResultSource.resultAtDrawTime(KENO_PRODUCTS.TWB01, seed)!;
      expect(result.numbers).toHaveLength(20);
      expect(new Set(result.numbers).size).toBe(20);
      expect(result.numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= 80)).toBe(true);
      expect(result.superNumber).toBe(result.numbers[19]);
      expect(verifyDraw(seed, 20, 80)).toEqual({ hash: seedHash(seed), numbers: result.numbers });
    }
  });

  it('draws 22 distinct numbers of 1–70 for Speed Keno, with no big/small or odd/even market', () => {
    const seed = newSeed();
    const result = simulatedResultSource.resultAtDrawTime(KENO_PRODUCTS.KRB01, seed)!;
    expect(result.numbers).toHaveLength(22);
    expect(new Set(result.numbers).size).toBe(22);
    expect(result.numbers.every((n) => n >= 1 && n <= 70)).toBe(true);
    expect(result).toMatchObject({ superNumber: result.numbers[21], bigSmall: null, oddEven: null });
    expect(verifyDraw(seed, 22, 70).numbers).toEqual(result.numbers);
  });

  it('is a pure function of the seed: the same seed always gives the same draw, different seeds differ', () => {
    const seed = 'ab'.repeat(32);
    expect(numbersFromSeed(seed, { drawCount: 20, poolSize: 80 })).toEqual(numbersFromSeed(seed, { drawCount: 20, poolSize: 80 }));
    expect(numbersFromSeed('cd'.repeat(32), { drawCount: 20, poolSize: 80 })).not.toEqual(numbersFromSeed(seed, { drawCount: 20, poolSize: 80 }));
    expect(() => numbersFromSeed('abcd', { drawCount: 20, poolSize: 80 })).toThrow(RangeError);
  });

  it('covers the whole pool evenly enough over many draws (no number is favoured or never drawn)', () => {
    const counts = new Array<number>(81).fill(0);
    for (let i = 0; i < 2000; i++) for (const n of numbersFromSeed(newSeed(), { drawCount: 20, poolSize: 80 })) counts[n]!++;
    const used = counts.slice(1);
    // Each number is drawn 500 times on average (2000 × 20 / 80); ±25% is over 10 standard deviations.
    expect(Math.min(...used)).toBeGreaterThan(375);
    expect(Math.max(...used)).toBeLessThan(625);
  });

  it('the manual source never produces a result at draw time', () => {
    expect(manualResultSource.resultAtDrawTime(KENO_PRODUCTS.TWB01, newSeed())).toBeNull();
  });
});

describe('operator-entered numbers', () => {
  const matrix = { drawCount: 20, poolSize: 80 };
  const valid = Array.from({ length: 20 }, (_, i) => i + 1);
  it.each([
    ['a valid draw', valid, null],
    ['19 numbers', valid.slice(1), 'invalid'],
    ['21 numbers', [...valid, 21], 'too_many_numbers'],
    ['a number over 80', [...valid.slice(1), 81], 'number_out_of_range'],
    ['a zero', [...valid.slice(1), 0], 'number_out_of_range'],
    ['a repeated number', [...valid.slice(1), 2], 'duplicate_number'],
  ] as const)('%s → %s', (_label, numbers, code) => {
    expect(drawProblem(numbers, matrix)).toBe(code);
  });
});

describe('keno catalogue', () => {
  it('sells only the enabled products, with the schedule override applied and the issue numbering kept', () => {
    const catalogue = kenoCatalogue({ KENO_PRODUCTS: ['CAB01'], KENO_SCHEDULE_OVERRIDES: { CAB01: { intervalSeconds: 60, salesCloseSeconds: 10 } } });
    expect([...catalogue.keys()]).toEqual(['CAB01']);
    expect(catalogue.get('CAB01')!.schedule).toMatchObject({ intervalSeconds: 60, salesCloseSeconds: 10, issueFormat: KENO_PRODUCTS.CAB01.schedule.issueFormat });
    expect(KENO_PRODUCTS.CAB01.schedule.intervalSeconds).toBe(300);
  });

  it('refuses an override that is not a usable schedule, naming the product', () => {
    expect(() => kenoCatalogue({ KENO_PRODUCTS: ['CAB01'], KENO_SCHEDULE_OVERRIDES: { CAB01: { intervalSeconds: 10, salesCloseSeconds: 10 } } })).toThrow(/CAB01/);
  });
});
