import { describe, expect, it } from 'vitest';
import { formatGpValue, pointsAt } from './rates.ts';

const TWD_PRIZE = { currency: 'TWD', numerator: 2, denominator: 65 };
const TWD_PRICE = { currency: 'TWD', numerator: 1, denominator: 25 };
const HKD = { currency: 'HKD', numerator: 32, denominator: 250 };

describe('GP next to local money', () => {
  it('converts a local amount at a rate, rounding down like a prize', () => {
    expect(pointsAt({ amount: 120_000, currency: 'TWD' }, TWD_PRIZE)).toBe(3692);
    expect(pointsAt({ amount: 10_000, currency: 'TWD' }, TWD_PRICE)).toBe(400);
    expect(pointsAt({ amount: 7_000, currency: 'HKD' }, HKD)).toBe(896);
  });

  it('never converts at another currency’s rate', () => {
    expect(pointsAt({ amount: 100, currency: 'CAD' }, TWD_PRIZE)).toBeNull();
  });

  it('says what one GP is worth, with cents only when there are some', () => {
    expect(formatGpValue(TWD_PRIZE, 'en')).toBe('NT$32.50');
    expect(formatGpValue(TWD_PRICE, 'en')).toBe('NT$25');
    expect(formatGpValue(HKD, 'en')).toBe('HK$7.81');
    expect(formatGpValue({ currency: 'KRW', numerator: 9, denominator: 125 }, 'en')).toBe('₩1,389');
  });
});
