import { type Kysely, sql } from 'kysely';

/**
 * The draw lotteries (issue 12): AUA01 … TWA05, drawn on weekly calendars, with fixed and pool
 * prize divisions. Kept apart from keno's `draws`, whose settlement, clocks and sweeps assume keno
 * rules; the order pipeline (orders, wallet, purchase/timeout jobs) is shared.
 *
 * - `lottery_draws`: one row per draw, created ahead by the scheduler. As for keno, `seed_hash` is
 *   public from creation and `seed` revealed with a simulated result. `jackpot` is the draw's
 *   advertised first prize (minor units), set by the operator or the simulated source.
 *   39樂合彩 (TWA04) has no rows of its own: its orders settle on 今彩539's (TWA03) draws.
 * - `lottery_draw_divisions`: per draw, product and play (39樂合彩's 二合/三合/四合), what each
 *   division pays per unit once known (pool amounts entered by the operator or the simulated
 *   source), the official winner count (caps share by it when given) and our members' winning lines.
 * - `orders.lottery_draw_id`: the draw a draw-lottery order plays (keno keeps `draw_id`).
 *   `orders.hold`: why a drawn order is not settled yet — `pending_amount` (a pool division won,
 *   its amount not entered: the fixed part is already credited) or `large_win` (above
 *   LARGE_WIN_POINTS: held for the back office).
 * - `lottery_large_wins`: each held credit (order, stage `fixed` | `pool`) until released once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lottery_draws')
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
    .addColumn('jackpot', 'bigint', (c) => c.check(sql`jackpot >= 0`))
    .addColumn('jackpot_source', 'text', (c) => c.check(sql`jackpot_source in ('base', 'operator', 'simulated')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lottery_draws_product_issue', ['product_code', 'issue'])
    .execute();
  await db.schema.createIndex('lottery_draws_product_draw_at').on('lottery_draws').columns(['product_code', 'draw_at']).execute();
  await db.schema.createIndex('lottery_draws_due').on('lottery_draws').column('draw_at').where(sql<boolean>`status = 'scheduled'`).execute();

  await db.schema
    .createTable('lottery_draw_divisions')
    .addColumn('draw_id', 'bigint', (c) => c.notNull().references('lottery_draws.id'))
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('play', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('division', 'integer', (c) => c.notNull().check(sql`division between 1 and 20`))
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount >= 0`))
    .addColumn('winners', 'integer', (c) => c.check(sql`winners >= 0`))
    .addColumn('our_winners', 'integer', (c) => c.notNull().defaultTo(0).check(sql`our_winners >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lottery_draw_divisions_pk', ['draw_id', 'product_code', 'play', 'division'])
    .execute();

  await db.schema.alterTable('orders').addColumn('lottery_draw_id', 'bigint', (c) => c.references('lottery_draws.id')).execute();
  await db.schema.alterTable('orders').addColumn('hold', 'text', (c) => c.check(sql`hold in ('pending_amount', 'large_win')`)).execute();
  await db.schema.createIndex('orders_lottery_draw').on('orders').column('lottery_draw_id').where(sql<boolean>`lottery_draw_id is not null`).execute();

  await db.schema
    .createTable('lottery_large_wins')
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    .addColumn('stage', 'text', (c) => c.notNull().check(sql`stage in ('fixed', 'pool')`))
    .addColumn('points', 'bigint', (c) => c.notNull().check(sql`points > 0`))
    .addColumn('prize', 'jsonb', (c) => c.notNull())
    .addColumn('held_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('released_at', 'timestamptz')
    .addColumn('released_by', 'bigint', (c) => c.references('users.id'))
    .addPrimaryKeyConstraint('lottery_large_wins_pk', ['order_id', 'stage'])
    .execute();
  await db.schema.createIndex('lottery_large_wins_open').on('lottery_large_wins').column('held_at').where(sql<boolean>`released_at is null`).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
