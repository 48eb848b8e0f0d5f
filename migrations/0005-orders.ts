import { type Kysely, sql } from 'kysely';

/**
 * Orders (API.md "Orders") and their status history. `status` is the spec's code: 0 pending
 * confirmation, 1 purchase processing, 2 purchase successful, 8 trial-play order, 9 timeout
 * (refunded). Every change is a conditional UPDATE on the current status plus one history row.
 * Idempotency of placement is the idempotency_keys row written in the same transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('issue', 'text', (c) => c.notNull())
    .addColumn('draw_id', 'bigint', (c) => c.notNull().references('draws.id'))
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status in (0, 1, 2, 8, 9)`))
    .addColumn('trial', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('multiplier', 'integer', (c) => c.notNull())
    .addColumn('plays', 'jsonb', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull().check(sql`units > 0`))
    .addColumn('points_spent', 'bigint', (c) => c.notNull().check(sql`points_spent > 0`))
    .addColumn('stake', 'jsonb', (c) => c.notNull())
    .addColumn('ticket_ref', 'text')
    .addColumn('sales_close_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('purchased_at', 'timestamptz')
    .addColumn('prize', 'bigint')
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'id desc']).execute();
  // What the reconciler scans: the orders not yet in a final purchase state.
  await db.schema.createIndex('orders_open').on('orders').columns(['status', 'sales_close_at']).where(sql<boolean>`status in (0, 1)`).execute();
  await db.schema
    .createTable('order_status_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('from', 'smallint')
    .addColumn('to', 'smallint', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order').on('order_status_history').column('order_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
