import { MARKET_CODES, type MarketCode } from '@gp/common';
import type { OddsSource, SourceEvent } from '../source.ts';
import { MATCH_LIST_QUERY } from './feed.ts';
import { parseMatchList } from './parse.ts';

/** Sends one GraphQL request body to the feed and returns the parsed JSON answer. */
export type Transport = (url: string, body: string) => Promise<unknown>;

/** The feed answers DOWNSTREAM_SERVICE_ERROR when asked for too many odds types at once (reference §5.1). */
export const MAX_ODDS_TYPES_PER_CALL = 4;

/** The 14 markets in requests of at most four odds types: HAD/FHA/HHA/HDC, HIL/FHL/CHL/CRS, FCS/FTS/TTG/OOE, FGS/HFT. */
export const ODDS_TYPE_GROUPS: readonly (readonly MarketCode[])[] = Array.from(
  { length: Math.ceil(MARKET_CODES.length / MAX_ODDS_TYPES_PER_CALL) },
  (_, i) => MARKET_CODES.slice(i * MAX_ODDS_TYPES_PER_CALL, (i + 1) * MAX_ODDS_TYPES_PER_CALL),
);

const REQUEST_TIMEOUT_MS = 10_000;

/** The real transport: a JSON POST (HKJC needs the trailing slash of the URL, which the config keeps). */
export const httpTransport: Transport = async (url, body) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HKJC feed answered HTTP ${response.status}`);
  return response.json();
};

/** The request body of one call. */
export function matchListRequest(oddsTypes: readonly MarketCode[]): string {
  return JSON.stringify({
    operationName: 'matchList',
    query: MATCH_LIST_QUERY,
    variables: { startIndex: 1, endIndex: 200, fbOddsTypes: oddsTypes, inplayOnly: false, featuredMatchesOnly: false, showAllMatch: false },
  });
}

/** Joins the answers of several calls: one event per match, with the markets and players of every call. */
export function mergeEvents(batches: readonly SourceEvent[][]): SourceEvent[] {
  const merged = new Map<string, SourceEvent>();
  for (const batch of batches) {
    for (const event of batch) {
      const seen = merged.get(event.externalId);
      if (!seen) {
        merged.set(event.externalId, { ...event, players: [...event.players], markets: [...event.markets] });
        continue;
      }
      const codes = new Set(seen.players.map((p) => p.code));
      merged.set(event.externalId, {
        ...seen,
        players: [...seen.players, ...event.players.filter((p) => !codes.has(p.code))],
        markets: [...seen.markets, ...event.markets],
        ...(seen.voided || event.voided ? { voided: seen.voided ?? event.voided } : {}),
      });
    }
  }
  return [...merged.values()];
}

/**
 * The HKJC odds source (ODDS_SOURCE=hkjc): one call per group of odds types, merged. A failed
 * call fails the whole tick: a partial answer would make the poller close every market of the
 * missing types.
 */
export function createHkjcOddsSource(options: { url: string; transport?: Transport }): OddsSource {
  const transport = options.transport ?? httpTransport;
  return {
    kind: 'hkjc',
    async events() {
      const batches: SourceEvent[][] = [];
      for (const group of ODDS_TYPE_GROUPS) batches.push(parseMatchList(await transport(options.url, matchListRequest(group))));
      return mergeEvents(batches);
    },
  };
}
