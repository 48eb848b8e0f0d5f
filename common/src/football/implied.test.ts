import { describe, expect, it } from 'vitest';
import { impliedProbabilities, overround } from './implied.ts';

describe('implied probabilities with the margin removed', () => {
  it('normalises 1/odds so a HAD market sums to exactly one', () => {
    const probabilities = impliedProbabilities([2100, 3200, 3400]);
    expect(probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(probabilities[0]).toBeCloseTo(0.4396, 3);
    expect(probabilities[1]).toBeCloseTo(0.2885, 3);
    expect(probabilities[2]).toBeCloseTo(0.2715, 3);
  });

  it('keeps the order of the prices: the shortest price is the likeliest outcome', () => {
    const [home, draw, away] = impliedProbabilities([1500, 4000, 6500]);
    expect(home).toBeGreaterThan(draw!);
    expect(draw).toBeGreaterThan(away!);
  });

  it('splits two equal prices evenly whatever the margin', () => {
    expect(impliedProbabilities([1850, 1850])).toEqual([0.5, 0.5]);
  });

  it('measures the margin as the overround past 100 %', () => {
    expect(overround([1900, 1900])).toBeCloseTo(2 / 1.9 - 1, 12);
    expect(overround([2000, 2000])).toBeCloseTo(0, 12);
    expect(overround([2100, 3200, 3400])).toBeCloseTo(0.0828, 3);
  });

  it('refuses an empty market or a price of 1.00 or less', () => {
    expect(() => impliedProbabilities([])).toThrow(RangeError);
    expect(() => overround([1000, 3000])).toThrow(RangeError);
    expect(() => impliedProbabilities([Number.NaN])).toThrow(RangeError);
  });
});
