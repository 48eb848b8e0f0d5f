import { describe, expect, it } from 'vitest';
import { formatLocalAmount, formatLocalMoney } from './local-money.ts';

describe('local-currency amounts', () => {
  it('reads minor units in the currency’s own scale, without empty cents', () => {
    expect(formatLocalMoney(2_500, 'TWD', 'en')).toBe('NT$25');
    expect(formatLocalMoney(10_000_000_000, 'TWD', 'en')).toBe('NT$100,000,000');
    expect(formatLocalMoney(10_000_000, 'CAD', 'en')).toBe('CA$100,000');
    expect(formatLocalMoney(1_000, 'KRW', 'en')).toBe('₩1,000');
  });

  it('keeps cents when there are some', () => {
    expect(formatLocalMoney(1_234, 'CAD', 'en')).toBe('CA$12.34');
    expect(formatLocalMoney(5, 'TWD', 'en')).toBe('NT$0.05');
  });

  it('can leave the currency out, for a table that names it once', () => {
    expect(formatLocalMoney(500_000_000, 'TWD', 'en', { symbol: false })).toBe('5,000,000');
    expect(formatLocalMoney(1_234, 'CAD', 'en', { symbol: false })).toBe('12.34');
  });

  it('names the currency the same way in every language: no bare “$” or “¥” another currency could also mean', () => {
    // Traditional Chinese writes TWD as "$" and USD as "US$": on one form they read alike no more.
    expect(formatLocalMoney(30_000, 'TWD', 'zh-TW')).toBe('NT$300');
    expect(formatLocalMoney(1_000, 'USD', 'zh-TW')).toBe('US$10');
    expect(formatLocalMoney(1_000, 'USD', 'en')).toBe('US$10');
    expect(formatLocalMoney(5_000, 'CNY', 'zh-CN')).toBe('CN¥50');
    expect(formatLocalMoney(5_000, 'CNY', 'ja')).toMatch(/^CN¥\s?50$/);
    expect(formatLocalMoney(100_000, 'JPY', 'ja')).toBe('JP¥100,000');
    expect(formatLocalMoney(1_000, 'HKD', 'zh-TW')).toBe('HK$10');
  });

  it('follows the reader’s locale', () => {
    expect(formatLocalMoney(120_000, 'TWD', 'de')).toMatch(/^1\.200\s?NT\$$/);
  });
});

describe('formatLocalAmount', () => {
  it('shows minor units in the currency, dropping empty cents', () => {
    expect(formatLocalAmount({ amount: 15_000, currency: 'TWD' }, 'en')).toBe('NT$150');
    expect(formatLocalAmount({ amount: 250, currency: 'CAD' }, 'en')).toBe('CA$2.50');
    expect(formatLocalAmount({ amount: 1_000, currency: 'KRW' }, 'en')).toBe('₩1,000');
  });

  it('falls back to the code for a currency the browser does not know', () => {
    expect(formatLocalAmount({ amount: 1234, currency: 'X' }, 'en')).toBe('12.34 X');
  });
});
