import { type Kysely, sql } from 'kysely';

/**
 * Issue 33 item 2, the refund rail: deposited points not yet played go back to the deposit's own
 * method, as a refund of its payment (docs/withdrawals.md "Stripe refund").
 *
 * - `withdrawals.method` gains `stripe_refund`; such a withdrawal names its `deposit_id` (a Stripe
 *   deposit of the same member), and only such a withdrawal names one.
 * - `refund_claimed_at`: set, under the withdrawal's own conditional update, before Stripe is asked;
 *   a second click while it is set asks Stripe what became of the first (by the refund's metadata)
 *   before it may ask again under the same idempotency key.
 * - Two requests against one deposit run under the deposit row's lock (withdrawals/refunds.ts), so
 *   together they never take more than its points; the index finds a deposit's refunds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table withdrawals drop constraint withdrawals_method_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_method_check check (method in ('bank_transfer', 'stripe_refund'))`.execute(db);
  await db.schema
    .alterTable('withdrawals')
    .addColumn('deposit_id', 'bigint', (c) => c.references('deposits.id'))
    .addColumn('refund_claimed_at', 'timestamptz')
    .execute();
  await sql`alter table withdrawals add constraint withdrawals_refund_names_deposit check ((method = 'stripe_refund') = (deposit_id is not null))`.execute(db);
  await db.schema.createIndex('withdrawals_deposit').on('withdrawals').column('deposit_id').where('deposit_id', 'is not', null).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
