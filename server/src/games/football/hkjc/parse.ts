import { FOOTBALL_MARKETS, isMarketCode, isSelection, NO_FIRST_SCORER, parseLine, parseOdds, type FootballLocalNames, type LineKind, type MarketCode } from '@gp/common';
import { localNamesOf, type SourceEvent, type SourceMarket } from '../source.ts';
import type { FeedCombination, FeedMatch, FeedName, FeedPool, MatchListResponse } from './feed.ts';

const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase().replace(/[^A-Z]/g, '') : '');

/** HKJC match statuses that void the match (reference §4), by their letters only (`MatchVoided`, `MATCHVOIDED`). */
const VOID_STATUSES: Record<string, NonNullable<SourceEvent['voided']>> = {
  MATCHVOIDED: 'void',
  RESULTVOIDED: 'void',
  INPLAYRESULTVOIDED: 'void',
  VOIDED: 'void',
  POSTPONED: 'postponed',
  MATCHPOSTPONED: 'postponed',
  ABANDONED: 'abandoned',
  MATCHABANDONED: 'abandoned',
  CANCELLED: 'cancelled',
  MATCHCANCELLED: 'cancelled',
};

const COMPONENT = /^([+-]?)(\d{1,2})(?:\.(\d{1,2}))?$/;

/**
 * A feed `condition` written as common `parseLine` reads it: one decimal per component, handicaps
 * signed. `null` when it is not a line of that kind.
 *
 * Example: `normaliseLine('-0.5/-1', 'handicap')` → `'-0.5/-1.0'`; `('0/-0.5', 'handicap')` →
 * `'0.0/-0.5'`; `('1', 'wholeHandicap')` → `'+1.0'`; `('3.0/3.5', 'total')` → `'3.0/3.5'`.
 */
export function normaliseLine(condition: string | undefined, kind: LineKind): string | null {
  if (typeof condition !== 'string') return null;
  const parts = condition.split('/').map((part) => {
    const match = COMPONENT.exec(part.trim());
    if (!match) return null;
    const value = Number(`${match[2]}.${match[3] ?? '0'}`);
    if (kind === 'total') return match[1] ? null : value.toFixed(1);
    if (value === 0) return '0.0';
    return `${match[1] === '-' ? '-' : '+'}${value.toFixed(1)}`;
  });
  if (parts.some((part) => part === null)) return null;
  const text = parts.join('/');
  return parseLine(text, kind) ? text : null;
}

const SCORE = /^(\d{1,2}):(\d{1,2})$/;
const OLD_SCORE = /^S(\d{2})(\d{2})$/;
const OLD_OTHERS: Record<string, string> = { SM1MH: 'HO', SM1MD: 'DO', SM1MA: 'AO' };

/**
 * Our selection key of a feed combination: correct scores `01:00` → `1:0` (and the old `S0100`,
 * `SM1MH` forms), HaFu `H:D` → `HD`, Odd/Even `ODD` → `O`, no first scorer (`000`) → `N`.
 */
export function selectionKey(market: MarketCode, str: string): string {
  const text = str.trim().toUpperCase();
  if (market === 'CRS' || market === 'FCS') {
    const score = SCORE.exec(text) ?? OLD_SCORE.exec(text);
    if (score) return `${Number(score[1])}:${Number(score[2])}`;
    return OLD_OTHERS[text] ?? text;
  }
  if (market === 'HFT') return text.replace(/[^HDA]/g, '');
  if (market === 'OOE') return text.slice(0, 1);
  if (market === 'FGS' && /^(0+|N|NOFIRSTSCORER)$/.test(text.replace(/\W/g, ''))) return NO_FIRST_SCORER;
  return text;
}

function selectionsOf(market: MarketCode, combinations: readonly FeedCombination[] | undefined): Record<string, number> {
  const definition = FOOTBALL_MARKETS[market];
  const odds: Record<string, number> = {};
  for (const combination of combinations ?? []) {
    // Only prices on offer: IRRATIONAL (no longer possible), WIN/LOSE (settled) and refunds are not.
    if (upper(combination.status ?? 'AVAILABLE') !== 'AVAILABLE' || typeof combination.str !== 'string') continue;
    const key = selectionKey(market, combination.str);
    const price = parseOdds(String(combination.currentOdds ?? ''));
    if (price === null || !isSelection(definition, key) || key in odds) continue;
    odds[key] = price;
  }
  return odds;
}

function marketsOf(pool: FeedPool): SourceMarket[] {
  const market = pool.oddsType;
  if (!isMarketCode(market)) return []; // NTS, CHD, SGA… are not ours
  const definition = FOOTBALL_MARKETS[market];
  const selling = upper(pool.status) === 'SELLINGSTARTED';
  const lines = pool.lines ?? [];
  const markets: SourceMarket[] = [];
  lines.forEach((line, index) => {
    const text = definition.line === null ? null : normaliseLine(line.condition, definition.line);
    if (definition.line !== null && text === null) return;
    const odds = selectionsOf(market, line.combinations);
    if (Object.keys(odds).length === 0) return;
    const open = selling && upper(line.status ?? 'AVAILABLE') === 'AVAILABLE';
    markets.push({ market, line: text, main: line.main ?? index === 0, status: open ? 'open' : 'suspended', odds });
  });
  return markets;
}

function playersOf(pools: readonly FeedPool[]): SourceEvent['players'] {
  const players = new Map<string, SourceEvent['players'][number]>();
  for (const pool of pools) {
    if (pool.oddsType !== 'FGS') continue;
    for (const line of pool.lines ?? []) {
      for (const combination of line.combinations ?? []) {
        const code = selectionKey('FGS', combination.str ?? '');
        if (!/^[12]\d{2}$/.test(code) || players.has(code)) continue;
        const name = combination.selections?.[0]?.name_en?.trim() || code;
        players.set(code, { code, name, team: code.startsWith('1') ? 'H' : 'A' });
      }
    }
  }
  return [...players.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** A feed name's Chinese form (`name_ch`, Traditional as HKJC writes it), keyed by the locale it serves; none when the feed left it empty. */
const chinese = (name: FeedName | undefined) => {
  const ch = name?.name_ch?.trim();
  return ch ? { 'zh-TW': ch } : undefined;
};

/** The league's and teams' Chinese names of a feed match: `{ tournament: { 'zh-TW': '英格蘭超級聯賽' }, home: { 'zh-TW': '北港城' }, … }`. */
export function feedLocalNames(match: FeedMatch): FootballLocalNames {
  return localNamesOf({ tournament: chinese(match.tournament), home: chinese(match.homeTeam), away: chinese(match.awayTeam) });
}

/** One feed match as a source event, or `null` when it lacks what an event needs (id, code, teams, kick-off). */
export function parseMatch(match: FeedMatch): SourceEvent | null {
  const kickOffAt = new Date(match.kickOffTime ?? '');
  const home = match.homeTeam?.name_en?.trim();
  const away = match.awayTeam?.name_en?.trim();
  if (!match.id || !match.frontEndId || !home || !away || Number.isNaN(kickOffAt.getTime())) return null;
  const pools = match.foPools ?? [];
  const seen = new Set<string>();
  const markets = pools.flatMap(marketsOf).filter((m) => {
    const key = `${m.market}|${m.line ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const voided = VOID_STATUSES[upper(match.status)];
  return {
    externalId: String(match.id),
    code: match.frontEndId,
    tournament: match.tournament?.name_en?.trim() || 'Unknown tournament',
    tournamentCode: match.tournament?.code?.trim() || 'UNK',
    home,
    away,
    names: feedLocalNames(match),
    kickOffAt,
    players: playersOf(pools),
    markets,
    ...(voided ? { voided } : {}),
  };
}

/** Every usable match of a `matchList` answer. Throws on a GraphQL error (e.g. `DOWNSTREAM_SERVICE_ERROR`). */
export function parseMatchList(payload: unknown): SourceEvent[] {
  const response = payload as MatchListResponse | null;
  if (response?.errors?.length) {
    const first = response.errors[0]!;
    throw new Error(`HKJC feed error: ${first.extensions?.code ?? ''} ${first.message ?? ''}`.trim());
  }
  const matches = response?.data?.matches;
  if (!Array.isArray(matches)) throw new Error('HKJC feed answer has no data.matches');
  return matches.map(parseMatch).filter((event): event is SourceEvent => event !== null);
}
