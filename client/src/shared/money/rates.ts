import { CURRENCY_MINOR_DIGITS, toPoints, type CurrencyCode, type PointsRateWire } from '@gp/common';
import { formatCurrency } from './local-money.ts';

const isCurrency = (code: string): code is CurrencyCode => Object.hasOwn(CURRENCY_MINOR_DIGITS, code);

/**
 * GP next to local money. A rate is GP hundredths per minor unit of its currency (the wire's
 * `rates.price` / `rates.prize`); the conversion rounds down, as the server's does.
 */

/** A local amount in GP hundredths at `rate`: `pointsAt({ amount: 120_000, currency: 'TWD' }, 2/65)` → `3692` (36.92 GP). */
export function pointsAt(value: { amount: number; currency: string }, rate: PointsRateWire): number | null {
  const { currency } = value;
  if (rate.currency !== currency || !isCurrency(currency) || rate.numerator <= 0 || rate.denominator <= 0) return null;
  try {
    return toPoints({ amount: value.amount, currency }, { numerator: rate.numerator, denominator: rate.denominator });
  } catch {
    return null;
  }
}

/**
 * What one GP is worth in the rate's currency, named unambiguously: `2/65` TWD → `"NT$32.50"`, `32/250` HKD →
 * `"HK$7.81"`, `1/25` TWD → `"NT$25"`. Display only: the fraction is the truth.
 */
export function formatGpValue(rate: PointsRateWire, locale: string): string {
  const digits = (CURRENCY_MINOR_DIGITS as Readonly<Record<string, number>>)[rate.currency] ?? 2;
  const value = (100 * rate.denominator) / rate.numerator / 10 ** digits;
  return formatCurrency(value, rate.currency, locale, Number.isInteger(value) ? 0 : digits);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The rate `points` GP hundredths came to for `amount` minor units, in lowest terms: an order's 400 for NT$100 → 1/25 (1 GP = NT$25). */
export function rateOf(points: number, value: { amount: number; currency: string }): PointsRateWire | null {
  if (!Number.isSafeInteger(points) || !Number.isSafeInteger(value.amount) || points <= 0 || value.amount <= 0) return null;
  const divisor = gcd(points, value.amount);
  return { currency: value.currency, numerator: points / divisor, denominator: value.amount / divisor };
}
