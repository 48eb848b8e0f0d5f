import { type Kysely, sql } from 'kysely';

/**
 * Operator wallet adjustments: who changed whose points, by how much and why. Each row is the
 * cause its ledger entry points at (kind 'adjustment', ref 'adjustment':<id>), and keeps the
 * outcome: queued → applied, or queued → refused (a debit that would have overdrawn).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('adjustments')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('operator_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('account', 'text', (c) => c.notNull().check(sql`account in ('real', 'trial')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'applied', 'refused')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('adjustments_user').on('adjustments').columns(['user_id', 'id desc']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
