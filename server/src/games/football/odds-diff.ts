import type { MarketCode } from '@gp/common';
import type { MarketChange } from './publish.ts';
import type { SourceEvent } from './source.ts';
import type { NewMarket, StoredMarket } from './markets-repo.ts';

/** What one tick changes of one open event. */
export interface EventDiff {
  eventId: number;
  inserts: NewMarket[];
  updates: Array<Pick<StoredMarket, 'id' | 'main' | 'status' | 'odds'>>;
  /** Existing markets whose prices moved (new markets get their first history row once inserted). */
  history: Array<{ market_id: number; odds: Record<string, number> }>;
  /** Lines no longer offered. */
  closeIds: number[];
  /** The moved model to store, if it moved. */
  model?: unknown;
  /** What watchers are told. */
  changes: MarketChange[];
}

const keyOf = (market: string, line: string | null) => `${market}|${line ?? ''}`;
const sameOdds = (a: Record<string, number>, b: Record<string, number>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};
/** A stored market's change as watchers see it (a stored line `''` is `null`). */
export const marketChange = (m: { market: string; line: string }, status: MarketChange['status'], odds: Record<string, number>, prevOdds: Record<string, number> | null): MarketChange => ({
  market: m.market as MarketCode,
  line: m.line === '' ? null : m.line,
  status,
  odds,
  prevOdds,
});

/**
 * Compares what the source offers for an event with what is stored: new markets, markets whose
 * prices, status or main flag changed, and stored lines the source no longer offers. Returns
 * `null` when nothing changed.
 *
 * Example: stored HDC `0.0/-0.5` open, source now offers `-0.5` → one insert (`-0.5`) and one
 * close (`0.0/-0.5`), both in `changes`.
 */
export function diffEvent(eventId: number, event: SourceEvent, stored: readonly StoredMarket[], knownModel: unknown): EventDiff | null {
  const diff: EventDiff = { eventId, inserts: [], updates: [], history: [], closeIds: [], changes: [] };
  const mine = new Map(stored.map((m) => [keyOf(m.market, m.line), m]));
  const offered = new Set<string>();
  for (const market of event.markets) {
    const key = keyOf(market.market, market.line);
    offered.add(key);
    const line = market.line ?? '';
    const was = mine.get(key);
    if (!was) {
      diff.inserts.push({ event_id: eventId, market: market.market, line, main: market.main, status: market.status, odds: market.odds });
      diff.changes.push(marketChange({ market: market.market, line }, market.status, market.odds, null));
      continue;
    }
    const moved = !sameOdds(was.odds, market.odds);
    if (!moved && was.status === market.status && was.main === market.main) continue;
    diff.updates.push({ id: was.id, main: market.main, status: market.status, odds: market.odds });
    if (moved) diff.history.push({ market_id: was.id, odds: market.odds });
    diff.changes.push(marketChange(was, market.status, market.odds, was.odds));
  }
  for (const [key, was] of mine) {
    if (offered.has(key) || was.status === 'closed') continue;
    diff.closeIds.push(was.id);
    diff.changes.push(marketChange(was, 'closed', was.odds, was.odds));
  }
  if (event.model !== undefined && JSON.stringify(event.model) !== JSON.stringify(knownModel)) diff.model = event.model;
  const changed = diff.inserts.length + diff.updates.length + diff.closeIds.length > 0 || diff.model !== undefined;
  return changed ? diff : null;
}
