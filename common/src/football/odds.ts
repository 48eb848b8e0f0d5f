/**
 * Football odds are decimal and include the stake (HKJC: a $1,000 bet at 2.10 returns $2,100).
 * We hold them as integers in **thousandths** (`"2.10"` → `2100`), never as floats. Thousandths,
 * not hundredths: prices have at most two decimals, but a split-line half win pays (1 + odds) / 2,
 * which needs a third (a half win at 2.15 is 1.575), and every leg factor must stay an exact integer.
 */
export const ODDS_SCALE = 1000;

/** What a price can be: 1.01 up to 9999.99, at most two decimals (HKJC shows `1.32`, `35.00`, `125.0`, `1000`). */
const ODDS_TEXT = /^(\d{1,4})(?:\.(\d{1,2}))?$/;

/**
 * A decimal price as thousandths, or `null` when it is not a price we accept (more than two
 * decimals, a sign, 1.00 or less, blank).
 *
 * Example: `parseOdds("2.10")` → `2100`; `parseOdds("1000")` → `1_000_000`; `parseOdds("2.105")` → `null`.
 */
export function parseOdds(text: string): number | null {
  if (typeof text !== 'string') return null;
  const match = ODDS_TEXT.exec(text);
  if (!match) return null;
  const value = Number(match[1]) * ODDS_SCALE + Number((match[2] ?? '').padEnd(3, '0'));
  return value > ODDS_SCALE ? value : null;
}

/**
 * Thousandths as the two-decimal text members see. Example: `formatOdds(2100)` → `"2.10"`;
 * a half-win factor keeps its third decimal: `formatOdds(1575)` → `"1.575"`.
 */
export function formatOdds(thousandths: number): string {
  if (!Number.isSafeInteger(thousandths) || thousandths < 0) throw new RangeError(`odds must be whole thousandths, got ${thousandths}`);
  const whole = Math.trunc(thousandths / ODDS_SCALE);
  const frac = String(thousandths % ODDS_SCALE).padStart(3, '0');
  return `${whole}.${frac.endsWith('0') ? frac.slice(0, 2) : frac}`;
}
