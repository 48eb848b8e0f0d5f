import { describe, expect, it } from 'vitest';
import { simplifyRate, toPoints, unitPriceRate } from './convert.ts';

// 1 GP = NT$32.50: a TWD cent is 100/3250 = 2/65 of a GP hundredth.
const TWD_RATE = { numerator: 2, denominator: 65, currency: 'TWD' as const };
// 1 GP = ₩1,400: a won is 100/1400 = 1/14 of a GP hundredth.
const KRW_RATE = { numerator: 1, denominator: 14 };

describe('converting a local-currency prize into GPoints', () => {
  it('converts exactly when the amount divides evenly (NT$32.50 → 1.00 GP)', () => {
    expect(toPoints({ amount: 3_250, currency: 'TWD' }, TWD_RATE)).toBe(100);
  });

  it('rounds down, never crediting a hundredth that was not won (NT$1,200 → 36.92 GP)', () => {
    expect(toPoints({ amount: 120_000, currency: 'TWD' }, TWD_RATE)).toBe(3_692);
    expect(toPoints({ amount: 3_249, currency: 'TWD' }, TWD_RATE)).toBe(99);
    expect(toPoints({ amount: 32, currency: 'TWD' }, TWD_RATE)).toBe(0);
  });

  it('converts whole-won amounts (₩25,000,000 → 17,857.14 GP)', () => {
    expect(toPoints({ amount: 25_000_000, currency: 'KRW' }, KRW_RATE)).toBe(1_785_714);
  });

  it('stays exact for the largest prizes (NT$100M at a rate with large terms)', () => {
    const rate = { numerator: 9_999_991, denominator: 324_999_707 };
    // 10^10 × 9,999,991 / 324,999,707 = 307,692,308.17…
    expect(toPoints({ amount: 10_000_000_000, currency: 'TWD' }, rate)).toBe(307_692_308);
  });

  it('converts nothing to nothing', () => {
    expect(toPoints({ amount: 0, currency: 'CAD' }, { numerator: 73, denominator: 100 })).toBe(0);
  });

  it('refuses a rate meant for another currency', () => {
    expect(() => toPoints({ amount: 1_000, currency: 'KRW' }, TWD_RATE)).toThrow(/TWD rate cannot convert KRW/);
  });

  it.each([
    ['a fractional amount', { amount: 12.5, currency: 'TWD' as const }, TWD_RATE],
    ['a negative amount', { amount: -100, currency: 'TWD' as const }, TWD_RATE],
    ['a zero denominator', { amount: 100, currency: 'TWD' as const }, { numerator: 1, denominator: 0 }],
    ['a fractional rate', { amount: 100, currency: 'TWD' as const }, { numerator: 0.5, denominator: 1 }],
  ])('refuses %s', (_, value, rate) => {
    expect(() => toPoints(value, rate)).toThrow(RangeError);
  });
});

describe('the two rates of a product', () => {
  it('states the unit price as GP per minor unit staked, in lowest terms', () => {
    expect(unitPriceRate({ unitPrice: 100, unitStake: { amount: 2_500, currency: 'TWD' } })).toEqual({ numerator: 1, denominator: 25, currency: 'TWD' });
    expect(unitPriceRate({ unitPrice: 100, unitStake: { amount: 100, currency: 'CAD' } })).toEqual({ numerator: 1, denominator: 1, currency: 'CAD' });
    expect(simplifyRate({ numerator: 32, denominator: 250 })).toEqual({ numerator: 16, denominator: 125 });
  });
});
