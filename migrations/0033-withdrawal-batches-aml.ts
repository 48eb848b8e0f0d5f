import { sql, type Kysely } from 'kysely';

/**
 * Issue 33, items 3 and the batch file recorded once (docs/withdrawals.md):
 * - `withdrawal_batches`: each export of the bank-transfer file is a batch, its file kept byte for
 *   byte (a re-download is the same file), its total, and — once the bank has paid it — the bank's reference.
 * - `withdrawals.batch_id`: each withdrawal in at most one batch (the export's conditional update
 *   claims only rows still without one).
 * - `withdrawals.aml_flags`: the anti-money-laundering rules a request matched (null: none), and who
 *   acknowledged them before approving.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawal_batches')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 0`))
    .addColumn('total_points', 'bigint', (c) => c.notNull())
    .addColumn('total_payout', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('paid_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('paid_reference', 'text')
    .execute();

  await db.schema.alterTable('withdrawals').addColumn('batch_id', 'bigint', (c) => c.references('withdrawal_batches.id')).execute();
  await db.schema.alterTable('withdrawals').addColumn('aml_flags', 'jsonb').execute();
  await db.schema.alterTable('withdrawals').addColumn('aml_acknowledged_by', 'bigint', (c) => c.references('users.id')).execute();
  await db.schema.alterTable('withdrawals').addColumn('aml_acknowledged_at', 'timestamptz').execute();
  await db.schema.createIndex('withdrawals_batch').on('withdrawals').columns(['batch_id', 'id']).where(sql.ref('batch_id'), 'is not', null).execute();
  // The AML rule "a changed bank account" reads a member's approved checks, newest first.
  await db.schema.createIndex('kyc_submissions_approved').on('kyc_submissions').columns(['user_id', 'reviewed_at']).where(sql.ref('state'), '=', 'approved').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
