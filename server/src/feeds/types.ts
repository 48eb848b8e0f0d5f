import type { DrawResult } from '@gp/common';

/** The sources the platform reads (docs/result-feeds.md); the keys of RESULT_FEED_URLS. */
export const FEED_SOURCES = ['tlc', 'd423f', 'hkjc', 'soda', 'megamillions', 'fdj', 'uknl', 'mizuho', 'thelott', 'bclc'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

/** A keno result as a source gives it: the numbers, and which of them is the super number (the last drawn). */
export interface KenoFeedResult {
  kind: 'keno';
  /** In draw order when `ordered`, else ascending. */
  numbers: number[];
  superNumber: number;
  ordered: boolean;
}

/** A draw lottery's result, as our four-eyes entry takes it: zones and extra numbers ascending, the multiplier where the product has one. */
export interface LotteryFeedResult extends DrawResult {
  kind: 'lottery';
}

export type FeedResult = KenoFeedResult | LotteryFeedResult;

/** What a pool division pays per unit (product currency, minor units) and how many won it, as the source reports. */
export interface FeedDivision {
  division: number;
  amount: number;
  winners: number | null;
}

/**
 * A reading: what one source says one draw's result is, after strict validation (reference §10.2).
 * `drawNumber` is the draw as our draws name it: their `issue`, or for products numbered by date
 * (the US games) the draw's local date `YYYY-MM-DD` (the issue's first ten characters).
 */
export interface FeedReading {
  drawNumber: string;
  /** When the source says the draw took place (a date alone is midnight UTC of it), or null. */
  drawnAt: Date | null;
  /**
   * `drawnAt` is the draw's own time, not only its day: a keno reading so marked must name our
   * draw within a minute and a half (draws minutes apart: a day's slack would let a wrongly
   * numbered draw through). Set by sources whose numbering is not confirmed to be ours (BCLC).
   */
  drawnAtExact?: boolean;
  result: FeedResult;
  /** Pool divisions the source has amounts for (none: not given, or not yet). */
  divisions: FeedDivision[];
  /** The jackpot the source advertises for the product's next draw (minor units), or null. */
  nextJackpot: number | null;
}

/**
 * What asking a source answers:
 * - `reading`: a validated result;
 * - `not_yet`: the source answered properly and has no result for that draw (yet);
 * - `down`: no usable answer — a timeout, an HTTP error, a bot-challenge page, a payload that does
 *   not parse or fails validation. Never taken for "no result".
 */
export type FeedAnswer = { state: 'reading'; reading: FeedReading } | { state: 'not_yet' } | { state: 'down'; reason: string };

/** The draw asked for: its issue (the draw number) and its scheduled time. */
export interface DrawRef {
  issue: string;
  drawAt: Date;
}

/**
 * One source's adapter. It answers for the products it lists, fetching from its base URL
 * (RESULT_FEED_URLS or the official address). An adapter never throws for a bad answer: it
 * answers `down` with the reason.
 */
export interface ResultFeed {
  readonly source: FeedSource;
  /**
   * Whether the research confirms this source's address and format (reference: several
   * independent, recent implementations agree). False: built to the documented format, but the
   * source may no longer answer (BCLC's keno JSON, known only from 2014–2018 code); the console
   * shows it, and its URL is configuration (RESULT_FEED_URLS).
   */
  readonly confirmed: boolean;
  /** Our product codes this source gives results for. */
  readonly products: readonly string[];
  /** The newest draw the source has for a product. */
  latest(productCode: string): Promise<FeedAnswer>;
  /** One draw, by its draw number (and time, for sources keyed by date); absent for a source that serves only its latest draw (megamillions.com). */
  byDrawNumber?(productCode: string, draw: DrawRef): Promise<FeedAnswer>;
  /** Forgets what the previous pass downloaded (a source read whole once per pass: D423F's CSV). */
  newPass?(): void;
}

/** A feed adapter's answer built from a parser that throws on anything it cannot trust (reference §10.2, §10.6). */
export class FeedFormatError extends Error {}
