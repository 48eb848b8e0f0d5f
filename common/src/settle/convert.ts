import type { CurrencyCode, LocalAmount } from '../products/types.ts';

/**
 * An exchange rate as a fraction: GP hundredths per minor unit of `currency`. With 1 GP worth
 * NT$32.50, one TWD cent is 100/3250 hundredths: `{ numerator: 2, denominator: 65 }`.
 * `currency`, when given, is checked, so a KRW prize never converts at the TWD rate.
 */
export interface PointsRate {
  numerator: number;
  denominator: number;
  currency?: CurrencyCode;
}

/**
 * A local-currency amount in GP hundredths, rounded down (we never credit a fraction of a
 * hundredth that was not won). Exact integer arithmetic, whatever the size of the amount.
 *
 * Example: NT$1,200 at 2/65 → `toPoints({ amount: 120_000, currency: 'TWD' }, { numerator: 2, denominator: 65 })`
 * → `3692` (36.92 GP; the exact value is 3692.3…).
 */
export function toPoints(value: LocalAmount, rate: PointsRate): number {
  if (!Number.isSafeInteger(value.amount) || value.amount < 0) {
    throw new RangeError(`amount must be a non-negative whole number of minor units, got ${value.amount}`);
  }
  if (!Number.isSafeInteger(rate.numerator) || rate.numerator < 0) {
    throw new RangeError(`rate numerator must be a non-negative integer, got ${rate.numerator}`);
  }
  if (!Number.isSafeInteger(rate.denominator) || rate.denominator < 1) {
    throw new RangeError(`rate denominator must be a positive integer, got ${rate.denominator}`);
  }
  if (rate.currency !== undefined && rate.currency !== value.currency) {
    throw new RangeError(`a ${rate.currency} rate cannot convert ${value.currency}`);
  }
  const points = (BigInt(value.amount) * BigInt(rate.numerator)) / BigInt(rate.denominator);
  if (points > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('converted amount is too large');
  return Number(points);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A rate in lowest terms: `simplifyRate({ numerator: 100, denominator: 2500, currency: 'TWD' })` → `{ numerator: 1, denominator: 25, currency: 'TWD' }`. */
export function simplifyRate<R extends PointsRate>(rate: R): R {
  const divisor = gcd(rate.numerator, rate.denominator) || 1;
  return { ...rate, numerator: rate.numerator / divisor, denominator: rate.denominator / divisor };
}

/**
 * What one unit of a product costs, as a rate: its `unitPrice` (GP hundredths, service fee
 * included) per `unitStake` (minor units staked with the operator).
 *
 * Example: BINGO BINGO, 1.00 GP a NT$25 unit → `{ numerator: 1, denominator: 25, currency: 'TWD' }` (1 GP = NT$25).
 */
export function unitPriceRate(product: { unitPrice: number; unitStake: LocalAmount }): PointsRate & { currency: CurrencyCode } {
  return simplifyRate({ numerator: product.unitPrice, denominator: product.unitStake.amount, currency: product.unitStake.currency });
}
