import { type Kysely, sql } from 'kysely';

/**
 * Issue 31 items 4 and 5: finding orders and reconciling a day (docs/back-office.md).
 *
 * - `reconciliation_runs`: one row per day the nightly job (or a supervisor) reconciled, in the
 *   time zone it was reconciled in (REPORT_TIME_ZONE), with the figures it found. The job runs
 *   hourly and reconciles every finished day without a run, so a day missed while the workers were
 *   down (or Redis lost its schedule) is done at the next tick.
 * - `reconciliation_mismatches`: each mismatch a run found, once per day, check and cause
 *   (`ref_type`/`ref_id`: the deposit, order, adjustment, PIN, wallet or ledger row it is about).
 *   Open ones (`resolved_at` null) are the order queue's `reconciliation_mismatch` items.
 * - Indexes for the order search (product, day) and the daily report (ledger, deposits and PINs by day).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reconciliation_runs')
    .addColumn('date', 'date', (c) => c.primaryKey())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('ran_at', 'timestamptz', (c) => c.notNull())
    .addColumn('figures', 'jsonb', (c) => c.notNull())
    .addColumn('mismatches', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reconciliation_mismatches')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('check', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('expected', 'bigint')
    .addColumn('actual', 'bigint')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('found_at', 'timestamptz', (c) => c.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .addUniqueConstraint('reconciliation_mismatches_once', ['date', 'check', 'cause', 'ref_type', 'ref_id'])
    .execute();
  await db.schema.createIndex('reconciliation_mismatches_open').on('reconciliation_mismatches').column('found_at').where(sql.ref('resolved_at'), 'is', null).execute();
  await db.schema.createIndex('orders_product_id').on('orders').columns(['product_code', 'id desc']).execute();
  await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
  await db.schema.createIndex('ledger_created').on('ledger').column('created_at').execute();
  await db.schema.createIndex('deposits_paid').on('deposits').column('paid_at').where(sql.ref('paid_at'), 'is not', null).execute();
  await db.schema.createIndex('pins_redeemed').on('pins').column('redeemed_at').where(sql.ref('redeemed_at'), 'is not', null).execute();
  await db.schema.createIndex('adjustments_settled').on('adjustments').column('settled_at').where(sql.ref('settled_at'), 'is not', null).execute();
  await db.schema.createIndex('order_status_history_at').on('order_status_history').column('at').where(sql.ref('to'), '=', 9).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['order_status_history_at', 'adjustments_settled', 'pins_redeemed', 'deposits_paid', 'ledger_created', 'orders_created', 'orders_product_id']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('reconciliation_mismatches').execute();
  await db.schema.dropTable('reconciliation_runs').execute();
}
