import { type Kysely, sql } from 'kysely';

/**
 * Issue 32 item 5 and issue 33 item 1 (docs/responsible-play.md "Your account",
 * docs/withdrawals.md "Identity files after closure"):
 *
 * - `users.closed_at`: the member closed their account (`POST /api/me/close`). Sign-in answers
 *   `account_closed` from then on; the row and its history stay (bookkeeping, and the export).
 * - `kyc_submissions.files_delete_after`: set at closure to closure + KYC_FILE_RETENTION_DAYS; the
 *   hourly job deletes both files through the storage then and records `files_deleted_at` (the row
 *   keeps the bank account and the decision: the withdrawals that paid to it refer to it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('closed_at', 'timestamptz').execute();
  await db.schema.alterTable('kyc_submissions').addColumn('files_delete_after', 'timestamptz').addColumn('files_deleted_at', 'timestamptz').execute();
  // The deletion job's sweep: submissions whose files are due and not yet deleted.
  await db.schema
    .createIndex('kyc_files_due')
    .on('kyc_submissions')
    .column('files_delete_after')
    .where(sql.ref('files_deleted_at'), 'is', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
