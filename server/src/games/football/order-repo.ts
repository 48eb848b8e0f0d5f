import { isFootballEventId } from '@gp/common';
import type { Executor, Tx } from '../../db/database.ts';
import type { FootballEventStatus } from '../../db/types.ts';

const EVENT_COLUMNS = ['id', 'code', 'home_team', 'away_team', 'names', 'kick_off_at', 'sales_close_at', 'status', 'players', 'result'] as const;

/** An event as an order's slip names it: `id` is the slip's event id, the decimal text the API and the stored slip carry. */
export interface OrderEvent {
  id: string;
  code: string;
  home_team: string;
  away_team: string;
  /** The league's and teams' names in other languages (`football_events.names`). */
  names: unknown;
  kick_off_at: Date;
  sales_close_at: Date;
  status: FootballEventStatus;
  players: unknown;
  result: unknown;
}

/**
 * The football queries of the order pipeline: a football order has no draw, its events are in
 * `order_legs`. The events and markets tables belong to the football module (odds poller,
 * results); orders only read them, and write `order_legs`.
 */
export const footballOrdersRepo = {
  /**
   * Events by the slip's ids (ids that are not event ids are skipped). A slip is wire data (the
   * order's `plays` keep it as sent), so its event ids are text: read as numbers here, and the
   * answer keyed by the slip's text again.
   */
  async events(db: Executor, ids: readonly string[]): Promise<OrderEvent[]> {
    const wanted = [...new Set(ids)].filter(isFootballEventId).map(Number);
    if (wanted.length === 0) return [];
    const rows = await db.selectFrom('football_events').select(EVENT_COLUMNS).where('id', 'in', wanted).execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  },

  /** Every market row (any status) of these events. */
  async markets(db: Executor, eventIds: readonly string[]) {
    const wanted = [...new Set(eventIds)].filter(isFootballEventId).map(Number);
    if (wanted.length === 0) return [];
    const rows = await db.selectFrom('football_markets').select(['event_id', 'market', 'line', 'status', 'odds']).where('event_id', 'in', wanted).execute();
    return rows.map((row) => ({ ...row, event_id: String(row.event_id) }));
  },

  async insertLegs(trx: Tx, orderId: number, eventIds: readonly string[]) {
    await trx
      .insertInto('order_legs')
      .values([...new Set(eventIds)].map((eventId) => ({ order_id: orderId, event_id: Number(eventId) })))
      .execute();
  },
};
