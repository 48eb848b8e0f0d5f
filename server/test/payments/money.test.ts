import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { decimalMinorUnits, depositLimitProblem, depositPoints } from '../../src/payments/money.ts';

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

describe('amounts providers send: decimal digits only (issue 28)', () => {
  it('reads plain digits (and two decimals where the protocol has them) exactly', () => {
    expect(decimalMinorUnits('300', 0)).toBe(30_000);
    expect(decimalMinorUnits(300, 0)).toBe(30_000);
    expect(decimalMinorUnits('300.5', 2)).toBe(30_050);
    expect(decimalMinorUnits(300.07, 2)).toBe(30_007);
    expect(decimalMinorUnits('0', 0)).toBe(0);
  });

  it.each(['0x12C', '0o454', '0b100101100', '3e2', ' 300', '300 ', '+300', '-300', '300.', '.5', 'Infinity', 'NaN', '', '300.555', '1e21', '３００'])('%j is not an amount', (text) => {
    expect(decimalMinorUnits(text, 2)).toBeNull();
    expect(Number(text.trim() || 'x') === 300 && decimalMinorUnits(text, 0)).toBeFalsy();
  });

  it('a fraction where the protocol has none (ECPay TradeAmt is whole NT$), or a non-finite number, is not an amount', () => {
    expect(decimalMinorUnits('300.5', 0)).toBeNull();
    expect(decimalMinorUnits(Number.POSITIVE_INFINITY, 2)).toBeNull();
    expect(decimalMinorUnits(1e21, 2)).toBeNull();
    expect(decimalMinorUnits(null, 2)).toBeNull();
  });
});
