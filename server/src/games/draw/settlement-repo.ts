import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/database.ts';
import { drawnWithUnsettledOrders } from '../draw-core/draw-tables-repo.ts';

export interface LotterySettledUpdate {
  id: number;
  /** The hold the order must still have (`null` for the first settlement, which also needs `draw_result is null`). */
  expectHold: 'pending_amount' | null;
  drawResult: unknown;
  prize: number;
  hold: 'pending_amount' | 'large_win' | null;
  settled: boolean;
}

/** The draw-lottery settlement's queries: orders of a lottery draw, their conditional updates, held large wins. */
export const drawSettlementRepo = {
  /** Every purchased or trial order of a draw for a product, settled or not, in id order. */
  drawOrders(db: Executor, drawId: number, productCode: string) {
    return db
      .selectFrom('orders')
      .select(['id', 'user_id', 'status', 'trial', 'plays', 'settled_at', 'hold', 'draw_result', 'prize'])
      .where('lottery_draw_id', '=', drawId)
      .where('product_code', '=', productCode)
      .where(sql<boolean>`status in (2, 8)`)
      .orderBy('id')
      .execute();
  },

  async lock(trx: Tx, ids: readonly number[]) {
    if (ids.length) await trx.selectFrom('orders').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  },

  /** One order's settlement step, conditional on the state the run saw (a concurrent run gets nothing back). */
  update(trx: Tx, item: LotterySettledUpdate, at: Date) {
    let query = trx
      .updateTable('orders')
      .set({ draw_result: JSON.stringify(item.drawResult), prize: item.prize, hold: item.hold, settled_at: item.settled ? at : null, updated_at: at })
      .where('id', '=', item.id)
      .where('settled_at', 'is', null)
      .where(sql<boolean>`status in (2, 8)`);
    query = item.expectHold === null ? query.where('hold', 'is', null).where('draw_result', 'is', null) : query.where('hold', '=', item.expectHold);
    return query.returning(['id', 'user_id', 'status', 'trial', 'updated_at', 'prize']).executeTakeFirst();
  },

  async holdLargeWin(trx: Tx, orderId: number, stage: 'fixed' | 'pool', points: number, prize: unknown, at: Date) {
    await trx.insertInto('lottery_large_wins').values({ order_id: orderId, stage, points, prize: JSON.stringify(prize), held_at: at }).onConflict((oc) => oc.columns(['order_id', 'stage']).doNothing()).execute();
  },

  /** Held wins not yet released, oldest first. */
  openLargeWins(db: Executor, limit: number) {
    return db
      .selectFrom('lottery_large_wins')
      .innerJoin('orders', 'orders.id', 'lottery_large_wins.order_id')
      .select(['lottery_large_wins.order_id', 'lottery_large_wins.stage', 'lottery_large_wins.points', 'lottery_large_wins.prize', 'lottery_large_wins.held_at', 'orders.user_id', 'orders.product_code', 'orders.issue'])
      .where('lottery_large_wins.released_at', 'is', null)
      .orderBy('lottery_large_wins.held_at')
      .limit(limit)
      .execute();
  },

  /** Claims an open large win of an order (locked), or nothing when there is none or it was released. */
  claimLargeWin(trx: Tx, orderId: number) {
    return trx.selectFrom('lottery_large_wins').selectAll().where('order_id', '=', orderId).where('released_at', 'is', null).orderBy('stage').limit(1).forUpdate().executeTakeFirst();
  },

  async markReleased(trx: Tx, orderId: number, stage: 'fixed' | 'pool', by: number, at: Date) {
    await trx.updateTable('lottery_large_wins').set({ released_at: at, released_by: by }).where('order_id', '=', orderId).where('stage', '=', stage).execute();
  },

  /** The order's settlement record and owner, locked (a release reads whether a pool amount is still out, and whose win it is). */
  orderRecord(trx: Tx, orderId: number) {
    return trx.selectFrom('orders').select(['id', 'user_id', 'draw_result']).where('id', '=', orderId).forUpdate().executeTakeFirst();
  },

  /** After a release: the order leaves `large_win` (to `pending_amount` while a pool amount is still out, else settled). */
  release(trx: Tx, orderId: number, addPoints: number, stillPending: boolean, at: Date) {
    return trx
      .updateTable('orders')
      .set({ prize: sql`coalesce(prize, 0) + ${addPoints}`, hold: stillPending ? 'pending_amount' : null, settled_at: stillPending ? null : at, updated_at: at })
      .where('id', '=', orderId)
      .where('hold', '=', 'large_win')
      .returning(['id', 'user_id', 'status', 'trial', 'updated_at', 'prize', 'draw_result'])
      .executeTakeFirst();
  },

  /**
   * Drawn lottery draws with orders left to settle: never settled, or waiting on a pool amount
   * that has been entered since (so a draw nobody has amounts for is not re-run every sweep).
   */
  drawsToSettle: (db: Executor, limit: number) =>
    drawnWithUnsettledOrders(
      db,
      'lottery_draws',
      limit,
      sql<boolean>`((orders.hold is null and orders.draw_result is null)
        or (orders.hold = 'pending_amount' and exists (select 1 from lottery_draw_divisions d
              where d.draw_id = orders.lottery_draw_id and d.updated_at > orders.updated_at)))`,
    ),
};
