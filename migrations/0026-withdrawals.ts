import { type Kysely, sql } from 'kysely';

/**
 * Issue 33 (winnings out), first slice: identity checks and withdrawals (docs/withdrawals.md).
 *
 * - `ledger.kind` gains `withdrawal`: a request's hold (negative, ref `withdrawal:<id>`) and, when
 *   it is rejected or cancelled, its return (positive, ref `withdrawal-return:<id>`); the unique
 *   cause index makes each post once.
 * - `kyc_submissions`: an identity document, a selfie (storage keys, never a member's file name)
 *   and the bank account in the member's own name; at most one `pending` per member (partial
 *   unique index), reviewed by staff: `approved`, `rejected` (with a reason) or `more_needed`.
 * - `withdrawals`: what was held, the fee, what is paid out and in which currency, the bank
 *   account copied from the approved submission (a later submission does not change where a
 *   request is paid), and each step's who and when. States: requested → approved → paid, or
 *   rejected / cancelled. `first_approved_by`: the first of two approvals a large one needs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger drop constraint ledger_kind_check`.execute(db);
  await sql`alter table ledger add constraint ledger_kind_check check (kind in ('deposit', 'pin', 'order', 'refund', 'prize', 'adjustment', 'withdrawal'))`.execute(db);

  await db.schema
    .createTable('kyc_submissions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending').check(sql`state in ('pending', 'approved', 'rejected', 'more_needed')`))
    .addColumn('document_key', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('selfie_key', 'text', (c) => c.notNull())
    .addColumn('selfie_type', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('reviewed_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kyc_submissions_user').on('kyc_submissions').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('kyc_one_pending').on('kyc_submissions').column('user_id').unique().where(sql.ref('state'), '=', 'pending').execute();
  await db.schema.createIndex('kyc_submissions_state').on('kyc_submissions').columns(['state', 'id']).execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('bank_transfer')`))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('requested').check(sql`state in ('requested', 'approved', 'paid', 'rejected', 'cancelled')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('payout', 'bigint', (c) => c.notNull().check(sql`payout > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('kyc_id', 'bigint', (c) => c.notNull().references('kyc_submissions.id'))
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('first_approved_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('first_approved_at', 'timestamptz')
    .addColumn('approved_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('paid_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('paid_reference', 'text')
    .addColumn('closed_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('withdrawals_state').on('withdrawals').columns(['state', 'id']).execute();
  // The approver's rolling-day sum (staff/money-bound.ts) reads approvals made alone.
  await db.schema.createIndex('withdrawals_approver_day').on('withdrawals').columns(['approved_by', 'approved_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
