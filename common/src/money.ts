/**
 * GPoints are integers in hundredths: 1250 means 12.50 GP. Never use floats for money;
 * these helpers are the only place a points amount becomes text.
 */
export const HUNDREDTHS_PER_POINT = 100;

export function assertPoints(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`points must be an integer, got ${value}`);
  return value;
}

/** `formatPoints(123456)` → `"1,234.56"` (grouping by locale, always two decimals). */
export function formatPoints(hundredths: number, locale = 'en'): string {
  assertPoints(hundredths);
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  const whole = Math.trunc(abs / HUNDREDTHS_PER_POINT);
  const cents = abs % HUNDREDTHS_PER_POINT;
  const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(whole);
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.1).find((p) => p.type === 'decimal')?.value ?? '.';
  return `${sign}${grouped}${decimal}${String(cents).padStart(2, '0')}`;
}

/** `plainPoints(5000)` → `"50.00"`: GP with two decimals, no grouping — what exports (CSV) carry. */
export function plainPoints(hundredths: number): string {
  assertPoints(hundredths);
  const abs = Math.abs(hundredths);
  return `${hundredths < 0 ? '-' : ''}${Math.trunc(abs / HUNDREDTHS_PER_POINT)}.${String(abs % HUNDREDTHS_PER_POINT).padStart(2, '0')}`;
}

/** `parsePoints("12.5")` → `1250`; rejects more than two decimals or non-numbers with `null`. */
export function parsePoints(text: string): number | null {
  const match = /^\s*(\d{1,12})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * HUNDREDTHS_PER_POINT + cents;
}
