import { CURRENCY_MINOR_DIGITS } from '@gp/common';

/**
 * A local-currency amount of API.md (minor units) as text in the reader's locale; cents appear
 * only when there are some, so prize tables read "NT$1,200", not "NT$1,200.00". A currency the
 * browser does not know falls back to its code.
 *
 * `symbol: false` leaves the currency out, for a table whose caption names it once.
 *
 * @example formatLocalMoney(2_500, 'TWD', 'en') → "NT$25"; formatLocalMoney(1_234, 'CAD', 'en') → "CA$12.34"
 */
export function formatLocalMoney(minor: number, currency: string, locale: string, { symbol = true } = {}): string {
  const digits = (CURRENCY_MINOR_DIGITS as Readonly<Record<string, number>>)[currency] ?? 2;
  const scale = 10 ** digits;
  const fraction = minor % scale === 0 ? 0 : digits;
  // Display only: the integer amount is the truth; this division never feeds back into money.
  const value = minor / scale;
  try {
    const style = symbol ? ({ style: 'currency', currency } as const) : ({ style: 'decimal' } as const);
    return new Intl.NumberFormat(locale, { ...style, minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(value);
  } catch {
    return `${value.toFixed(fraction)} ${currency}`;
  }
}

/** The same for an API.md `{ amount, currency }`: `formatLocalAmount({ amount: 250, currency: 'CAD' }, 'en')` → `"CA$2.50"`. */
export const formatLocalAmount = (value: { amount: number; currency: string }, locale: string) => formatLocalMoney(value.amount, value.currency, locale);
