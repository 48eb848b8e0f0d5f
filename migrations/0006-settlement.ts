import { type Kysely, sql } from 'kysely';

/**
 * Keno settlement. `draw_result` keeps how the order fared line by line (what matched, caps);
 * `prize` (GP hundredths) and `settled_at` already exist. An order is settled once: the
 * settlement's UPDATE is conditional on `settled_at is null`, and the prize's ledger entry is
 * unique per cause (prize, order, id). The partial index is what the settlement sweep scans.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('draw_result', 'jsonb').execute();
  await db.schema
    .createIndex('orders_unsettled')
    .on('orders')
    .column('draw_id')
    .where(sql<boolean>`status in (2, 8) and settled_at is null`)
    .execute();
  await db.schema.createIndex('orders_draw').on('orders').column('draw_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
