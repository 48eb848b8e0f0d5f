import type { Provenance } from '../products/types.ts';
import { HKJC_CONVENTIONS, type FootballConventions } from './conventions.ts';
import type { LineKind } from './lines.ts';
import { correctScoreSelections } from './scores.ts';

/** The 14 bet types of product spec §3, by their HKJC pool codes (reference §1.2). */
export const MARKET_CODES = ['HAD', 'FHA', 'HHA', 'HDC', 'HIL', 'FHL', 'CHL', 'CRS', 'FCS', 'FTS', 'TTG', 'OOE', 'FGS', 'HFT'] as const;
export type MarketCode = (typeof MARKET_CODES)[number];

/**
 * What part of the match a market settles on, always without extra time or penalties:
 * `fullTime` is normal time (90 minutes plus stoppage), `firstHalf` the first half only,
 * `halfAndFull` both (HFT).
 */
export type Period = 'fullTime' | 'firstHalf' | 'halfAndFull';

export interface MarketDefinition {
  code: MarketCode;
  /** English name; `localName` is HKJC's. */
  name: string;
  localName: string;
  period: Period;
  /** The line the market takes, or `null` when it has none. */
  line: LineKind | null;
  /** The selection keys, or `'players'` for FGS (player codes, see `isSelection`). */
  selections: readonly string[] | 'players';
  /** An all-up containing this market has at most 6 legs instead of 8 (reference §2.1). */
  restricted: boolean;
  /** Bets with this market need the handicap minimum stake (spec §5; reference §2.1 names HDC). */
  handicapMinimum: boolean;
  provenance: Provenance;
}

const HDA = ['H', 'D', 'A'] as const;
const HIGH_LOW = ['H', 'L'] as const;
/** Half-time result then full-time result: `HD` = home leads at half-time, draw at full time. */
const HAFU = HDA.flatMap((half) => HDA.map((full) => `${half}${full}`));

const confirmed = (source: string): Provenance => ({ confidence: 'confirmed', source });
const unconfirmed = (source: string): Provenance => ({ confidence: 'unconfirmed', source });
const FEED = 'HKJC pool and selection codes from the 2025–26 GraphQL feed (reference §1.2, [S12]).';

function market(
  code: MarketCode,
  name: string,
  localName: string,
  period: Period,
  line: LineKind | null,
  selections: readonly string[] | 'players',
  provenance: Provenance,
  flags: { restricted?: boolean; handicapMinimum?: boolean } = {},
): MarketDefinition {
  return { code, name, localName, period, line, selections, restricted: false, handicapMinimum: false, ...flags, provenance };
}

/**
 * The markets as data. Correct-score selections follow `conventions.correctScoreOthers`.
 * Example: `footballMarkets().HDC` → `{ code: 'HDC', period: 'fullTime', line: 'handicap', selections: ['H', 'A'], handicapMinimum: true, … }`.
 */
export function footballMarkets(conventions: FootballConventions = HKJC_CONVENTIONS): Readonly<Record<MarketCode, MarketDefinition>> {
  const { CRS, FCS } = conventions.correctScoreOthers;
  return {
    HAD: market('HAD', 'Home/Away/Draw', '主客和', 'fullTime', null, HDA, confirmed(FEED)),
    FHA: market('FHA', 'First Half HAD', '半場主客和', 'firstHalf', null, HDA, unconfirmed('Keys assumed the same as HAD (reference §1.2).')),
    HHA: market('HHA', 'Handicap HAD', '讓球主客和', 'fullTime', 'wholeHandicap', HDA, confirmed(FEED)),
    HDC: market('HDC', 'Handicap', '讓球', 'fullTime', 'handicap', ['H', 'A'], confirmed(FEED), { handicapMinimum: true }),
    HIL: market('HIL', 'Hi-Lo', '入球大細', 'fullTime', 'total', HIGH_LOW, confirmed(FEED)),
    FHL: market('FHL', 'First Half Hi-Lo', '半場入球大細', 'firstHalf', 'total', HIGH_LOW, confirmed(FEED)),
    CHL: market(
      'CHL',
      'Corner Hi-Lo',
      '開出角球大細',
      'fullTime',
      'total',
      HIGH_LOW,
      unconfirmed('Codes from the HKJC feed [S12]; which corners count (taken or awarded, normal time only) is unconfirmed (reference §1.2).'),
    ),
    CRS: market('CRS', 'Correct Score', '波膽', 'fullTime', null, correctScoreSelections(CRS), confirmed(FEED), { restricted: true }),
    FCS: market(
      'FCS',
      'First Half Correct Score',
      '半場波膽',
      'firstHalf',
      null,
      correctScoreSelections(FCS),
      unconfirmed('Same grid as CRS on the first half (reference §1.2); its "others" split is unconfirmed.'),
      { restricted: true },
    ),
    FTS: market('FTS', 'First Team to Score', '第一隊入球', 'fullTime', null, ['H', 'A', 'N'], confirmed(FEED)),
    TTG: market('TTG', 'Total Goals', '總入球', 'fullTime', null, ['0', '1', '2', '3', '4', '5', '6', '7+'], confirmed(FEED)),
    OOE: market('OOE', 'Odd/Even', '入球單雙', 'fullTime', null, ['O', 'E'], unconfirmed('Keys O/E are likely but not seen in the feed (reference §1.2).')),
    FGS: market(
      'FGS',
      'First Scorer',
      '首名入球',
      'fullTime',
      null,
      'players',
      unconfirmed('Player codes 1xx (home) and 2xx (away) as in HKJC results [S12]; `N` for "no first scorer" is our key (reference §1.6).'),
      { restricted: true },
    ),
    HFT: market('HFT', 'Half Time/Full Time', '半全場', 'halfAndFull', null, HAFU, unconfirmed('Keys HH…AA are likely but not seen in the feed (reference §1.2).'), {
      restricted: true,
    }),
  };
}

/** The markets under HKJC's conventions. */
export const FOOTBALL_MARKETS = footballMarkets();

/** FGS: "no first scorer" (無首名入球). */
export const NO_FIRST_SCORER = 'N';
const PLAYER_CODE = /^[12]\d{2}$/;

/** Whether `value` is one of the 14 codes: `isMarketCode('HDC')` → `true`, `isMarketCode('NTS')` → `false`. */
export function isMarketCode(value: unknown): value is MarketCode {
  return typeof value === 'string' && (MARKET_CODES as readonly string[]).includes(value);
}

/**
 * Whether `selection` is a key of `market`. FGS takes player codes (`1xx` home, `2xx` away) or `N`.
 * Example: `isSelection(FOOTBALL_MARKETS.TTG, '7+')` → `true`; `isSelection(FOOTBALL_MARKETS.FGS, '115')` → `true`.
 */
export function isSelection(market: MarketDefinition, selection: unknown): boolean {
  if (typeof selection !== 'string') return false;
  if (market.selections === 'players') return selection === NO_FIRST_SCORER || PLAYER_CODE.test(selection);
  return market.selections.includes(selection);
}
