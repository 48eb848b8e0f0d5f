/**
 * Test support: BINGO draws built to order. Not exported from the package.
 *
 * `drawWith({ big: 13, odd: 10 })` → 20 different numbers of 1–80 with exactly 13 in 41–80 and
 * exactly 10 odd, in an order that is stable from call to call.
 */
export function drawWith(counts: { big: number; odd: number }): number[] {
  const { big, odd } = counts;
  const range = (from: number) => Array.from({ length: 20 }, (_, i) => from + 2 * i);
  const bigOdd = Math.min(big, odd);
  const smallOdd = odd - bigOdd;
  const numbers = [
    ...range(41).slice(0, bigOdd),
    ...range(42).slice(0, big - bigOdd),
    ...range(1).slice(0, smallOdd),
    ...range(2).slice(0, 20 - big - smallOdd),
  ];
  if (numbers.length !== 20 || numbers.filter((n) => n > 40).length !== big || numbers.filter((n) => n % 2).length !== odd) {
    throw new Error(`cannot build a draw with ${big} big and ${odd} odd`);
  }
  return numbers;
}

/** A draw whose last (20th) number is `last` and which contains every number of `including`. */
export function drawEndingWith(last: number, including: readonly number[] = []): number[] {
  const rest = [...including.filter((n) => n !== last)];
  for (let n = 1; rest.length < 19; n++) if (n !== last && !rest.includes(n)) rest.push(n);
  return [...rest, last];
}
