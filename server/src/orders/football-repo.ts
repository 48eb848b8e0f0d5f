import type { MatchResult } from '@gp/common';
import type { Executor, Tx } from '../db/database.ts';
import type { FootballEventStatus } from '../db/types.ts';

/** The football product: orders with no draw, whose events are in `order_legs`. */
export const FOOTBALL_PRODUCT = 'HKS01';

/** Our football event ids are bigint identities; anything else names no event (and must not reach a bigint cast). */
export const isEventId = (id: string) => /^[1-9]\d{0,17}$/.test(id);

const EVENT_COLUMNS = ['id', 'code', 'home_team', 'away_team', 'kick_off_at', 'sales_close_at', 'status', 'players', 'result'] as const;

export interface OrderEvent {
  id: string;
  code: string;
  home_team: string;
  away_team: string;
  kick_off_at: Date;
  sales_close_at: Date;
  status: FootballEventStatus;
  players: unknown;
  result: unknown;
}

const VOID_STATUSES = ['postponed', 'abandoned', 'void', 'cancelled'] as const;
export const FINAL_EVENT_STATUSES: readonly FootballEventStatus[] = ['resulted', ...VOID_STATUSES];

/**
 * The result an event's bets settle on, or `null` while it is not final: a resulted event's
 * stored result; a void one's stored result if any (an abandoned match may keep its first half),
 * else `{ status: <reason> }`. Example: a postponed event without a result → `{ status: 'postponed' }`.
 */
export function finalResultOf(event: Pick<OrderEvent, 'status' | 'result'>): MatchResult | null {
  if (event.status === 'resulted') return (event.result as MatchResult | null) ?? null;
  if ((VOID_STATUSES as readonly string[]).includes(event.status)) return (event.result as MatchResult | null) ?? { status: event.status as MatchResult['status'] };
  return null;
}

/**
 * The football queries of the order pipeline. The events and markets tables belong to the football
 * module (odds poller, results); orders only read them, and write `order_legs`.
 */
export const footballOrdersRepo = {
  /** Events by id (ids that are not event ids are skipped). */
  async events(db: Executor, ids: readonly string[]): Promise<OrderEvent[]> {
    const wanted = [...new Set(ids)].filter(isEventId);
    if (wanted.length === 0) return [];
    const rows = await db.selectFrom('football_events').select(EVENT_COLUMNS).where('id', 'in', wanted).execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  },

  /** Every market row (any status) of these events. */
  async markets(db: Executor, eventIds: readonly string[]) {
    const wanted = [...new Set(eventIds)].filter(isEventId);
    if (wanted.length === 0) return [];
    const rows = await db.selectFrom('football_markets').select(['event_id', 'market', 'line', 'status', 'odds']).where('event_id', 'in', wanted).execute();
    return rows.map((row) => ({ ...row, event_id: String(row.event_id) }));
  },

  async insertLegs(trx: Tx, orderId: string, eventIds: readonly string[]) {
    await trx
      .insertInto('order_legs')
      .values([...new Set(eventIds)].map((eventId) => ({ order_id: orderId, event_id: eventId })))
      .execute();
  },
};
