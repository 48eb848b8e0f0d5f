import { cryptoRandomBelow } from '../../shared/random/crypto-random.ts';

/**
 * Number-master views of one zone's history (common's `drawStats`: frequency and draws since
 * last seen per number, per-draw odd/high counts), and the generator whose numbers go straight
 * into the purchase screen. Statistics only: every draw is independent, and the page says so.
 */
export interface ZoneHistory {
  poolSize: number;
  /** `frequency[n - 1]`: how often n was drawn in the window. */
  frequency: readonly number[];
  /** `sinceLast[n - 1]`: draws since n last came up. */
  sinceLast: readonly number[];
}

export interface Ranked {
  number: number;
  value: number;
}

const ranked = (values: readonly number[]): Ranked[] => values.map((value, i) => ({ number: i + 1, value }));

/** The `count` most drawn numbers, ties broken by the lower number. */
export const hottest = (zone: ZoneHistory, count: number) => ranked(zone.frequency).sort((a, b) => b.value - a.value || a.number - b.number).slice(0, count);
/** The `count` least drawn numbers. */
export const coldest = (zone: ZoneHistory, count: number) => ranked(zone.frequency).sort((a, b) => a.value - b.value || a.number - b.number).slice(0, count);
/** The `count` numbers absent the longest. */
export const overdue = (zone: ZoneHistory, count: number) => ranked(zone.sinceLast).sort((a, b) => b.value - a.value || a.number - b.number).slice(0, count);

/** How many draws had each count of odd (or high) numbers: `distribution([3, 3, 2], 6)` → `[0, 0, 1, 2, 0, 0, 0]`. */
export function distribution(counts: readonly number[], max: number): number[] {
  const out = Array.from({ length: max + 1 }, () => 0);
  for (const c of counts) if (c >= 0 && c <= max) out[c]! += 1;
  return out;
}

/** A number is "high" above half the pool (Mark Six 25–49), as the statistics count it. */
export const isHigh = (n: number, poolSize: number) => n > poolSize / 2;

export type Bias = 'any' | 'hot' | 'cold' | 'overdue';

export interface GeneratorFilters {
  bias: Bias;
  /** Exactly this many odd numbers, or null for any. */
  odd: number | null;
  /** Exactly this many high numbers, or null for any. */
  high: number | null;
  /** Numbers that must be in the line (kept if they fit). */
  include: readonly number[];
  exclude: readonly number[];
}

export const NO_FILTERS: GeneratorFilters = { bias: 'any', odd: null, high: null, include: [], exclude: [] };

/** How much a number is favoured: hot numbers by frequency, cold by rarity, overdue by absence; always above zero. */
function weightOf(zone: ZoneHistory, n: number, bias: Bias): number {
  const frequency = zone.frequency[n - 1] ?? 0;
  const since = zone.sinceLast[n - 1] ?? 0;
  const maxFrequency = Math.max(1, ...zone.frequency);
  switch (bias) {
    case 'hot':
      return 1 + frequency;
    case 'cold':
      return 1 + maxFrequency - frequency;
    case 'overdue':
      return 1 + since;
    default:
      return 1;
  }
}

/** Picks `count` distinct numbers from `pool`, each draw weighted. */
function weightedPick(pool: number[], count: number, weight: (n: number) => number, randomBelow: (bound: number) => number): number[] {
  const left = [...pool];
  const picked: number[] = [];
  const SCALE = 1_000;
  while (picked.length < count && left.length > 0) {
    const weights = left.map((n) => Math.max(1, Math.round(weight(n) * SCALE)));
    let target = randomBelow(weights.reduce((a, b) => a + b, 0));
    let index = 0;
    while (target >= weights[index]!) target -= weights[index++]!;
    picked.push(left.splice(index, 1)[0]!);
  }
  return picked;
}

/** Tries before the generator gives up on filters that cannot be met (e.g. 6 odd of 6 with 2 even numbers included). */
const ATTEMPTS = 500;

/**
 * A line of `pick` numbers from 1..poolSize meeting the filters, or null when none could be found.
 * Included numbers are always in it; excluded never; the rest drawn with the bias's weights.
 */
export function generateLine(zone: ZoneHistory, pick: number, filters: GeneratorFilters, randomBelow: (bound: number) => number = cryptoRandomBelow): number[] | null {
  const include = [...new Set(filters.include)].filter((n) => n >= 1 && n <= zone.poolSize && !filters.exclude.includes(n)).slice(0, pick);
  const pool: number[] = [];
  for (let n = 1; n <= zone.poolSize; n++) if (!include.includes(n) && !filters.exclude.includes(n)) pool.push(n);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const line = [...include, ...weightedPick(pool, pick - include.length, (n) => weightOf(zone, n, filters.bias), randomBelow)].sort((a, b) => a - b);
    if (line.length < pick) return null;
    if (filters.odd !== null && line.filter((n) => n % 2 === 1).length !== filters.odd) continue;
    if (filters.high !== null && line.filter((n) => isHigh(n, zone.poolSize)).length !== filters.high) continue;
    return line;
  }
  return null;
}
