import { type Kysely, sql } from 'kysely';

/**
 * Keno draws, created ahead of time by the draw scheduler. `seed_hash` (sha256 of the seed) is
 * public from the start; `seed` stays server-side until the result is published with it, so anyone
 * can check that a simulated result was fixed before sales closed. `status` moves once:
 * scheduled → drawn (or void), by a conditional update.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('draws')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('issue', 'text', (c) => c.notNull())
    .addColumn('sales_open_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sales_close_at', 'timestamptz', (c) => c.notNull())
    .addColumn('draw_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'drawn', 'void')`))
    .addColumn('seed_hash', 'text', (c) => c.notNull())
    .addColumn('seed', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('result_source', 'text', (c) => c.check(sql`result_source in ('simulated', 'manual')`))
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('draws_product_issue', ['product_code', 'issue'])
    .execute();
  await db.schema.createIndex('draws_product_draw_at').on('draws').columns(['product_code', 'draw_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
