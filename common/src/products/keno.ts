import { KENO_SCHEDULES } from '../schedule/keno-schedules.ts';
import type { KenoCode, KenoProduct, Provenance } from './types.ts';

/**
 * The keno catalogue: BINGO BINGO (TWB01), Canada Keno 24h (CAB01) and Speed Keno (KRB01).
 * Facts and their confidence follow `../shared/reference/lotteries.md`; the caps follow product
 * spec §9. Everything marked `unconfirmed` is a seed an operator is expected to check and may
 * replace with `withOverrides`. Unit prices (GP) are deployment settings: 1.00 GP a unit is our
 * seed, about the US-dollar value of each stake plus fees.
 */

/** BINGO BINGO's fixed prizes as multiples of one unit, `[stars][matches]` (reference, TWB01). */
const BINGO_MULTIPLES: Record<number, Record<number, number>> = {
  1: { 1: 2 },
  2: { 2: 3, 1: 1 },
  3: { 3: 20, 2: 2 },
  4: { 4: 40, 3: 4, 2: 1 },
  5: { 5: 300, 4: 20, 3: 2 },
  6: { 6: 1_000, 5: 40, 4: 8, 3: 1 },
  7: { 7: 3_200, 6: 120, 5: 12, 4: 2, 3: 1 },
  8: { 8: 20_000, 7: 800, 6: 40, 5: 8, 4: 1, 0: 1 },
  9: { 9: 40_000, 8: 4_000, 7: 120, 6: 20, 5: 4, 4: 1, 0: 1 },
  10: { 10: 200_000, 9: 10_000, 8: 1_000, 7: 100, 6: 10, 5: 1, 0: 1 },
};

function timesStake(multiples: Record<number, Record<number, number>>, stake: number) {
  return Object.fromEntries(
    Object.entries(multiples).map(([stars, row]) => [
      stars,
      Object.fromEntries(Object.entries(row).map(([matches, multiple]) => [matches, multiple * stake])),
    ]),
  );
}

const unconfirmed = (source: string): Provenance => ({ confidence: 'unconfirmed', source });
const SEED_MULTIPLIER = unconfirmed(
  'The operator’s maximum multiple is not published in any source we found; 10 is our cautious seed.',
);

const TWB01: KenoProduct = {
  code: 'TWB01',
  family: 'keno',
  name: 'BINGO BINGO',
  localName: '賓果賓果',
  region: 'taiwan',
  currency: 'TWD',
  unitPrice: 100,
  unitStake: { amount: 2_500, currency: 'TWD', confidence: 'confirmed', source: 'NT$25 a unit: Yahoo TW and NOWNEWS, 2026.' },
  schedule: KENO_SCHEDULES.TWB01,
  matrix: { drawCount: 20, poolSize: 80, confidence: 'confirmed', source: 'Taiwan Lottery: 20 numbers drawn from 01–80.' },
  picks: { min: 1, max: 10, confidence: 'confirmed', source: 'Taiwan Lottery: 1 to 10 stars.' },
  minimumUnits: 3,
  maxMultiplier: { value: 10, ...SEED_MULTIPLIER },
  prizeTable: {
    rows: timesStake(BINGO_MULTIPLES, 2_500),
    confidence: 'confirmed',
    source:
      'Taiwan Lottery fixed prizes per NT$25: full-match multiples in the 2010 CTBC announcement; the table agrees across four further sources.',
  },
  sideBets: {
    big: { offered: true, prize: 15_000, confidence: 'confirmed', source: 'NT$150 per NT$25 (×6): 2010 CTBC announcement, agreeing code.' },
    small: { offered: true, prize: 15_000, confidence: 'confirmed', source: 'NT$150 per NT$25 (×6): 2010 CTBC announcement, agreeing code.' },
    odd: { offered: true, prize: 15_000, ...unconfirmed('NT$150 per NT$25 (×6): third-party code only, consistent with big/small.') },
    even: { offered: true, prize: 15_000, ...unconfirmed('NT$150 per NT$25 (×6): third-party code only, consistent with big/small.') },
    smallOdd: {
      offered: true,
      prize: 4_500,
      ...unconfirmed('NT$45 per NT$25 at 11 or 12 odd numbers: older third-party code only; sold as product spec §3/§9 lists it.'),
    },
    smallEven: {
      offered: true,
      prize: 4_500,
      ...unconfirmed('NT$45 per NT$25 at 11 or 12 even numbers: older third-party code only; sold as product spec §3/§9 lists it.'),
    },
    draw: {
      offered: true,
      prize: 7_000,
      ...unconfirmed('NT$70 per NT$25 at 10 odd / 10 even: older third-party code only; sold as product spec §3/§9 lists it.'),
    },
  },
  sideBetNoWinner: {
    rule: 'lose',
    ...unconfirmed('When neither side reaches 13 the official result shows “－”; that this loses (not refunds) is our reading.'),
  },
  superNumber: {
    offered: true,
    prize: 120_000,
    maxNumbers: 20,
    confidence: 'medium',
    source: 'NT$1,200 (×48) when a chosen number equals the 20th number drawn: NOWNEWS 2026 and one public code file.',
  },
  caps: {
    starPool: { stars: 10, pool: 10_000_000_000, roundTo: 100 },
    perTicket: null,
    sharedTopPrize: null,
    ...unconfirmed(
      'Product spec §9: 10-star prizes share at most NT$100 million a draw, proportionally, rounded down to whole dollars. No operator source found for any BINGO cap.',
    ),
  },
};

const CAB01: KenoProduct = {
  code: 'CAB01',
  family: 'keno',
  name: 'Canada Keno 24h',
  localName: 'Keno',
  region: 'canada',
  currency: 'CAD',
  unitPrice: 100,
  unitStake: { amount: 100, currency: 'CAD', ...unconfirmed('CAD 1 a unit: our seed; WCLC wager levels not found.') },
  schedule: KENO_SCHEDULES.CAB01,
  matrix: { drawCount: 20, poolSize: 80, ...unconfirmed('20 numbers a draw (WCLC results pages); the 1–80 range is not confirmed.') },
  picks: { min: 1, max: 10, ...unconfirmed('Pick 1 to 10 as in most Canadian keno; WCLC’s own rules not found.') },
  minimumUnits: 3,
  maxMultiplier: { value: 10, ...SEED_MULTIPLIER },
  prizeTable: {
    rows: timesStake(BINGO_MULTIPLES, 100),
    ...unconfirmed(
      'Seed for the operator to replace: BINGO BINGO’s multiples on a CAD 1 stake. WCLC’s prize table was not found.',
    ),
  },
  sideBets: {},
  sideBetNoWinner: { rule: 'lose', ...unconfirmed('No side bets are sold for this product.') },
  superNumber: null,
  caps: {
    starPool: null,
    perTicket: { amount: 10_000_000, onePrize: true },
    sharedTopPrize: { stars: 10, matches: 10, pool: 20_000_000, minTickets: 2 },
    ...unconfirmed(
      'Product spec §9: CAD 100,000 per ticket per draw, one prize per ticket; two or more 10-of-10 tickets share CAD 200,000 by stake. No WCLC source found.',
    ),
  },
};

const KRB01: KenoProduct = {
  code: 'KRB01',
  family: 'keno',
  name: 'Speed Keno',
  localName: '스피드키노',
  region: 'south-korea',
  currency: 'KRW',
  unitPrice: 100,
  unitStake: { amount: 1_000, currency: 'KRW', ...unconfirmed('₩1,000 a play: one student project only.') },
  schedule: KENO_SCHEDULES.KRB01,
  matrix: { drawCount: 22, poolSize: 70, confidence: 'confirmed', source: '22 numbers drawn from 1–70: all sources agree.' },
  picks: { min: 2, max: 10, ...unconfirmed('Pick 2 to 10: a third-party README.') },
  minimumUnits: 3,
  maxMultiplier: { value: 10, ...SEED_MULTIPLIER },
  prizeTable: {
    // Whole won per ₩1,000. BINGO's multiples would return 150–300% on 22 of 70, so rows 2–9 are
    // scaled down to about a 50% return (Korea's norm); every row is checked by test.
    rows: {
      2: { 2: 2_000, 1: 500 },
      3: { 3: 10_000, 2: 1_000 },
      4: { 4: 20_000, 3: 2_000, 2: 500 },
      5: { 5: 100_000, 4: 6_000, 3: 500 },
      6: { 6: 300_000, 5: 12_000, 4: 2_000, 3: 300 },
      7: { 7: 1_000_000, 6: 40_000, 5: 4_000, 4: 500 },
      8: { 8: 4_000_000, 7: 170_000, 6: 8_000, 5: 1_500, 4: 500 },
      9: { 9: 8_000_000, 8: 800_000, 7: 24_000, 6: 4_000, 5: 1_000 },
      10: { 10: 25_000_000, 9: 1_000_000, 8: 100_000, 7: 10_000, 6: 2_000, 5: 1_000, 0: 4_000 },
    },
    ...unconfirmed(
      'Seed for the operator to replace: the 10-number row is from one student project; rows 2–9 are our own, about a 50% return.',
    ),
  },
  sideBets: {},
  sideBetNoWinner: { rule: 'lose', ...unconfirmed('No side bets are sold for this product.') },
  superNumber: null,
  caps: { starPool: null, perTicket: null, sharedTopPrize: null, ...unconfirmed('No cap or maximum prize found; none applied.') },
};

// The schedules belong to the schedule module, which decides for itself whether they are frozen.
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const [key, inner] of Object.entries(value)) if (key !== 'schedule') deepFreeze(inner);
  }
  return value;
}

/** The keno products as shipped, before any deployment overrides. Frozen: derive, never mutate. */
export const KENO_PRODUCTS: Readonly<Record<KenoCode, KenoProduct>> = deepFreeze({ TWB01, CAB01, KRB01 });

export function isKenoCode(code: string): code is KenoCode {
  return Object.hasOwn(KENO_PRODUCTS, code);
}

/** `kenoProduct('TWB01')` → BINGO BINGO; `kenoProduct('XXX01')` → `null` (the API's `product_not_found`). */
export function kenoProduct(code: string): KenoProduct | null {
  return isKenoCode(code) ? KENO_PRODUCTS[code] : null;
}
