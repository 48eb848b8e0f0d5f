import { type Kysely, sql } from 'kysely';

/**
 * Issue 28: nobody creates or moves money alone (docs/money-controls.md).
 *
 * - `deposits.refund_ref` / `refund_requested_at`: a refund is claimed on the deposit, under one
 *   reference, before the provider is asked, so two clicks reach the provider once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deposits').addColumn('refund_ref', 'text').addColumn('refund_requested_at', 'timestamptz').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
