import type { Config } from '../config.ts';
import type { DepositCurrency } from './types.ts';

/**
 * GP hundredths for a deposit of `amount` minor units: amount × rate, rounded DOWN to the
 * hundredth, so a member is never credited more than they paid for (at most 0.01 GP less).
 * Integers only: the rate is a fraction "n/d", never a float.
 */
export function depositPoints(config: Pick<Config, 'DEPOSIT_RATES'>, currency: DepositCurrency, amount: number): number {
  const [numerator, denominator] = String(config.DEPOSIT_RATES[currency]).split('/').map(Number) as [number, number];
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer of minor units');
  // BigInt keeps amount × numerator exact whatever the operator configured.
  return Number((BigInt(amount) * BigInt(numerator)) / BigInt(denominator));
}

export type LimitProblem = 'below_minimum' | 'above_maximum' | 'whole_units' | 'daily_limit';

/** Why `amount` may not be deposited, or null. TWD must be whole dollars: ECPay and JKO take integer NT$. */
export function depositLimitProblem(
  config: Pick<Config, 'DEPOSIT_LIMITS'>,
  currency: DepositCurrency,
  amount: number,
): LimitProblem | null {
  const limits = config.DEPOSIT_LIMITS[currency];
  if (amount < limits.min) return 'below_minimum';
  if (amount > limits.max) return 'above_maximum';
  if (currency === 'TWD' && amount % 100 !== 0) return 'whole_units';
  return null;
}

/** The start of the UTC day of `at` (the daily limit's window). */
export const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * Minor units (cents) of an amount a provider sent in major units, as text or a JSON number, in
 * decimal digits only: `300`, and with `decimals: 2` also `300.5` or `300.50`. Anything else —
 * `0x12C`, `3e2`, ` 300`, `+300`, `Infinity`, a fraction where the protocol has none — is null:
 * `Number()` reads several of those as 300, and a payment is never credited on a guessed amount.
 */
export function decimalMinorUnits(value: unknown, decimals: 0 | 2): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value : '';
  const match = (decimals === 0 ? /^(\d{1,12})$/ : /^(\d{1,12})(?:\.(\d{1,2}))?$/).exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
