import type { CurrencyCode } from '@gp/common';
import type { Config } from '../config.ts';
import { AppError } from '../platform/errors.ts';
import { pointsRate } from '../platform/points-rate.ts';

export type WithdrawalSettings = Pick<
  Config,
  'WITHDRAWAL_MIN_POINTS' | 'WITHDRAWAL_MAX_POINTS' | 'WITHDRAWAL_DAILY_MAX_POINTS' | 'WITHDRAWAL_FEE_POINTS' | 'WITHDRAWAL_CURRENCY' | 'POINTS_RATES'
>;

/** Currencies the published rates count in whole units (no minor unit): the rate is per unit, not per cent. */
const WHOLE_UNIT_CURRENCIES: ReadonlySet<CurrencyCode> = new Set(['JPY', 'KRW']);

/**
 * What a withdrawal of `amount` GP hundredths pays out: the flat fee comes off first, the rest is
 * converted at the published rate (GP hundredths per minor unit) and rounded down to whole units of
 * the currency (a bank transfer moves whole NT$). Zero when the fee eats it all.
 */
export function payoutOf(settings: WithdrawalSettings, amount: number) {
  const rate = pointsRate(settings, settings.WITHDRAWAL_CURRENCY);
  const net = amount - settings.WITHDRAWAL_FEE_POINTS;
  if (net <= 0 || rate.numerator === 0) return { fee: settings.WITHDRAWAL_FEE_POINTS, payout: 0, rate };
  const minorPerUnit = WHOLE_UNIT_CURRENCIES.has(settings.WITHDRAWAL_CURRENCY) ? 1 : 100;
  const minor = Math.floor((net * rate.denominator) / rate.numerator);
  return { fee: settings.WITHDRAWAL_FEE_POINTS, payout: minor - (minor % minorPerUnit), rate };
}

/**
 * Refuses an amount outside the stated limits (`withdrawal_limit`, with the figures in `details`):
 * below the minimum, above the maximum, past what is left of the member's rolling day, or too small
 * to pay anything once the fee is taken.
 */
export function checkLimits(settings: WithdrawalSettings, amount: number, requestedToday: number) {
  const dailyLeft = Math.max(0, settings.WITHDRAWAL_DAILY_MAX_POINTS - requestedToday);
  const details = { minimum: settings.WITHDRAWAL_MIN_POINTS, maximum: settings.WITHDRAWAL_MAX_POINTS, dailyLeft, fee: settings.WITHDRAWAL_FEE_POINTS };
  if (amount < settings.WITHDRAWAL_MIN_POINTS || amount > settings.WITHDRAWAL_MAX_POINTS || amount > dailyLeft) throw new AppError('withdrawal_limit', { details });
  const quoted = payoutOf(settings, amount);
  if (quoted.payout <= 0) throw new AppError('withdrawal_limit', { details });
  return quoted;
}
