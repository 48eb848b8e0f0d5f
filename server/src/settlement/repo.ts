import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';

/** An order a settlement run settled (its `updated_at` is the run's `at`: not read back, a million dates to parse). */
interface SettledRow {
  id: string;
  user_id: string;
  status: 2 | 8;
  trial: boolean;
  prize: number;
}

export interface SettlementItem {
  id: string;
  prize: number;
  drawResult: unknown;
}

/**
 * A batch of settlements as the rows `v(id, prize, draw_result)` of an UPDATE's FROM, and the
 * condition that matches each to its order. The batch travels as one JSON parameter (a page is
 * 2,000 orders: one value to send and parse, not 6,000 bind parameters), and `orders.id = any(ids)`
 * has PostgreSQL probe the primary key for exactly these rows: joined to the batch alone, it
 * scanned the whole orders table once per page, which made a million-order draw quadratic.
 */
export function settledBatch(items: ReadonlyArray<SettlementItem>) {
  const batch = JSON.stringify(items.map((item) => ({ id: item.id, prize: item.prize, draw_result: item.drawResult })));
  return {
    rows: sql`jsonb_to_recordset(${batch}::jsonb) as v(id bigint, prize bigint, draw_result jsonb)`,
    matches: sql<boolean>`orders.id = v.id and orders.id = any(${items.map((item) => item.id)}::bigint[])`,
  };
}

/**
 * The statements of `settlementRepo.markSettled`, built but not run (server/test/wallet/sql-snapshots.test.ts
 * snapshots their SQL): the row locks in id order, then the conditional update of the batch.
 */
export const settlementQueries = {
  lockOrders: (db: Executor, ids: readonly string[]) => db.selectFrom('orders').select('id').where('id', '=', sql<string>`any(${[...ids]}::bigint[])`).orderBy('id').forUpdate(),
  markSettled(items: ReadonlyArray<SettlementItem>, at: Date) {
    const batch = settledBatch(items);
    return sql<SettledRow>`
      update orders set prize = v.prize, draw_result = v.draw_result, settled_at = ${at}, updated_at = ${at}
      from ${batch.rows}
      where ${batch.matches} and orders.settled_at is null and orders.status in (2, 8)
      returning orders.id, orders.user_id, orders.status, orders.trial, orders.prize`;
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

  /** The draw's purchased and trial orders not settled yet, in id order, with their members (two columns: a draw may hold a million). */
  async unsettledOrders(db: Executor, drawId: string): Promise<Array<{ id: string; userId: string }>> {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'user_id'])
      .where('draw_id', '=', drawId)
      .where(sql<boolean>`status in (2, 8)`)
      .where('settled_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: String(row.id), userId: String(row.user_id) }));
  },

  /** What settling needs of these orders (the ticket), in id order. */
  ordersToSettle(db: Executor, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('orders').select(['id', 'multiplier', 'plays']).where('id', '=', sql<string>`any(${[...ids]}::bigint[])`).orderBy('id').execute();
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
  async markSettled(trx: Tx, items: ReadonlyArray<SettlementItem>, at: Date) {
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
