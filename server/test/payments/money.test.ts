import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { depositLimitProblem, depositPoints } from '../../src/payments/money.ts';

const config = loadConfig({ DEPOSIT_RATES: '{"CNY":"7/50"}', DEPOSIT_LIMITS: '{"USD":{"min":500,"max":100000}}' });

describe('deposit points: amount × DEPOSIT_RATES, rounded down to the GP hundredth', () => {
  it.each([
    ['USD', 2_000, 2_000], // US$20.00 → 20.00 GP
    ['TWD', 30_000, 923], // NT$300 × 2/65 = 923.07… → 9.23 GP
    ['TWD', 32_500, 1_000], // NT$325 = exactly 10 GP
    ['CNY', 10_000, 1_400], // ¥100 × 7/50 = 14.00 GP
    ['CNY', 3_501, 490], // 490.14 → 490
  ] as const)('%s %i → %i GP hundredths', (currency, amount, points) => {
    expect(depositPoints(config, currency, amount)).toBe(points);
  });

  it('never credits more than paid for, even for huge amounts (exact integer arithmetic)', () => {
    expect(depositPoints(config, 'TWD', 9_007_199_254_740_900)).toBe(Number((9_007_199_254_740_900n * 2n) / 65n));
    expect(() => depositPoints(config, 'USD', 12.5)).toThrow(RangeError);
  });

  it('limits: per-currency min/max, whole NT dollars', () => {
    expect(depositLimitProblem(config, 'USD', 499)).toBe('below_minimum');
    expect(depositLimitProblem(config, 'USD', 100_001)).toBe('above_maximum');
    expect(depositLimitProblem(config, 'USD', 500)).toBeNull();
    expect(depositLimitProblem(config, 'TWD', 30_050)).toBe('whole_units');
    expect(depositLimitProblem(config, 'TWD', 30_000)).toBeNull();
  });

  it('a malformed rate or limit stops start-up', () => {
    expect(() => loadConfig({ DEPOSIT_RATES: '{"USD":"1.5"}' })).toThrow(/DEPOSIT_RATES/);
    expect(() => loadConfig({ DEPOSIT_LIMITS: '{"USD":{"min":900,"max":100}}' })).toThrow(/DEPOSIT_LIMITS/);
  });
});
