import { type Kysely, sql } from 'kysely';

/**
 * Issue 28: nobody creates or moves money alone (docs/money-controls.md).
 *
 * - `deposits.refund_ref` / `refund_requested_at`: a refund is claimed on the deposit, under one
 *   reference, before the provider is asked, so two clicks reach the provider once.
 * - `pin_batches.approval`: `not_needed` (within its issuer's rolling-day bound), `pending` (a
 *   second supervisor must approve it before its export) or `approved` (`approved_by`, `approved_at`).
 *   Batches issued before this migration needed none.
 * - Indexes for the rolling-day sums: a staff member's adjustments and PIN batches, a member's adjustments.
 * - `staff_enrolment_links`: the single-use links that let a staff member enrol their authenticator
 *   (issued by `npm run staff` or by a supervisor); the password alone no longer does. Only a keyed
 *   hash of the token is kept; `used_at` is set once, when the enrolment completes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deposits').addColumn('refund_ref', 'text').addColumn('refund_requested_at', 'timestamptz').execute();

  await db.schema
    .alterTable('pin_batches')
    .addColumn('approval', 'text', (c) => c.notNull().defaultTo('not_needed').check(sql`approval in ('not_needed', 'pending', 'approved')`))
    .addColumn('approved_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('approved_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('pin_batches_issuer').on('pin_batches').columns(['created_by', 'created_at']).execute();
  await db.schema.createIndex('adjustments_operator_day').on('adjustments').columns(['operator_id', 'created_at']).execute();
  await db.schema.createIndex('adjustments_member_day').on('adjustments').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('staff_enrolment_links')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('issued_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('staff_enrolment_links_user').on('staff_enrolment_links').column('user_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
