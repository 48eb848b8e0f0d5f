import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/database.ts';
import { settledBatch, type SettlementItem } from '../../settlement/service.ts';
import { drawnWithUnsettledOrders } from '../draw-core/draw-tables-repo.ts';

/** An order still to settle, locked by the page that settles it: its owner, its kind and its ticket. */
export interface TicketRow {
  id: number;
  user_id: number;
  status: 2 | 8;
  trial: boolean;
  multiplier: number;
  plays: unknown;
}

/**
 * The statements of a keno settlement page, built but not run (server/test/wallet/sql-snapshots.test.ts
 * snapshots their SQL): the page's orders still to settle, read and locked in id order, then the
 * conditional update of the batch.
 */
export const settlementQueries = {
  lockTickets: (db: Executor, ids: readonly number[]) =>
    db
      .selectFrom('orders')
      .select(['id', 'user_id', 'status', 'trial', 'multiplier', 'plays'])
      .where('id', '=', sql<number>`any(${[...ids]}::bigint[])`)
      .where(sql<boolean>`status in (2, 8)`)
      .where('settled_at', 'is', null)
      .orderBy('id')
      .forUpdate(),
  markSettled(items: ReadonlyArray<SettlementItem>, at: Date) {
    const batch = settledBatch(items);
    return sql<{ id: number }>`
      update orders set prize = v.prize, draw_result = v.draw_result, settled_at = ${at}, updated_at = ${at}
      from ${batch.rows}
      where ${batch.matches} and orders.settled_at is null and orders.status in (2, 8)
      returning orders.id`;
  },
};

export const settlementRepo = {
  /** What settling a draw needs of it: its product, issue, status and result. */
  draw(db: Executor, drawId: number) {
    return db.selectFrom('draws').select(['id', 'product_code', 'issue', 'status', 'result', 'result_held_at']).where('id', '=', drawId).executeTakeFirst();
  },

  /** Every order of a draw that takes part in its settlement (purchased or trial), settled or not, in id order. */
  drawOrders(db: Executor, drawId: number) {
    return db
      .selectFrom('orders')
      .select(['id', 'user_id', 'status', 'trial', 'multiplier', 'plays', 'settled_at'])
      .where('draw_id', '=', drawId)
      .where(sql<boolean>`status in (2, 8)`)
      .orderBy('id')
      .execute();
  },

  /** The draw's purchased and trial orders not settled yet, in id order, with their members (two columns: a draw may hold a million). */
  async unsettledOrders(db: Executor, drawId: number): Promise<Array<{ id: number; userId: number }>> {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'user_id'])
      .where('draw_id', '=', drawId)
      .where(sql<boolean>`status in (2, 8)`)
      .where('settled_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, userId: row.user_id }));
  },

  /**
   * Those of these orders still to settle, with their tickets, locked in id order until the
   * transaction ends: a concurrent run over the same orders waits here (queues, never deadlocks),
   * then no longer finds the ones it settled. One statement reads and locks them.
   */
  async lockTickets(trx: Tx, ids: readonly number[]): Promise<TicketRow[]> {
    if (ids.length === 0) return [];
    return (await settlementQueries.lockTickets(trx, ids).execute()) as TicketRow[];
  },

  /**
   * A draw's purchased and trial orders (settled or not) holding a pick of one of `stars`: the
   * only ones a per-draw cap (a star pool, a shared top prize) can concern. Filtered in the
   * database, so a million-ticket draw sends back only these.
   */
  ordersWithPicksOf(db: Executor, drawId: number, stars: readonly number[]) {
    if (stars.length === 0) return Promise.resolve([]);
    const any = sql.join(stars.map((n) => sql`plays @> ${JSON.stringify([{ type: 'pick', stars: n }])}::jsonb`), sql` or `);
    return db
      .selectFrom('orders')
      .select(['id', 'trial', 'multiplier', 'plays'])
      .where('draw_id', '=', drawId)
      .where(sql<boolean>`status in (2, 8)`)
      .where(sql<boolean>`(${any})`)
      .orderBy('id')
      .execute();
  },

  /**
   * Records the settlement of a batch of orders (locked by `lockTickets` in this transaction),
   * each once: conditional on `settled_at is null`, so an order settled already is not settled
   * again. Returns the ids this call settled.
   */
  async markSettled(trx: Tx, items: ReadonlyArray<SettlementItem>, at: Date): Promise<Set<number>> {
    if (items.length === 0) return new Set();
    const { rows } = await settlementQueries.markSettled(items, at).execute(trx);
    return new Set(rows.map((row) => row.id));
  },

  /** Drawn draws that still have purchased or trial orders without a settlement (what the sweep repairs). */
  drawsWithUnsettledOrders: (db: Executor, limit: number) => drawnWithUnsettledOrders(db, 'draws', limit),
};
