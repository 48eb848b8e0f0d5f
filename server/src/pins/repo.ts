import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

export const pinsRepo = {
  /** `exported`: the codes were handed out at issue (the CLI, `POST /admin/pins`), so the batch has no CSV export left. */
  insertBatch(db: Executor, batch: { count: number; points: number; createdBy: string | null; expiresAt?: Date | null; note?: string | null; exportedAt?: Date | null }) {
    return db
      .insertInto('pin_batches')
      .values({ count: batch.count, points: batch.points, created_by: batch.createdBy, expires_at: batch.expiresAt ?? null, note: batch.note ?? null, exported_at: batch.exportedAt ?? null, exported_by: batch.exportedAt ? batch.createdBy : null })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** `sealed[i]`: the code of `hashes[i]`, sealed until the batch's one export; absent when the codes were already handed out. */
  insertPins(db: Executor, batchId: string, points: number, hashes: string[], sealed?: string[]) {
    return db
      .insertInto('pins')
      .values(hashes.map((code_hash, i) => ({ batch_id: batchId, code_hash, points, code_sealed: sealed?.[i] ?? null })))
      .execute();
  },

  /**
   * Claims an unredeemed PIN for a member. Conditional on `redeemed_at is null` and `voided_at is
   * null`, and on its batch not having expired: of any number of concurrent claims (or a claim
   * racing a void) exactly one updates the row; the others find no row to update.
   */
  claim(db: Executor, codeHash: string, userId: string, at: Date) {
    return db
      .updateTable('pins')
      .set({ redeemed_by: userId, redeemed_at: at, code_sealed: null })
      .where('code_hash', '=', codeHash)
      .where('redeemed_at', 'is', null)
      .where('voided_at', 'is', null)
      .where('batch_id', 'in', (eb) => eb.selectFrom('pin_batches').select('id').where((w) => w.or([w('expires_at', 'is', null), w('expires_at', '>', at)])))
      .returning(['id', 'points'])
      .executeTakeFirst();
  },

  /** Whether the code was redeemed (a voided, expired or unknown code is not: those read as `pin_not_found`). */
  redeemed(db: Executor, codeHash: string) {
    return db.selectFrom('pins').select('id').where('code_hash', '=', codeHash).where('redeemed_at', 'is not', null).executeTakeFirst();
  },

  /** The newest batches (or the one `batchId`) with their redeemed and voided counts and who issued them. */
  listBatches(db: Executor, limit: number, batchId?: string) {
    return db
      .selectFrom('pin_batches as b')
      .leftJoin('users as u', 'u.id', 'b.created_by')
      .select(['b.id', 'b.count', 'b.points', 'b.note', 'b.expires_at', 'b.created_at', 'b.created_by', 'b.exported_at', 'b.voided_at', 'u.name as created_by_name'])
      .select((eb) => [
        eb.selectFrom('pins').select(sql<string>`count(*)`.as('n')).whereRef('pins.batch_id', '=', 'b.id').where('pins.redeemed_at', 'is not', null).as('redeemed'),
        eb.selectFrom('pins').select(sql<string>`count(*)`.as('n')).whereRef('pins.batch_id', '=', 'b.id').where('pins.voided_at', 'is not', null).as('voided'),
      ])
      .$if(batchId !== undefined, (q) => q.where('b.id', '=', batchId!))
      .orderBy('b.id', 'desc')
      .limit(limit)
      .execute();
  },

  listBatchesById(db: Executor, batchId: string) {
    return pinsRepo.listBatches(db, 1, batchId);
  },

  findBatch(db: Executor, batchId: string) {
    return db.selectFrom('pin_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
  },

  /** Marks the batch exported — conditional, so of concurrent exports exactly one gets the row. */
  markExported(db: Executor, batchId: string, staffId: string, at: Date) {
    return db.updateTable('pin_batches').set({ exported_at: at, exported_by: staffId }).where('id', '=', batchId).where('exported_at', 'is', null).returning(['id', 'points', 'expires_at']).executeTakeFirst();
  },

  /** The sealed codes still held for a batch (unredeemed, not voided), then forgotten: they leave the database with the export. */
  async takeSealedCodes(db: Executor, batchId: string) {
    const rows = await db.selectFrom('pins').select(['id', 'code_sealed']).where('batch_id', '=', batchId).where('code_sealed', 'is not', null).orderBy('id').execute();
    await db.updateTable('pins').set({ code_sealed: null }).where('batch_id', '=', batchId).where('code_sealed', 'is not', null).execute();
    return rows.map((r) => r.code_sealed!);
  },

  /** Voids the codes of a batch nobody has redeemed (redeemed ones stay); returns how many were voided now. */
  async voidUnredeemed(db: Executor, batchId: string, staffId: string, at: Date) {
    const voided = await db.updateTable('pins').set({ voided_at: at, code_sealed: null }).where('batch_id', '=', batchId).where('redeemed_at', 'is', null).where('voided_at', 'is', null).executeTakeFirst();
    await db.updateTable('pin_batches').set({ voided_at: at, voided_by: staffId }).where('id', '=', batchId).where('voided_at', 'is', null).execute();
    return Number(voided.numUpdatedRows);
  },
};
