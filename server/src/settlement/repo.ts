import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';

interface SettledRow {
  id: string;
  user_id: string;
  status: 2 | 8;
  trial: boolean;
  updated_at: Date;
  prize: number;
}

/**
 * The statements of `settlementRepo.markSettled`, built but not run (server/test/wallet/sql-snapshots.test.ts
 * snapshots their SQL): the row locks in id order, then the conditional update of the batch.
 */
export const settlementQueries = {
  lockOrders: (db: Executor, ids: readonly string[]) => db.selectFrom('orders').select('id').where('id', 'in', ids).orderBy('id').forUpdate(),
  markSettled(items: ReadonlyArray<{ id: string; prize: number; drawResult: unknown }>, at: Date) {
    const values = sql.join(items.map((item) => sql`(${item.id}::bigint, ${item.prize}::bigint, ${JSON.stringify(item.drawResult)}::jsonb)`));
    return sql<SettledRow>`
      update orders set prize = v.prize, draw_result = v.draw_result, settled_at = ${at}, updated_at = ${at}
      from (values ${values}) as v(id, prize, draw_result)
      where orders.id = v.id and orders.settled_at is null and orders.status in (2, 8)
      returning orders.id, orders.user_id, orders.status, orders.trial, orders.updated_at, orders.prize`;
  },
};

export const settlementRepo = {
  /** What settling a draw needs of it: its product, issue, status and result. */
  draw(db: Executor, drawId: string) {
    return db.selectFrom('draws').select(['id', 'product_code', 'issue', 'status', 'result']).where('id', '=', drawId).executeTakeFirst();
  },

  /** Every order of a draw that takes part in its settlement (purchased or trial), settled or not, in id order. */
  drawOrders(db: Executor, drawId: string) {
    return db
      .selectFrom('orders')
      .select(['id', 'user_id', 'status', 'trial', 'multiplier', 'plays', 'settled_at'])
      .where('draw_id', '=', drawId)
      .where(sql<boolean>`status in (2, 8)`)
      .orderBy('id')
      .execute();
  },

  /** The ids of a draw's purchased and trial orders not settled yet, in id order (ids only: a draw may hold a million). */
  async unsettledIds(db: Executor, drawId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('orders')
      .select('id')
      .where('draw_id', '=', drawId)
      .where(sql<boolean>`status in (2, 8)`)
      .where('settled_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => String(row.id));
  },

  /** What settling needs of these orders, in id order. */
  ordersToSettle(db: Executor, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('orders').select(['id', 'user_id', 'status', 'trial', 'multiplier', 'plays']).where('id', 'in', ids).orderBy('id').execute();
  },

  /**
   * A draw's purchased and trial orders (settled or not) holding a pick of one of `stars`: the
   * only ones a per-draw cap (a star pool, a shared top prize) can concern. Filtered in the
   * database, so a million-ticket draw sends back only these.
   */
  ordersWithPicksOf(db: Executor, drawId: string, stars: readonly number[]) {
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
   * Records the settlement of a batch of orders, each once: conditional on `settled_at is null`,
   * so a second run (or a concurrent one, which waits for these rows' locks and then sees them
   * settled) gets nothing back for them. Returns the rows this call settled.
   */
  async markSettled(trx: Tx, items: ReadonlyArray<{ id: string; prize: number; drawResult: unknown }>, at: Date) {
    if (items.length === 0) return [];
    // Lock in id order first: two runs over the same batch then queue up instead of deadlocking.
    await settlementQueries.lockOrders(trx, items.map((item) => item.id)).execute();
    const { rows } = await settlementQueries.markSettled(items, at).execute(trx);
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  },

  /** Drawn draws that still have purchased or trial orders without a settlement (what the sweep repairs). */
  drawsWithUnsettledOrders(db: Executor, limit: number) {
    return db
      .selectFrom('orders')
      .innerJoin('draws', 'draws.id', 'orders.draw_id')
      .select('orders.draw_id')
      .distinct()
      .where(sql<boolean>`orders.status in (2, 8)`)
      .where('orders.settled_at', 'is', null)
      .where('draws.status', '=', 'drawn')
      .orderBy('orders.draw_id')
      .limit(limit)
      .execute();
  },
};
