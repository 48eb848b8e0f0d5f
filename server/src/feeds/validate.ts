import { isDrawCode, DRAW_PRODUCTS, kenoProduct, resultProblem, type DrawResult } from '@gp/common';
import { FeedFormatError, type KenoFeedResult, type LotteryFeedResult } from './types.ts';

/**
 * Strict validation of what a source says (reference §10.2): the count, the range, no repeats,
 * extra numbers apart from the main ones, the multiplier one the product has. Anything off throws
 * `FeedFormatError` — a partial or ambiguous result is never stored.
 */

/** An integer from a number or a numeric string ("07", 7), else a throw. */
export function integerOf(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new FeedFormatError(`${what} is not a whole number: ${JSON.stringify(value)}`);
  return n;
}

export function integersOf(value: unknown, what: string): number[] {
  if (!Array.isArray(value)) throw new FeedFormatError(`${what} is not a list`);
  return value.map((v, i) => integerOf(v, `${what}[${i}]`));
}

const ascending = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b);

/** A keno draw's numbers (draw order when `ordered`) and its super number, checked against the product's matrix. */
export function kenoResult(productCode: string, numbers: readonly number[], superNumber: number, ordered: boolean): KenoFeedResult {
  const product = kenoProduct(productCode);
  if (!product) throw new FeedFormatError(`no keno product ${productCode}`);
  const { drawCount, poolSize } = product.matrix;
  if (numbers.length !== drawCount) throw new FeedFormatError(`${numbers.length} numbers, the draw has ${drawCount}`);
  if (numbers.some((n) => n < 1 || n > poolSize)) throw new FeedFormatError(`a number outside 1–${poolSize}`);
  if (new Set(numbers).size !== numbers.length) throw new FeedFormatError('a number repeated');
  if (!numbers.includes(superNumber)) throw new FeedFormatError(`the super number ${superNumber} is not among the numbers`);
  if (ordered && numbers.at(-1) !== superNumber) throw new FeedFormatError(`the super number ${superNumber} is not the last number drawn`);
  return { kind: 'keno', numbers: ordered ? [...numbers] : ascending(numbers), superNumber, ordered };
}

/** A draw lottery's result, sorted as four-eyes entries are, checked by the product's own rules (common `resultProblem`). */
export function lotteryResult(productCode: string, result: DrawResult): LotteryFeedResult {
  if (!isDrawCode(productCode)) throw new FeedFormatError(`no draw lottery ${productCode}`);
  const product = DRAW_PRODUCTS[productCode];
  const sorted: DrawResult = { zones: result.zones.map(ascending), extra: ascending(result.extra), ...(result.multiplier !== undefined ? { multiplier: result.multiplier } : {}) };
  const problem = resultProblem(product, sorted);
  if (problem) throw new FeedFormatError(`${problem.field}: ${problem.code}`);
  if (product.addOns.length > 0 && sorted.multiplier === undefined) throw new FeedFormatError('the multiplier is missing');
  if (product.addOns.length === 0 && sorted.multiplier !== undefined) throw new FeedFormatError('a multiplier the product does not have');
  return { kind: 'lottery', ...sorted };
}

/** A money amount in the currency's main unit ("8,000,000", "12345.5", 600) as minor units (× 100), else a throw. */
export function minorUnitsOf(value: unknown, what: string): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/[,\s$]/g, '') : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new FeedFormatError(`${what} is not an amount: ${JSON.stringify(value)}`);
  return Math.round(Number(text) * 100);
}
