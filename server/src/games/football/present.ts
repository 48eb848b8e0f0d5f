import {
  englishSelectionLabel,
  FOOTBALL_MARKETS,
  formatOdds,
  isFinalEventStatus,
  MARKET_CODES,
  type FootballEventStatusWire,
  type FootballEventWire,
  type FootballLocalNames,
  type FootballMarketWire,
  type MarketCode,
  type MatchResultWire,
} from '@gp/common';
import type { FootballEventRow } from '../../db/types.ts';
import type { StoredMarket } from './markets-repo.ts';

/**
 * Presenters: event and market rows as API.md shows them. A simulated event's seed leaves the
 * server only with its result; before that its hash is all anyone sees.
 */

export type Player = FootballEventWire['players'][number];

/** What a member sees of the stored status: a scheduled event is `open` until its sales close. */
export function wireStatus(row: Pick<FootballEventRow, 'status' | 'sales_close_at'>, now: Date): FootballEventStatusWire {
  if (row.status === 'scheduled') return now < row.sales_close_at ? 'open' : 'closed';
  return row.status;
}

/** Markets in the 14-code order, the main line first. */
export function sortMarkets<T extends { market: string; line: string; main: boolean }>(markets: readonly T[]): T[] {
  const rank = (m: T) => MARKET_CODES.indexOf(m.market as MarketCode);
  return [...markets].sort((a, b) => rank(a) - rank(b) || Number(b.main) - Number(a.main) || a.line.localeCompare(b.line));
}

/**
 * A market's prices in the market's own selection order (H, D, A; 1:0 … 2:5 then the others;
 * players by code then N): stored jsonb keeps keys in its own order, not ours.
 */
export function orderedEntries(market: MarketCode, odds: Record<string, number>): Array<[string, number]> {
  const listed = FOOTBALL_MARKETS[market]?.selections;
  const rank = (key: string) => {
    if (Array.isArray(listed)) {
      const i = listed.indexOf(key);
      return i < 0 ? Number.MAX_SAFE_INTEGER : i;
    }
    return key === 'N' ? Number.MAX_SAFE_INTEGER : Number(key) || 0;
  };
  return Object.entries(odds).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

export function presentMarket(market: StoredMarket, players: readonly Player[]): FootballMarketWire {
  const code = market.market as MarketCode;
  return {
    market: code,
    line: market.line === '' ? null : market.line,
    main: market.main,
    status: market.status,
    selections: orderedEntries(code, market.odds).map(([key, odds]) => ({ key, label: englishSelectionLabel(code, key, players), odds: formatOdds(odds) })),
  };
}

export function playersOf(row: Pick<FootballEventRow, 'players'>): Player[] {
  return Array.isArray(row.players) ? (row.players as Player[]) : [];
}

/**
 * An event with its markets. An open event shows only what is still offered (a line moved away
 * from is closed and dropped); a closed or finished one shows every line it ever offered, since
 * bets may stand on any of them.
 */
export function presentEvent(row: FootballEventRow, markets: readonly StoredMarket[], now: Date): FootballEventWire {
  const status = wireStatus(row, now);
  const players = playersOf(row);
  const shown = status === 'open' ? markets.filter((m) => m.status !== 'closed') : markets;
  return { ...presentEventHead(row, now), markets: sortMarkets(shown).map((m) => presentMarket(m, players)) };
}

/** Everything but the markets (results pages, order legs). */
export function presentEventHead(row: FootballEventRow, now: Date): Omit<FootballEventWire, 'markets'> {
  const final = isFinalEventStatus(row.status);
  return {
    id: String(row.id),
    code: row.code,
    tournament: row.tournament,
    tournamentCode: row.tournament_code,
    home: row.home_team,
    away: row.away_team,
    names: row.names as FootballLocalNames,
    kickOffAt: row.kick_off_at.toISOString(),
    salesCloseAt: row.sales_close_at.toISOString(),
    status: wireStatus(row, now),
    source: row.source,
    players: playersOf(row),
    result: final ? ((row.result as MatchResultWire | null) ?? null) : null,
    seedHash: row.seed_hash,
    ...(final && row.seed ? { seed: row.seed } : {}),
    ...(final && row.result_source ? { resultSource: row.result_source } : {}),
  };
}
