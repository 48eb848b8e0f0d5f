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
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
