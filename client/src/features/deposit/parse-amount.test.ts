import { describe, expect, it } from 'vitest';
import { parseAmount } from './deposit-page.tsx';

describe('parseAmount: what the member typed → minor units', () => {
  it.each([
    ['20', 'USD', 2_000],
    ['12.5', 'USD', 1_250],
    ['12.05', 'CNY', 1_205],
    ['1,000', 'USD', 100_000],
    ['300', 'TWD', 30_000],
  ] as const)('%s %s → %i', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toBe(minor);
  });

  it.each([
    ['12.345', 'USD'],
    ['-5', 'USD'],
    ['abc', 'CNY'],
    ['', 'USD'],
    ['300.5', 'TWD'], // NT$ are whole dollars (ECPay, JKO)
  ] as const)('%s %s is not an amount', (text, currency) => {
    expect(parseAmount(text, currency)).toBeNull();
  });
});
