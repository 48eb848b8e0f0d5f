import { parseOdds, type FootballEventWire, type OddsEventPayload } from '@gp/common';
import { marketKey, pickKey } from './slip.ts';

/** A price that moved: what the screen marks with ▲ or ▼ for a few seconds. */
export interface PriceMove {
  /** `pickKey` of the selection. */
  key: string;
  from: string;
  to: string;
  direction: 'up' | 'down';
}

/** Up or down between two prices (decimal strings), or null when equal or unreadable. */
export function moveDirection(from: string | null | undefined, to: string): 'up' | 'down' | null {
  const a = from ? parseOdds(from) : null;
  const b = parseOdds(to);
  if (a === null || b === null || a === b) return null;
  return b > a ? 'up' : 'down';
}

/**
 * One event with an `odds` event applied: new prices and market status (a market the cache
 * does not hold is left for the next HTTP refresh, which has its labels), and the event's new
 * status when the payload carries one (`closed` at the sales close). Returns the same object when
 * nothing changed, so React Query keeps its references. The moves compare against the cached
 * price (falling back to the payload's `prevOdds`), so a price the screen already shows never
 * flashes again.
 *
 * Example: cached HAD H 2.10, payload `{ markets: [{ market: 'HAD', line: null, status: 'open', selections: [{ key: 'H', odds: '2.25', prevOdds: '2.10' }] }] }`
 * → HAD H 2.25 and a move `{ from: '2.10', to: '2.25', direction: 'up' }`.
 */
export function applyOddsToEvent<E extends FootballEventWire>(event: E, payload: OddsEventPayload): { event: E; moves: PriceMove[] } {
  if (event.id !== payload.eventId) return { event, moves: [] };
  const moves: PriceMove[] = [];
  const changes = new Map(payload.markets.map((m) => [marketKey(m.market, m.line), m]));
  let touched = false;
  const markets = event.markets.map((market) => {
    const change = changes.get(marketKey(market.market, market.line));
    if (!change) return market;
    const prices = new Map(change.selections.map((s) => [s.key, s]));
    const selections = market.selections.map((selection) => {
      const next = prices.get(selection.key);
      if (!next || next.odds === selection.odds) return selection;
      const direction = moveDirection(selection.odds || next.prevOdds, next.odds);
      const key = pickKey({ eventId: event.id, market: market.market, line: market.line, selection: selection.key });
      if (direction) moves.push({ key, from: selection.odds, to: next.odds, direction });
      return { ...selection, odds: next.odds };
    });
    const changed = change.status !== market.status || selections.some((s, i) => s !== market.selections[i]);
    if (!changed) return market;
    touched = true;
    return { ...market, status: change.status, selections };
  });
  const status = payload.status ?? event.status;
  if (!touched && status === event.status) return { event, moves };
  return { event: { ...event, status, markets }, moves };
}

/** The cached event list with an `odds` event applied (see `applyOddsToEvent`). */
export function applyOddsToList(events: readonly FootballEventWire[], payload: OddsEventPayload): { events: FootballEventWire[]; moves: PriceMove[] } {
  let moves: PriceMove[] = [];
  const next = events.map((event) => {
    if (event.id !== payload.eventId) return event;
    const applied = applyOddsToEvent(event, payload);
    moves = applied.moves;
    return applied.event;
  });
  return { events: next, moves };
}

/** What the slip needs to know about a pick's price now. */
export interface LivePrice {
  /** The current price, null when the selection is not offered any more (or not in the list). */
  odds: string | null;
  /** `open`, a market `suspended` or `closed`, or the event's sales `closed` (also when it left the list). */
  state: 'open' | 'suspended' | 'closed';
}

/** The live price of a pick in the cached list. */
export function livePrice(events: readonly FootballEventWire[] | undefined, pick: { eventId: string; market: string; line: string | null; selection: string }): LivePrice | null {
  if (!events) return null;
  const event = events.find((e) => e.id === pick.eventId);
  if (!event || event.status !== 'open') return { odds: null, state: 'closed' };
  const market = event.markets.find((m) => m.market === pick.market && m.line === pick.line);
  const selection = market?.selections.find((s) => s.key === pick.selection);
  if (!market || !selection) return { odds: null, state: 'closed' };
  return { odds: selection.odds, state: market.status };
}
