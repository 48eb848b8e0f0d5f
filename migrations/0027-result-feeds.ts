import { type Kysely, sql } from 'kysely';

/**
 * Issue 31 item 1: official results from feeds (server/src/feeds, docs/result-feeds.md).
 *
 * - `draws.result_source` / `lottery_draws.result_source` also take `feeds`: a result published
 *   because two independent sources agreed, or one source and one staff confirmation.
 * - `result_held_at` on both draw tables: a reading that differs from a published result stops the
 *   draw's settlement (the settlement and its sweep skip a held draw) until staff decide.
 * - `lottery_draws.jackpot_source` also takes `feed` (a jackpot a feed reported).
 * - `result_feed_readings`: every distinct reading of a draw by a source (one row per draw, source
 *   and result), with when it was first and last seen, the pool amounts it carried and the jackpot
 *   it advertised for the next draw.
 * - `result_feed_fetches`: per product and source, the last fetch and what it answered (the
 *   console's state: ok, late, failing, disagree).
 * - `result_feed_conflicts`: a reading that contradicts a published result (or two sources that
 *   disagree before publication), open until a staff member resolves it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['draws', 'lottery_draws']) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(`${table}_result_source_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_result_source_check`)} check (result_source in ('simulated', 'manual', 'feeds'))`.execute(db);
    await db.schema.alterTable(table).addColumn('result_held_at', 'timestamptz').execute();
  }
  await sql`alter table lottery_draws drop constraint if exists lottery_draws_jackpot_source_check`.execute(db);
  await sql`alter table lottery_draws add constraint lottery_draws_jackpot_source_check check (jackpot_source in ('base', 'operator', 'simulated', 'feed'))`.execute(db);

  await db.schema
    .createTable('result_feed_readings')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('target_type', 'text', (c) => c.notNull().check(sql`target_type in ('keno_draw', 'lottery_draw')`))
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('issue', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('result', 'jsonb', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('divisions', 'jsonb')
    .addColumn('next_jackpot', 'bigint', (c) => c.check(sql`next_jackpot >= 0`))
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('result_feed_readings_one', ['target_type', 'target_id', 'source', 'fingerprint'])
    .execute();
  await db.schema.createIndex('result_feed_readings_product').on('result_feed_readings').columns(['product_code', 'last_seen_at']).execute();

  await db.schema
    .createTable('result_feed_fetches')
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('last_fetch_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_answer', 'text', (c) => c.notNull().check(sql`last_answer in ('reading', 'not_yet', 'down')`))
    .addColumn('last_error', 'text')
    .addColumn('last_ok_at', 'timestamptz')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0).check(sql`failures >= 0`))
    .addPrimaryKeyConstraint('result_feed_fetches_pk', ['product_code', 'source'])
    .execute();

  await db.schema
    .createTable('result_feed_conflicts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('target_type', 'text', (c) => c.notNull().check(sql`target_type in ('keno_draw', 'lottery_draw')`))
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('issue', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('after_publication', 'sources_disagree')`))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('published', 'jsonb')
    .addColumn('reading', 'jsonb', (c) => c.notNull())
    .addColumn('raised_at', 'timestamptz', (c) => c.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('resolution', 'text')
    .addUniqueConstraint('result_feed_conflicts_one', ['target_type', 'target_id', 'source', 'fingerprint'])
    .execute();
  await db.schema.createIndex('result_feed_conflicts_open').on('result_feed_conflicts').column('raised_at').where(sql<boolean>`resolved_at is null`).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
