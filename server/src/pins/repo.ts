import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

export const pinsRepo = {
  /**
   * `exportedAt`: the codes were handed out at issue (the CLI, `POST /admin/pins`), so the batch has
   * no CSV export left. `createdAt`: the platform's clock, which the rolling-day sums compare with.
   */
  insertBatch(db: Executor, batch: { count: number; points: number; createdBy: number | null; createdAt: Date; approval: 'not_needed' | 'pending'; expiresAt: Date | null; note: string | null; exportedAt: Date | null }) {
    return db
      .insertInto('pin_batches')
      .values({
        count: batch.count,
        points: batch.points,
        created_by: batch.createdBy,
        created_at: batch.createdAt,
        approval: batch.approval,
        expires_at: batch.expiresAt,
        note: batch.note,
        exported_at: batch.exportedAt,
        exported_by: batch.exportedAt ? batch.createdBy : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** GP hundredths of codes `issuer` (`null`: the system) issued since `since`, approved or not, voided or not: the daily cap's count. */
  async issuedSince(db: Executor, issuer: number | null, since: Date) {
    const row = await db
      .selectFrom('pin_batches')
      .select(sql<string>`coalesce(sum(count::bigint * points), 0)`.as('total'))
      .where(sql<boolean>`created_by is not distinct from ${issuer}::bigint`)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  },

  /** A pending batch approved by `by`, conditional on `pending`: of two approvals one wins. */
  approve(db: Executor, batchId: number, by: number, at: Date) {
    return db.updateTable('pin_batches').set({ approval: 'approved', approved_by: by, approved_at: at }).where('id', '=', batchId).where('approval', '=', 'pending').returning(['id', 'count', 'points']).executeTakeFirst();
  },

  /**
   * Whether `userId` may not redeem this code because it is theirs to handle: a staff account (staff
   * never credit their own member account), or the issuer, approver or exporter of its batch (should
   * they be a member again). Undefined when the code names no PIN.
   */
  async handledBy(db: Executor, codeHash: string, userId: number) {
    const row = await db
      .selectFrom('pins')
      .innerJoin('pin_batches as b', 'b.id', 'pins.batch_id')
      .select(['b.created_by', 'b.approved_by', 'b.exported_by'])
      .where('pins.code_hash', '=', codeHash)
      .executeTakeFirst();
    const redeemer = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
    const staff = redeemer?.role === 'operator' || redeemer?.role === 'supervisor';
    if (!row) return staff;
    return staff || [row.created_by, row.approved_by, row.exported_by].some((id) => id !== null && id === userId);
  },

  /** `sealed[i]`: the code of `hashes[i]`, sealed until the batch's one export; absent when the codes were already handed out. */
  insertPins(db: Executor, batchId: number, points: number, hashes: string[], sealed?: string[]) {
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
  claim(db: Executor, codeHash: string, userId: number, at: Date) {
    return db
      .updateTable('pins')
      .set({ redeemed_by: userId, redeemed_at: at, code_sealed: null })
      .where('code_hash', '=', codeHash)
      .where('redeemed_at', 'is', null)
      .where('voided_at', 'is', null)
      // Not expired, and not waiting for a second supervisor (its codes are sealed and unknown anyway).
      .where('batch_id', 'in', (eb) =>
        eb
          .selectFrom('pin_batches')
          .select('id')
          .where('approval', '<>', 'pending')
          .where((w) => w.or([w('expires_at', 'is', null), w('expires_at', '>', at)])),
      )
      .returning(['id', 'points'])
      .executeTakeFirst();
  },

  /** Whether the code was redeemed (a voided, expired or unknown code is not: those read as `pin_not_found`). */
  redeemed(db: Executor, codeHash: string) {
    return db.selectFrom('pins').select('id').where('code_hash', '=', codeHash).where('redeemed_at', 'is not', null).executeTakeFirst();
  },

  /** The newest batches (or the one `batchId`) with their redeemed and voided counts and who issued them. */
  listBatches(db: Executor, limit: number, batchId?: number) {
    return db
      .selectFrom('pin_batches as b')
      .leftJoin('users as u', 'u.id', 'b.created_by')
      .leftJoin('users as a', 'a.id', 'b.approved_by')
      .select(['b.id', 'b.count', 'b.points', 'b.note', 'b.expires_at', 'b.created_at', 'b.created_by', 'b.exported_at', 'b.voided_at', 'b.approval', 'b.approved_at', 'u.name as created_by_name', 'a.name as approved_by_name'])
      .select((eb) => [
        eb.selectFrom('pins').select(sql<string>`count(*)`.as('n')).whereRef('pins.batch_id', '=', 'b.id').where('pins.redeemed_at', 'is not', null).as('redeemed'),
        eb.selectFrom('pins').select(sql<string>`count(*)`.as('n')).whereRef('pins.batch_id', '=', 'b.id').where('pins.voided_at', 'is not', null).as('voided'),
      ])
      .$if(batchId !== undefined, (q) => q.where('b.id', '=', batchId!))
      .orderBy('b.id', 'desc')
      .limit(limit)
      .execute();
  },

  listBatchesById(db: Executor, batchId: number) {
    return pinsRepo.listBatches(db, 1, batchId);
  },

  findBatch(db: Executor, batchId: number) {
    return db.selectFrom('pin_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
  },

  /** Marks the batch exported — conditional, so of concurrent exports exactly one gets the row. */
  markExported(db: Executor, batchId: number, staffId: number, at: Date) {
    return db.updateTable('pin_batches').set({ exported_at: at, exported_by: staffId }).where('id', '=', batchId).where('exported_at', 'is', null).returning(['id', 'points', 'expires_at']).executeTakeFirst();
  },

  /** The sealed codes still held for a batch (unredeemed, not voided), then forgotten: they leave the database with the export. */
  async takeSealedCodes(db: Executor, batchId: number) {
    const rows = await db.selectFrom('pins').select(['id', 'code_sealed']).where('batch_id', '=', batchId).where('code_sealed', 'is not', null).orderBy('id').execute();
    await db.updateTable('pins').set({ code_sealed: null }).where('batch_id', '=', batchId).where('code_sealed', 'is not', null).execute();
    return rows.map((r) => r.code_sealed!);
  },

  /** Voids the codes of a batch nobody has redeemed (redeemed ones stay); returns how many were voided now. */
  async voidUnredeemed(db: Executor, batchId: number, staffId: number, at: Date) {
    const voided = await db.updateTable('pins').set({ voided_at: at, code_sealed: null }).where('batch_id', '=', batchId).where('redeemed_at', 'is', null).where('voided_at', 'is', null).executeTakeFirst();
    await db.updateTable('pin_batches').set({ voided_at: at, voided_by: staffId }).where('id', '=', batchId).where('voided_at', 'is', null).execute();
    return Number(voided.numUpdatedRows);
  },
};
