import { describe, expect, it } from 'vitest';
import { formatOdds, parseOdds } from './odds.ts';

describe('decimal prices as whole thousandths', () => {
  it.each<[string, number]>([
    ['2.10', 2_100],
    ['1.32', 1_320],
    ['35.00', 35_000],
    ['125.0', 125_000],
    ['1000', 1_000_000],
    ['9.5', 9_500],
    ['22', 22_000],
    ['1.01', 1_010],
  ])('reads %s as %i', (text, thousandths) => {
    expect(parseOdds(text)).toBe(thousandths);
  });

  it.each(['2.105', '-2.10', '+2.10', '1.00', '1', '0.50', '', ' 2.10', '2,10', 'abc', '12345', '2.'])('refuses %j', (text) => {
    expect(parseOdds(text)).toBeNull();
  });

  it('shows two decimals, and a third only when a half win needs it', () => {
    expect(formatOdds(2_100)).toBe('2.10');
    expect(formatOdds(22_000)).toBe('22.00');
    expect(formatOdds(1_000)).toBe('1.00');
    expect(formatOdds(1_575)).toBe('1.575');
    expect(formatOdds(500)).toBe('0.50');
  });
});
