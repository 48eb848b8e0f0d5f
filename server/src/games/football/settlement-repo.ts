import { sql } from 'kysely';
import { FINAL_EVENT_STATUSES, FOOTBALL_PRODUCT_CODE } from '@gp/common';
import type { Executor, Tx } from '../../db/database.ts';
import { settledBatch, type SettlementItem } from '../../settlement/service.ts';

const finalStatuses = sql.join(FINAL_EVENT_STATUSES.map((status) => sql.lit(status)));

export interface SettledFootballRow {
  id: number;
  user_id: number;
  status: 2;
  updated_at: Date;
  prize: number;
}

/** The queries of the football settlement: purchased HKS01 orders, their legs' events, and the once-only settlement update. */
export const footballSettlementRepo = {
  /** What settling an event needs of it: its code, status and result (`undefined` for an id that names no event). */
  event(db: Executor, eventId: number) {
    if (!Number.isSafeInteger(eventId)) return Promise.resolve(undefined); // a malformed id in old job data
    return db.selectFrom('football_events').select(['id', 'code', 'status', 'result']).where('id', '=', eventId).executeTakeFirst();
  },

  /** Purchased football orders with a leg on `eventId` that are not settled yet, in id order. */
  unsettledOrdersOfEvent(db: Executor, eventId: number) {
    return db
      .selectFrom('orders')
      .innerJoin('order_legs', 'order_legs.order_id', 'orders.id')
      .select(['orders.id', 'orders.user_id', 'orders.plays'])
      .where('order_legs.event_id', '=', eventId)
      .where('orders.product_code', '=', FOOTBALL_PRODUCT_CODE)
      .where('orders.status', '=', 2)
      .where('orders.settled_at', 'is', null)
      .orderBy('orders.id')
      .execute();
  },

  /**
   * Purchased, unsettled football orders whose every event is final (what the sweep settles: the
   * result hook's job was lost, or the process died mid-settlement). Walks the partial index
   * `orders_football_unsettled`.
   */
  readyUnsettledOrders(db: Executor, limit: number) {
    return db
      .selectFrom('orders')
      .select(['orders.id', 'orders.user_id', 'orders.plays'])
      .where('orders.product_code', '=', FOOTBALL_PRODUCT_CODE)
      .where('orders.status', '=', 2)
      .where('orders.settled_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_legs')
              .innerJoin('football_events', 'football_events.id', 'order_legs.event_id')
              .select(sql.lit(1).as('one'))
              .whereRef('order_legs.order_id', '=', 'orders.id')
              .where(sql<boolean>`(football_events.status not in (${finalStatuses}) or (football_events.status = 'resulted' and football_events.result is null))`),
          ),
        ),
      )
      .orderBy('orders.id')
      .limit(limit)
      .execute();
  },

  /** The events of these orders' legs: `{ order_id, id, status, result }` per leg. */
  async legEvents(db: Executor, orderIds: readonly number[]) {
    if (orderIds.length === 0) return [];
    return db
      .selectFrom('order_legs')
      .innerJoin('football_events', 'football_events.id', 'order_legs.event_id')
      .select(['order_legs.order_id', 'football_events.id', 'football_events.status', 'football_events.result'])
      .where('order_legs.order_id', 'in', orderIds)
      .execute();
  },

  /**
   * Records the settlement of a batch of orders, each once. The rows are locked in id order first,
   * so concurrent runs over overlapping batches queue up instead of deadlocking; the update is
   * conditional on `settled_at is null`, so the run that comes second gets nothing back for the
   * rows the first settled. Returns the rows this call settled.
   */
  async markSettled(trx: Tx, items: ReadonlyArray<SettlementItem>, at: Date): Promise<SettledFootballRow[]> {
    if (items.length === 0) return [];
    await trx.selectFrom('orders').select('id').where('id', 'in', items.map((item) => item.id)).orderBy('id').forUpdate().execute();
    const batch = settledBatch(items);
    const { rows } = await sql<SettledFootballRow>`
      update orders set prize = v.prize, draw_result = v.draw_result, settled_at = ${at}, updated_at = ${at}
      from ${batch.rows}
      where ${batch.matches} and orders.settled_at is null and orders.status = 2 and orders.product_code = ${FOOTBALL_PRODUCT_CODE}
      returning orders.id, orders.user_id, orders.status, orders.updated_at, orders.prize`.execute(trx);
    return rows;
  },
};
