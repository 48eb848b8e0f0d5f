import type { Executor, Tx } from '../db/database.ts';

const COLUMNS = ['id', 'claim_id', 'user_id', 'name', 'content_type', 'size', 'storage_key', 'created_at', 'files_deleted_at'] as const;

/** The files members send for their big-win claims (migration 0036). */
export const claimDocumentsRepo = {
  /** The claim's row under its lock: uploads to one claim are counted and recorded one at a time. */
  lockClaim(trx: Tx, claimId: number) {
    return trx.selectFrom('claims').select(['id', 'user_id', 'step']).where('id', '=', claimId).forUpdate().executeTakeFirst();
  },

  async count(db: Executor, claimId: number) {
    const row = await db.selectFrom('claim_documents').select((eb) => eb.fn.countAll<string>().as('n')).where('claim_id', '=', claimId).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insert(trx: Tx, row: { claimId: number; userId: number; name: string; contentType: string; size: number; storageKey: string; at: Date }) {
    return trx
      .insertInto('claim_documents')
      .values({ claim_id: row.claimId, user_id: row.userId, name: row.name, content_type: row.contentType, size: row.size, storage_key: row.storageKey, created_at: row.at })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  ofClaims(db: Executor, claimIds: readonly number[]) {
    if (!claimIds.length) return Promise.resolve([]);
    return db.selectFrom('claim_documents').select(COLUMNS).where('claim_id', 'in', claimIds).orderBy('id').execute();
  },

  find(db: Executor, claimId: number, documentId: number) {
    return db.selectFrom('claim_documents').select(COLUMNS).where('id', '=', documentId).where('claim_id', '=', claimId).executeTakeFirst();
  },

  /** At closure: every document of the member is to be deleted after `after` (those already deleted stay as they are). */
  scheduleFileDeletion(trx: Tx, userId: number, after: Date) {
    return trx.updateTable('claim_documents').set({ files_delete_after: after }).where('user_id', '=', userId).where('files_deleted_at', 'is', null).returning('id').execute();
  },

  /** Documents whose files are due for deletion at `at`, oldest due first (the partial index `claim_documents_files_due`). */
  filesDue(db: Executor, at: Date, limit: number) {
    return db
      .selectFrom('claim_documents')
      .select(['id', 'storage_key'])
      .where('files_delete_after', '<=', at)
      .where('files_deleted_at', 'is', null)
      .orderBy('files_delete_after')
      .limit(limit)
      .execute();
  },

  markFilesDeleted(db: Executor, id: number, at: Date) {
    return db.updateTable('claim_documents').set({ files_deleted_at: at }).where('id', '=', id).where('files_deleted_at', 'is', null).returning('id').executeTakeFirst();
  },
};

export type ClaimDocumentRow = Awaited<ReturnType<typeof claimDocumentsRepo.ofClaims>>[number];
