import { type Kysely, sql } from 'kysely';

/**
 * Issue 33 item 4, the documents of a big-win claim (docs/withdrawals.md "Big-win claims"): what
 * the member sends for the operator's claim (identity document, signed claim form…), stored through
 * `platform/storage.ts` under our own keys (`claims/<yyyy-mm>/…`).
 *
 * - `claim_documents`: one row per file, with the member's file name (shown back, never a key),
 *   its real type (recognised by its bytes), size and when it came. A claim holds at most
 *   CLAIM_DOCUMENT_LIMIT (common/src/schemas/claims.ts), counted under the claim row's lock.
 * - `files_delete_after` / `files_deleted_at`: the identity files' schedule after an account closes
 *   (KYC_FILE_RETENTION_DAYS, the hourly `kyc-files` job); the row stays, the bytes go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('claim_documents')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('claim_id', 'bigint', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 120`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('files_delete_after', 'timestamptz')
    .addColumn('files_deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('claim_documents_claim').on('claim_documents').columns(['claim_id', 'id']).execute();
  await db.schema.createIndex('claim_documents_user').on('claim_documents').columns(['user_id']).execute();
  await db.schema
    .createIndex('claim_documents_files_due')
    .on('claim_documents')
    .columns(['files_delete_after'])
    .where(sql.ref('files_deleted_at'), 'is', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
