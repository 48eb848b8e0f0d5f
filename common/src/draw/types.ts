import type { CurrencyCode, LocalAmount, Provenance } from '../products/types.ts';

/**
 * The draw lotteries (spec §1): pick-k-of-n games drawn on a weekly calendar, with fixed and
 * pari-mutuel ("pool") prize divisions. Data, not code: every fact carries its provenance
 * (`../shared/reference/lotteries.md`), and everything marked `unconfirmed` is a seed a
 * deployment may replace with `withDrawOverrides`.
 */
export type DrawCode = 'AUA01' | 'USA01' | 'USA02' | 'FRA01' | 'HKA01' | 'JPA01' | 'JPA02' | 'TWA01' | 'TWA02' | 'TWA03' | 'TWA04' | 'TWA05';
export const DRAW_CODES: readonly DrawCode[] = ['AUA01', 'USA01', 'USA02', 'FRA01', 'HKA01', 'JPA01', 'JPA02', 'TWA01', 'TWA02', 'TWA03', 'TWA04', 'TWA05'];

export type DrawRegion = 'australia' | 'united-states' | 'france' | 'hong-kong' | 'japan' | 'taiwan';

/**
 * One number zone of a line: pick `pick` of 1..`poolSize`; the lottery draws `drawCount` of them
 * into this zone. Powerball US: `[{ pick: 5, poolSize: 69 }, { pick: 1, poolSize: 26 }]`.
 * `system.maxNumbers`: the most numbers a system (multiple) entry may mark in this zone (`null`:
 * no system entries in this zone); `bankers.max`: the most bankers (膽) a line may fix here.
 */
export interface Zone {
  key: string;
  /** English label, e.g. "Powerball", "Lucky Stars", "Main". */
  label: string;
  pick: number;
  poolSize: number;
  drawCount: number;
  system: { maxNumbers: number } | null;
  bankers: { max: number } | null;
}

/**
 * Extra numbers drawn from the first zone's pool after its main numbers: Mark Six's extra number,
 * Loto 6's bonus, Loto 7's two bonuses, 大樂透's special number. They only decide divisions.
 */
export interface ExtraDraw {
  count: number;
  label: string;
}

/**
 * Which lines a division wins: `hits[z]` = how many numbers of zone z the line matched (exactly);
 * `extra` = how many of the line's first-zone numbers are among the extra numbers, as an inclusive
 * range (absent: any). A division wins when ANY of its rules matches (雙贏彩's mirrored "12 or 0").
 *
 * Mark Six 4th: `{ hits: [4], extra: { min: 1, max: 1 } }`; Powerball 0+PB: `{ hits: [0, 1] }`.
 */
export interface MatchRule {
  hits: readonly number[];
  extra?: { min: number; max: number };
}

/** A prize per line: a fixed amount (minor units per full unit) or a share of a pool set per draw. */
export type DivisionPrize =
  | { kind: 'fixed'; amount: number }
  /** `estimate`: the typical or guaranteed amount shown before the draw (minor units); `jackpot`: the top prize, shown as the draw's jackpot. */
  | { kind: 'pool'; estimate: number | null; jackpot?: boolean };

/** A per-draw limit on what one division pays in total: above it every winner gets an equal share, rounded down to `roundTo`. */
export interface DivisionCap extends Provenance {
  total: number;
  roundTo: number;
}

export interface Division {
  /** 1 = first prize. */
  id: number;
  /** English name ("Division 2", "2nd prize"); `localName` as the operator writes it ("貳獎"). */
  name: string;
  localName: string;
  match: readonly MatchRule[];
  prize: DivisionPrize;
  cap?: DivisionCap;
  /** Whether add-on and built-in multipliers apply (Powerball: every fixed division but the jackpot). */
  multiplied?: boolean;
}

export interface DivisionTable extends Provenance {
  divisions: readonly Division[];
}

/**
 * 39樂合彩's plays 二合/三合/四合: a line of `pick` numbers against the 今彩539 draw, each with its
 * own division table. Products with one way to play have no `plays`.
 */
export interface PlayType {
  code: string;
  name: string;
  localName: string;
  pick: number;
  table: DivisionTable;
}

/**
 * An optional extra bought per line (Power Play): `stake` per line; on the draw a multiplier is
 * drawn (`multipliers` with weights) that multiplies the `multiplied` divisions; `fixedPrizes`
 * replaces a division's prize outright (Powerball Match 5 with Power Play = US$2M).
 * `highestOnlyWhenJackpotAtMost`: the largest multiplier is only in play when the advertised
 * jackpot is at most this amount (10× at ≤ US$150M).
 */
export interface AddOn extends Provenance {
  code: string;
  name: string;
  stake: number;
  multipliers: readonly { value: number; weight: number }[];
  fixedPrizes: Readonly<Record<number, number>>;
  highestOnlyWhenJackpotAtMost: number | null;
}

/**
 * A multiplier every line gets at purchase (Mega Millions since 8 Apr 2025), drawn with these
 * weights and printed on the ticket: it multiplies the `multiplied` divisions.
 */
export interface BuiltInMultiplier extends Provenance {
  values: readonly { value: number; weight: number }[];
}

/**
 * When the lottery draws, in its own time zone. `weekdays`: 0 = Sunday … 6 = Saturday. `breaks`:
 * yearly periods without draws, `MM-DD` inclusive (Loto 6: 12-31 → 01-03). `moves` and
 * `cancelled`: operator overrides by local date (Mark Six moves a Saturday draw to Sunday when
 * Saturday is a race day). `salesCloseMinutes`: sales close this many minutes before the draw.
 */
export interface DrawCalendar extends Provenance {
  timezone: string;
  weekdays: readonly number[];
  time: string;
  salesCloseMinutes: number;
  breaks: readonly { from: string; to: string }[];
  moves: readonly { from: string; to: string }[];
  cancelled: readonly string[];
  /**
   * Demos and browser tests only (a deployment override, never a lottery fact): a draw every this
   * many minutes around the clock instead of the weekly calendar, issues numbered in the product's
   * format by their place in the year (or `YYYY-MM-DD-HHMM` for date-numbered lotteries).
   */
  everyMinutes?: number;
  /** Facts of this calendar the reference does not confirm (e.g. `['salesCloseMinutes']`). */
  unconfirmed: readonly ('time' | 'weekdays' | 'salesCloseMinutes' | 'breaks' | 'numbering')[];
}

/**
 * How draws are numbered. `roc-year-running`: ROC year + 6-digit count in the calendar year
 * (`114000088`); `year-running`: 2-digit year / 3-digit count (Mark Six `25/012`); `sequence`:
 * a running number counted from an anchor draw (Loto 6 `1937`, shown 第1937回; AU `Draw 1305`);
 * `date`: the local draw date (`2026-03-04`), for lotteries identified by date (US).
 */
export type DrawNumbering =
  | { kind: 'roc-year-running' }
  | { kind: 'year-running' }
  | { kind: 'sequence'; anchor: { number: number; date: string }; display: 'jp' | 'draw' }
  | { kind: 'date' };

export interface OnSale {
  onSale: boolean;
  /** Why not, in English (the client translates by `reasonCode`). */
  reason: string | null;
  reasonCode: 'discontinued' | null;
}

export interface DrawProduct {
  code: DrawCode;
  family: 'draw';
  name: string;
  localName: string;
  region: DrawRegion;
  operator: string;
  currency: CurrencyCode;
  /** What one line stakes with the operator, in minor units. */
  unitStake: LocalAmount & Provenance;
  /** Mark Six's HK$5 partial unit for multiple/banker entries: `stake` per line, prizes × `prizeNumerator/prizeDenominator`. */
  partialUnit: ({ stake: number; prizeNumerator: number; prizeDenominator: number } & Provenance) | null;
  /** Our service fee on the stake, in basis points (a deployment setting, not a lottery fact). */
  serviceFeeBasisPoints: number;
  zones: readonly Zone[];
  extra: ExtraDraw | null;
  /** The product whose draw this one settles against (39樂合彩 plays on 今彩539's draw). */
  drawOf: DrawCode | null;
  table: DivisionTable;
  plays: readonly PlayType[] | null;
  addOns: readonly AddOn[];
  builtInMultiplier: BuiltInMultiplier | null;
  /** The most consecutive draws one ticket may be bought for. */
  multiDraw: { max: number } & Provenance;
  /** The most lines one ticket may expand to (keeps a system entry's cost and settlement bounded). */
  maxLines: number;
  /** The most lines one ticket may list before expansion. */
  maxEntries: number;
  calendar: DrawCalendar;
  numbering: DrawNumbering;
  /** The guaranteed or starting top prize, shown before an operator or the simulated source sets one. */
  baseJackpot: (LocalAmount & Provenance) | null;
  /** The most the top prize grows to by rolling over (EuroMillions €250M; Loto 6 ¥600M with carry-over); none when uncapped. */
  jackpotCap?: LocalAmount & Provenance;
  availability: OnSale;
  /** Free text shown on the rules page: what we could not confirm and changes worth knowing. */
  notes: readonly string[];
}

/** What a deployment may change in a draw product (promotions, confirmed tables, going on sale). */
export interface DrawOverrides {
  source: string;
  availability?: Partial<OnSale>;
  serviceFeeBasisPoints?: number;
  multiDraw?: { max: number };
  calendar?: Partial<Pick<DrawCalendar, 'moves' | 'cancelled' | 'salesCloseMinutes' | 'time' | 'weekdays' | 'everyMinutes'>>;
  /** Division prize changes by division id: `{ 5: { kind: 'fixed', amount: 100_000 } }`. */
  prizes?: Readonly<Record<number, DivisionPrize>>;
}

/** One drawn result: the numbers of each zone (in draw order) and the extra numbers; `multiplier` = Power Play's drawn multiplier. */
export interface DrawResult {
  zones: number[][];
  extra: number[];
  multiplier?: number;
}
