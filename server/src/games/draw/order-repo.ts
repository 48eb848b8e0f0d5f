import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The draw-lottery queries of the order pipeline (the draws themselves belong to the draw feature). */
export const drawOrdersRepo = {
  /** The member's orders of one multi-draw group, in draw order. */
  group(db: Executor, userId: number, groupId: string) {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('lottery_draw_id', 'is not', null)
      .where(sql<boolean>`plays->'group'->>'id' = ${groupId}`)
      .orderBy('id')
      .execute();
  },
};
