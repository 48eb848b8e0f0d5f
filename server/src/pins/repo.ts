import type { Executor } from '../db/database.ts';

export const pinsRepo = {
  insertBatch(db: Executor, batch: { count: number; points: number; createdBy: string | null }) {
    return db
      .insertInto('pin_batches')
      .values({ count: batch.count, points: batch.points, created_by: batch.createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  insertPins(db: Executor, batchId: string, points: number, hashes: string[]) {
    return db
      .insertInto('pins')
      .values(hashes.map((code_hash) => ({ batch_id: batchId, code_hash, points })))
      .execute();
  },

  /**
   * Claims an unredeemed PIN for a member. Conditional on `redeemed_at is null`: of any number of
   * concurrent claims exactly one updates the row; the others find no row to update.
   */
  claim(db: Executor, codeHash: string, userId: string, at: Date) {
    return db
      .updateTable('pins')
      .set({ redeemed_by: userId, redeemed_at: at })
      .where('code_hash', '=', codeHash)
      .where('redeemed_at', 'is', null)
      .returning(['id', 'points'])
      .executeTakeFirst();
  },

  exists(db: Executor, codeHash: string) {
    return db.selectFrom('pins').select('id').where('code_hash', '=', codeHash).executeTakeFirst();
  },
};
