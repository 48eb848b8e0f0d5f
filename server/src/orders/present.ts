import { FOOTBALL_PRODUCT_CODE, type DrawOutcome, type KenoResult, type KenoSelection, type OrderWire } from '@gp/common';
import type { OrderRow } from '../db/types.ts';
import { footballDrawResult, presentFootballPart, type FootballPlays } from '../games/football/order-present.ts';
import type { OrderEvent } from '../games/football/order-repo.ts';
import { isDrawPlays, presentDrawOrder } from '../games/draw/order-present.ts';
import { presentOrderCommon } from './order-shape.ts';

/** What a football order's presentation needs besides its row: its events, and the time (an event is `open` until its sales close). */
export interface FootballContext {
  events: ReadonlyMap<string, OrderEvent>;
  now: Date;
}

const NO_EVENTS: FootballContext = { events: new Map(), now: new Date(0) };

/**
 * The API.md order shape. Keno orders: `selections` are the plays, there is no special number.
 * `officialResult` is the draw's result (pass it when the draw has one: refunded orders show it
 * too); `drawResult` is how this order fared, recorded by the settlement. Football orders
 * (HKS01): `selections` are the picks as bought, `fee` the handling fee, and `football` the legs
 * with their events (from `football`), results, outcomes and what the slip returned.
 */
export function presentOrder(row: OrderRow, officialResult: KenoResult | null = null, football: FootballContext = NO_EVENTS): OrderWire {
  // Draw lotteries carry their draw's result in their own settlement record (their draws are not keno's).
  if (isDrawPlays(row.plays)) return presentDrawOrder(row);
  const shared = presentOrderCommon(row, officialResult);
  if (row.product_code === FOOTBALL_PRODUCT_CODE) {
    return {
      ...shared,
      playType: 'football',
      selections: (row.plays as FootballPlays).legs,
      drawResult: footballDrawResult(row),
      football: presentFootballPart(row, football.events, football.now),
    };
  }
  // The plays as `checkTicket` validated them when the order was placed (common `KenoPlay`).
  return { ...shared, playType: 'keno', selections: row.plays as KenoSelection[], drawResult: (row.draw_result as DrawOutcome | null) ?? null };
}

/** The event ids a page of orders needs for its football parts (one query for the whole page). */
export function footballEventIds(rows: readonly Pick<OrderRow, 'product_code' | 'plays'>[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.product_code !== FOOTBALL_PRODUCT_CODE) continue;
    for (const leg of (row.plays as { legs: { eventId: string }[] }).legs) ids.add(leg.eventId);
  }
  return [...ids];
}
