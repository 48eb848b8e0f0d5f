import type { FootballLocalNames, MarketCode, MatchResult, VoidEventStatus } from '@gp/common';

/**
 * One event as an odds source reports it. Odds are integer thousandths (common `parseOdds`);
 * `line` is `null` for markets without one. A source reports what it currently offers: a market
 * missing from a later report is no longer offered (the poller closes it).
 */
export interface SourceEvent {
  /** The source's own id: HKJC's 8-digit match id, or the simulated fixture id. */
  externalId: string;
  /** HKJC's public code, `FB` + 4 digits. */
  code: string;
  tournament: string;
  tournamentCode: string;
  home: string;
  away: string;
  /** `tournament`, `home` and `away` in other languages where the source has them (HKJC `name_ch`; our Chinese names). */
  names?: FootballLocalNames;
  kickOffAt: Date;
  /** FGS selections. */
  players: { code: string; name: string; team: 'H' | 'A' }[];
  markets: SourceMarket[];
  /** The source says the match was postponed, abandoned or voided (HKJC `MatchVoided`…). */
  voided?: VoidEventStatus;
  /** Simulated events: the model the odds (and the simulated result) are derived from. */
  model?: unknown;
}

/**
 * The local names of an event's parts, leaving out the parts a source has none for:
 * `localNamesOf({ tournament: { 'zh-TW': '英超' }, home: undefined })` → `{ tournament: { 'zh-TW': '英超' } }`.
 */
export function localNamesOf(parts: Record<keyof FootballLocalNames, Record<string, string> | undefined>): FootballLocalNames {
  return Object.fromEntries(Object.entries(parts).filter(([, names]) => names !== undefined));
}

export interface SourceMarket {
  market: MarketCode;
  line: string | null;
  /** HKJC's `main: true` line when a market carries several. */
  main: boolean;
  /** `suspended`: shown but not on sale (near kick-off, or the feed suspended the line). */
  status: 'open' | 'suspended';
  /** `{ "<selection key>": <odds in thousandths> }`. */
  odds: Record<string, number>;
}

/** What the store already holds of an open event, by external id: the simulated source moves its model from there. */
export interface KnownEvent {
  model: unknown;
}

/**
 * Where football events and their odds come from (ODDS_SOURCE). `events(now, known)` is called on
 * every odds tick by one worker; the poller stores what changed, records the history and pushes
 * `odds`. `known` holds the open events already stored (a source may ignore it).
 */
export interface OddsSource {
  readonly kind: 'simulated' | 'hkjc';
  events(now: Date, known?: ReadonlyMap<string, KnownEvent>): Promise<SourceEvent[]>;
}

/**
 * Where results come from (FOOTBALL_RESULT_SOURCE `simulated`; `manual` has none and waits for
 * `POST /api/admin/results`, four eyes). Returns the result of a closed event once it is known.
 */
export interface FootballResultSource {
  readonly kind: 'simulated' | 'manual';
  resultOf(event: { id: number | string; kickOffAt: Date; model: unknown; seed: string | null }, now: Date): MatchResult | null;
}
