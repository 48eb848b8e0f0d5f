import { type Kysely, sql } from 'kysely';

/**
 * HKJC football (HKS01): events, their markets with the current odds, the odds history, and the
 * link from an order to the events it bets on.
 *
 * - `football_events`: one row per match from an odds source (`simulated` or `hkjc`), keyed by the
 *   source's own id. `status` moves scheduled → closed (sales closed at kick-off minus the lead
 *   time) → resulted, or to one of the void reasons (postponed, abandoned, void, cancelled) by a
 *   conditional update. A simulated match commits `seed_hash` before sales, like a keno draw.
 * - `football_markets`: one row per event, market and line (`''` for markets without a line), with
 *   the current price of every selection as `{ "<key>": <odds in thousandths> }`. A price change is
 *   one UPDATE of the row plus one `football_odds_history` row holding the market's new prices, so
 *   the history grows per market change, not per selection.
 * - `order_legs`: which events a football order depends on. An order settles when all of them are
 *   final. Football orders have no draw, so `orders.draw_id` becomes nullable; their handling fee
 *   goes in `orders.fee` (keno orders leave it null: no fee).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('football_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('simulated', 'hkjc')`))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('tournament', 'text', (c) => c.notNull())
    .addColumn('tournament_code', 'text', (c) => c.notNull())
    .addColumn('home_team', 'text', (c) => c.notNull())
    .addColumn('away_team', 'text', (c) => c.notNull())
    .addColumn('kick_off_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sales_close_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'closed', 'resulted', 'postponed', 'abandoned', 'void', 'cancelled')`),
    )
    .addColumn('players', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('model', 'jsonb')
    .addColumn('seed_hash', 'text')
    .addColumn('seed', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('result_source', 'text', (c) => c.check(sql`result_source in ('simulated', 'manual', 'hkjc')`))
    .addColumn('resulted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('football_events_source_external', ['source', 'external_id'])
    .execute();
  await db.schema.createIndex('football_events_status_kick_off').on('football_events').columns(['status', 'kick_off_at']).execute();
  await db.schema.createIndex('football_events_teams').on('football_events').columns(['home_team', 'away_team']).execute();

  await db.schema
    .createTable('football_markets')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('football_events.id'))
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('main', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'suspended', 'closed')`))
    .addColumn('odds', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('football_markets_event_market_line', ['event_id', 'market', 'line'])
    .execute();

  await db.schema
    .createTable('football_odds_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('market_id', 'bigint', (c) => c.notNull().references('football_markets.id'))
    .addColumn('odds', 'jsonb', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('football_odds_history_market_at').on('football_odds_history').columns(['market_id', 'at']).execute();

  await db.schema.alterTable('orders').alterColumn('draw_id', (c) => c.dropNotNull()).execute();
  await db.schema.alterTable('orders').addColumn('fee', 'jsonb').execute();
  await db.schema
    .createTable('order_legs')
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('football_events.id'))
    .addPrimaryKeyConstraint('order_legs_pk', ['order_id', 'event_id'])
    .execute();
  await db.schema.createIndex('order_legs_event').on('order_legs').columns(['event_id', 'order_id']).execute();
  // What the football settlement sweep scans: purchased football orders not yet settled.
  await db.schema
    .createIndex('orders_football_unsettled')
    .on('orders')
    .column('id')
    .where(sql<boolean>`product_code = 'HKS01' and status = 2 and settled_at is null`)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
