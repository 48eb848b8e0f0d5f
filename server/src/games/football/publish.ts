import { formatOdds, MARKET_CODES, oddsChannel, type FootballEventStatusWire, type MarketCode, type OddsEventPayload } from '@gp/common';
import type { EventBus } from '../../platform/event-bus.ts';
import { orderedEntries } from './present.ts';

/** Every change of every football event (API.md `odds:HKS01`), and one event's own (`odds:HKS01:<id>`). */
export const ODDS_ROOM = oddsChannel();
export const eventOddsRoom = (eventId: number | string) => oddsChannel(eventId);

export interface MarketChange {
  market: MarketCode;
  line: string | null;
  status: 'open' | 'suspended' | 'closed';
  odds: Record<string, number>;
  /** The prices before, or null for a market just opened. */
  prevOdds: Record<string, number> | null;
}

const order = (m: { market: MarketCode; line: string | null }) => MARKET_CODES.indexOf(m.market);

/**
 * One `odds` event for one event: every market that changed, with each moved selection's new and
 * previous price as decimal strings (a market whose status alone changed has none), plus the event's status when it changed. The single-market
 * fields API.md names repeat the first market (HAD when it moved); with no market change (a
 * result), they name HAD with no selections.
 */
export function oddsPayload(eventId: number, changes: readonly MarketChange[], at: Date, status?: FootballEventStatusWire): OddsEventPayload {
  // One entry per market and line: a later change of the same tick supersedes an earlier one.
  const latest = new Map(changes.map((c) => [`${c.market}|${c.line ?? ''}`, c]));
  const markets = [...latest.values()]
    .sort((a, b) => order(a) - order(b) || (a.line ?? '').localeCompare(b.line ?? ''))
    .map((change) => ({
      market: change.market,
      line: change.line,
      status: change.status,
      // Only the prices that moved (all of them for a new market): most ticks move a few prices of
      // a 33-selection grid, and every watcher of the list receives every event's changes.
      selections: orderedEntries(change.market, change.odds)
        .filter(([key, odds]) => change.prevOdds?.[key] !== odds)
        .map(([key, odds]) => {
          const prev = change.prevOdds?.[key];
          return { key, odds: formatOdds(odds), prevOdds: prev === undefined ? null : formatOdds(prev) };
        }),
    }));
  const first = markets[0];
  return {
    eventId: String(eventId),
    market: first?.market ?? 'HAD',
    line: first?.line ?? null,
    selections: first?.selections ?? [],
    at: at.toISOString(),
    ...(status ? { status } : {}),
    markets,
  };
}

/** Sends the payload to both rooms. A member watching both gets it once per room they joined. */
export async function publishOdds(bus: EventBus, payload: OddsEventPayload) {
  await bus.publish({ room: ODDS_ROOM, event: 'odds', payload });
  await bus.publish({ room: eventOddsRoom(payload.eventId), event: 'odds', payload });
}
