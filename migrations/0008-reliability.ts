import { type Kysely, sql } from 'kysely';

/**
 * What keeps the platform around the books exactly-once when Redis, a process or the gateway fails.
 *
 * - `platform_identity`: one row, a UUID drawn when this database was first migrated. Every name
 *   this deployment writes into shared infrastructure (BullMQ prefixes, Redis keys, bus channels,
 *   purchase references sent to the gateway) carries it, so a second deployment on the same Redis,
 *   or this database reset while Redis keeps its history, never collides with ours.
 * - `outbox`: follow-up work (jobs to queue, events to push) written in the same transaction as
 *   the change that causes it and drained to the queue and the bus by every process. A request
 *   whose money moved never fails because Redis is away: the row waits until it is back.
 *   `locked_until` is a lease: a drainer that dies mid-row leaves it to the next one.
 * - `scheduler_heartbeats`: when each repeatable job (keno scheduling, reconcilers, sweeps, odds
 *   polling, housekeeping) last ran, so `/api/health` can say which one stalled.
 * - `order_flags`: orders the back office must look at — a ticket bought after the order was
 *   refused or refunded, a purchase whose outcome the gateway could not tell. One per order and kind.
 * - `simulated_operator_tickets`: the simulated lottery operator's own records (the other side of
 *   `PURCHASE_GATEWAY=simulated`): which purchase references it sold a ticket for. It stands in
 *   for an external system; nothing in our books reads it except through the gateway interface.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('platform_identity')
    .addColumn('singleton', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`singleton`))
    .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into platform_identity default values`.execute(db);

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('effects', 'jsonb', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_available').on('outbox').columns(['available_at', 'id']).execute();

  await db.schema
    .createTable('scheduler_heartbeats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('every_ms', 'integer', (c) => c.notNull())
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_tick_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('order_flags')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('bought_after_refund', 'purchase_in_doubt')`))
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addUniqueConstraint('order_flags_one_per_kind', ['order_id', 'kind'])
    .execute();

  await db.schema
    .createTable('simulated_operator_tickets')
    .addColumn('purchase_ref', 'text', (c) => c.primaryKey())
    .addColumn('ticket_ref', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('issue', 'text', (c) => c.notNull())
    .addColumn('sold_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
