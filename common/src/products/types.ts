import type { ScheduleSpec } from '../schedule/types.ts';

/**
 * The product catalogue as typed data. Every researched fact carries its provenance, so the
 * product pages can tell a member which rules come from the operator and which are our best
 * reading of third-party sources (`../shared/reference/lotteries.md`).
 */

export type ProductFamily = 'keno' | 'lotto' | 'football';
export type Region = 'taiwan' | 'canada' | 'hong-kong' | 'south-korea';

/** Currencies of API.md, each amount in its minor unit (cents; JPY and KRW in whole units). */
export type CurrencyCode = 'TWD' | 'HKD' | 'USD' | 'CNY' | 'CAD' | 'AUD' | 'EUR' | 'JPY' | 'KRW';
export const CURRENCY_MINOR_DIGITS: Readonly<Record<CurrencyCode, 0 | 2>> = {
  TWD: 2,
  HKD: 2,
  USD: 2,
  CNY: 2,
  CAD: 2,
  AUD: 2,
  EUR: 2,
  JPY: 0,
  KRW: 0,
};

/** A local-currency amount in minor units: `{ amount: 2500, currency: 'TWD' }` is NT$25. */
export interface LocalAmount {
  amount: number;
  currency: CurrencyCode;
}

/**
 * How sure we are of a fact, on the reference's scale: `confirmed` = an operator page or two or
 * more agreeing sources (the reference's "High"); `medium` = one good source plus consistency
 * checks; `unconfirmed` = no source, a single unofficial one, or a seed we chose ourselves.
 */
export type Confidence = 'confirmed' | 'medium' | 'unconfirmed';
export interface Provenance {
  confidence: Confidence;
  /** Where the fact comes from, in a sentence a member could read. */
  source: string;
}

/** What every product has, whatever its family. */
export interface ProductBase {
  code: string;
  family: ProductFamily;
  /** English name; `localName` is how the operator writes it. */
  name: string;
  localName: string;
  region: Region;
  /** The currency prizes and stakes are counted in. */
  currency: CurrencyCode;
  /** What one unit costs a member, in GP hundredths, fees included. A deployment setting, not a lottery fact. */
  unitPrice: number;
  /** What one unit stakes with the operator, in `currency` minor units. */
  unitStake: LocalAmount & Provenance;
  schedule: ScheduleSpec;
}

export type KenoCode = 'TWB01' | 'CAB01' | 'KRB01';

/** The side markets: big/small on the halves of the pool, odd/even on parity (spec §3, §9). */
export type BigSmallOption = 'big' | 'small';
export type OddEvenOption = 'odd' | 'even' | 'smallOdd' | 'smallEven' | 'draw';
export type SideOption = BigSmallOption | OddEvenOption;
export const BIG_SMALL_OPTIONS: readonly BigSmallOption[] = ['big', 'small'];
export const ODD_EVEN_OPTIONS: readonly OddEvenOption[] = ['odd', 'even', 'smallOdd', 'smallEven', 'draw'];

/** A fixed-prize side bet. `prize` is per unit, in the product's minor units. */
export interface SideBet extends Provenance {
  offered: boolean;
  prize: number;
}

/**
 * Fixed prizes per unit by stars played and numbers matched, in minor units.
 * `rows[3][2]` is the prize for 2 matches on a 3-star play; a missing cell pays nothing.
 */
export interface StarPrizeTable extends Provenance {
  rows: Readonly<Record<number, Readonly<Record<number, number>>>>;
}

export interface KenoCaps extends Provenance {
  /**
   * All prizes of `stars`-star plays in one draw share at most `pool`; above it each is cut
   * proportionally and rounded down to a multiple of `roundTo` (BINGO: 10 stars, NT$100M, whole dollars).
   */
  starPool: { stars: number; pool: number; roundTo: number } | null;
  /** One ticket wins at most `amount` per draw, and with `onePrize` only its best prize (Canada). */
  perTicket: { amount: number; onePrize: boolean } | null;
  /**
   * When at least `minTickets` tickets hit `matches` of `stars` in one draw, they share `pool` by
   * stake, each still under the per-ticket cap (Canada: 10 of 10, CAD 200,000).
   */
  sharedTopPrize: { stars: number; matches: number; pool: number; minTickets: number } | null;
}

export interface KenoProduct extends ProductBase {
  code: KenoCode;
  family: 'keno';
  /** `drawCount` numbers are drawn from 1..`poolSize` each issue. */
  matrix: { drawCount: number; poolSize: number } & Provenance;
  /** How many numbers ("stars") a pick play may choose. */
  picks: { min: number; max: number } & Provenance;
  /** The smallest order, in units after the multiplier (spec §5: 3). */
  minimumUnits: number;
  maxMultiplier: { value: number } & Provenance;
  prizeTable: StarPrizeTable;
  /** Side bets; an option absent here is not part of this product. */
  sideBets: Readonly<Partial<Record<SideOption, SideBet>>>;
  /** Whether a side market with no winning option (BINGO's "－") loses or refunds the stake. */
  sideBetNoWinner: { rule: 'lose' | 'refund' } & Provenance;
  /** A fixed prize for each chosen number equal to the last drawn number; `null` when not sold. */
  superNumber: ({ offered: boolean; prize: number; maxNumbers: number } & Provenance) | null;
  caps: KenoCaps;
}

type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> | (null extends T[K] ? null : never) }
    : T;

/** The parts of a keno product a deployment may change (promotions, operator tables, pricing). */
export type KenoOverrides = DeepPartial<
  Pick<
    KenoProduct,
    'unitPrice' | 'unitStake' | 'maxMultiplier' | 'prizeTable' | 'sideBets' | 'sideBetNoWinner' | 'superNumber' | 'caps'
  >
> & {
  /** Where the change comes from, e.g. "2026 Lantern Festival promotion, issues 115016038–115018000". */
  source: string;
};
