import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';

export const settlementRepo = {
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

  /**
   * Records an order's settlement once: conditional on `settled_at is null`, so a second run (or
   * a concurrent one, which waits for this row's lock and then sees it settled) gets `undefined`.
   */
  markSettled(trx: Tx, id: string, prize: number, drawResult: unknown, at: Date) {
    return trx
      .updateTable('orders')
      .set({ prize, draw_result: JSON.stringify(drawResult), settled_at: at, updated_at: at })
      .where('id', '=', id)
      .where('settled_at', 'is', null)
      .where(sql<boolean>`status in (2, 8)`)
      .returning(['id', 'user_id', 'status', 'trial', 'updated_at'])
      .executeTakeFirst();
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
