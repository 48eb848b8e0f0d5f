import { CURRENCY_MINOR_DIGITS } from '@gp/common';

/**
 * Signs several currencies write alike — "$" (USD in English, TWD in Traditional Chinese, and the
 * dollars of half the world), "¥"/"￥" (yen and yuan), "元" — give way to the currency's own
 * sign, so every amount names its currency the same way on every screen: "NT$300", never "$300"
 * beside "US$10".
 */
const SHARED_SIGNS = new Set(['$', '¥', '￥', '元']);
const OWN_SIGN: Readonly<Record<string, string>> = { USD: 'US$', TWD: 'NT$', HKD: 'HK$', CAD: 'CA$', AUD: 'A$', CNY: 'CN¥', JPY: 'JP¥' };

/**
 * `value` (in currency units, display only) as text in `locale` with its currency named
 * unambiguously; `fraction` digits exactly. A currency the browser does not know falls back to its code.
 *
 * @example formatCurrency(300, 'TWD', 'zh-TW', 0) → "NT$300"; formatCurrency(10, 'USD', 'en', 0) → "US$10"
 */
export function formatCurrency(value: number, currency: string, locale: string, fraction: number): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: fraction, maximumFractionDigits: fraction }).formatToParts(value);
    return parts.map((part) => (part.type === 'currency' && SHARED_SIGNS.has(part.value.trim()) && OWN_SIGN[currency] ? OWN_SIGN[currency] : part.value)).join('');
  } catch {
    return `${value.toFixed(fraction)} ${currency}`;
  }
}

/**
 * A local-currency amount of API.md (minor units) as text in the reader's locale; cents appear
 * only when there are some, so prize tables read "NT$1,200", not "NT$1,200.00". The currency is
 * always named unambiguously (`formatCurrency`).
 *
 * `symbol: false` leaves the currency out, for a table whose caption names it once.
 *
 * @example formatLocalMoney(2_500, 'TWD', 'zh-TW') → "NT$25"; formatLocalMoney(1_234, 'CAD', 'en') → "CA$12.34"
 */
export function formatLocalMoney(minor: number, currency: string, locale: string, { symbol = true } = {}): string {
  const digits = (CURRENCY_MINOR_DIGITS as Readonly<Record<string, number>>)[currency] ?? 2;
  const scale = 10 ** digits;
  const fraction = minor % scale === 0 ? 0 : digits;
  // Display only: the integer amount is the truth; this division never feeds back into money.
  const value = minor / scale;
  if (symbol) return formatCurrency(value, currency, locale, fraction);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(value);
}

/** The same for an API.md `{ amount, currency }`: `formatLocalAmount({ amount: 250, currency: 'CAD' }, 'en')` → `"CA$2.50"`. */
export const formatLocalAmount = (value: { amount: number; currency: string }, locale: string) => formatLocalMoney(value.amount, value.currency, locale);
