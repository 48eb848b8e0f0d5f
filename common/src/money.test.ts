import { describe, expect, it } from 'vitest';
import { formatPoints, parsePoints } from './money.ts';

describe('GPoints amounts (integer hundredths)', () => {
  it('shows hundredths as points with two decimals and grouping', () => {
    expect(formatPoints(123456)).toBe('1,234.56');
    expect(formatPoints(5)).toBe('0.05');
    expect(formatPoints(-1250)).toBe('-12.50');
    expect(formatPoints(0)).toBe('0.00');
  });

  it('uses the locale’s separators', () => {
    expect(formatPoints(123456, 'de')).toBe('1.234,56');
  });

  it('refuses fractional hundredths rather than rounding money silently', () => {
    expect(() => formatPoints(12.5)).toThrow(RangeError);
  });

  it('parses what a person types into hundredths', () => {
    expect(parsePoints('12.5')).toBe(1250);
    expect(parsePoints('12,50')).toBe(1250);
    expect(parsePoints(' 100 ')).toBe(10000);
    expect(parsePoints('0.01')).toBe(1);
  });

  it('rejects amounts it cannot represent exactly', () => {
    expect(parsePoints('1.234')).toBeNull();
    expect(parsePoints('-5')).toBeNull();
    expect(parsePoints('abc')).toBeNull();
    expect(parsePoints('')).toBeNull();
  });
});
