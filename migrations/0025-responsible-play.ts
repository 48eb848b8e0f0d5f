import { type Kysely, sql } from 'kysely';

/**
 * Issue 32 (responsible play, first slice; docs/responsible-play.md): the member's own financial
 * limits (RTS 12), time-outs and self-exclusion (LCCP 3.5) and the date of birth (age check).
 *
 * - `users.birth_date`: declared at sign-up (or, for a messaging-app sign-up, once before playing);
 *   `users.age_verified_at`: when the age was checked against a document (null: declared only).
 * - `pending_signups.birth_date`: step 1 of sign-up carries it to the account step 2 makes.
 * - `play_states`: one row per member who has set a limit or taken a break. It is also the row
 *   every charge checked against a limit locks (`for update`), so a member's deposits and orders
 *   are checked one at a time. A break is never shortened: the columns only move forward.
 * - `play_limits`: the limit in force per kind and period, and a pending raise or removal with
 *   the time it may be confirmed from (24 h cooling-off, then the member confirms again).
 * - `play_limit_changes`, `play_breaks`: the history of both (kept for the staff view and audits).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('birth_date', 'date').addColumn('age_verified_at', 'timestamptz').execute();
  await db.schema.alterTable('pending_signups').addColumn('birth_date', 'date').execute();

  await db.schema
    .createTable('play_states')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('time_out_until', 'timestamptz')
    .addColumn('exclusion_started_at', 'timestamptz')
    .addColumn('exclusion_until', 'timestamptz')
    .addColumn('return_requested_at', 'timestamptz')
    .addColumn('returned_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('play_limits')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('deposit', 'spend', 'loss')`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('day', 'week', 'month')`))
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    .addColumn('pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pending_amount', 'bigint', (c) => c.check(sql`pending_amount > 0`))
    .addColumn('pending_requested_at', 'timestamptz')
    .addColumn('pending_effective_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('play_limits_pk', ['user_id', 'kind', 'period'])
    .execute();

  await db.schema
    .createTable('play_limit_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('old_amount', 'bigint')
    .addColumn('new_amount', 'bigint')
    .addColumn('change', 'text', (c) => c.notNull().check(sql`change in ('lowered', 'requested', 'confirmed', 'cancelled')`))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('effective_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('play_limit_changes_user').on('play_limit_changes').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('play_breaks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('time_out', 'self_exclusion', 'return_requested', 'returned')`))
    .addColumn('period', 'text')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('play_breaks_user').on('play_breaks').columns(['user_id', 'id']).execute();

  // The spend and loss limits add up a member's orders by the time they were placed.
  // The deposit limits count redeemed PINs as deposits, by member and time.
  await db.schema.createIndex('pins_redeemed_by').on('pins').columns(['redeemed_by', 'redeemed_at']).where(sql.ref('redeemed_by'), 'is not', null).execute();
  await db.schema.createIndex('orders_user_placed_at').on('orders').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_user_placed_at').execute();
  await db.schema.dropIndex('pins_redeemed_by').execute();
  for (const table of ['play_breaks', 'play_limit_changes', 'play_limits', 'play_states']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('pending_signups').dropColumn('birth_date').execute();
  await db.schema.alterTable('users').dropColumn('birth_date').dropColumn('age_verified_at').execute();
}
