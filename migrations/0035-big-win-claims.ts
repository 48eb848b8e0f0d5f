import { type Kysely, sql } from 'kysely';

/**
 * Issue 33 item 4, big-win claims (docs/back-office.md "Big-win claims"): a draw-lottery win held
 * above LARGE_WIN_POINTS opens one claim the member follows while staff take the ticket to the
 * operator.
 *
 * - `claims`: one per order (unique), opened in the transaction that holds the win, so a settlement
 *   that runs again opens nothing more. `step` is where it stands; `ticket_ref` the purchase's
 *   reference of the ticket in our custody.
 * - `claim_steps`: each step once per claim (primary key), with who recorded it and when; the
 *   `credited` step is the large-win release itself (another supervisor: four eyes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('claims')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull().check(sql`points > 0`))
    .addColumn('ticket_ref', 'text')
    .addColumn(
      'step',
      'text',
      (c) => c.notNull().defaultTo('win_confirmed').check(sql`step in ('win_confirmed', 'documents_requested', 'documents_received', 'ticket_presented', 'prize_received', 'credited')`),
    )
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('claims_user').on('claims').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('claims_step').on('claims').columns(['step', 'id']).execute();

  await db.schema
    .createTable('claim_steps')
    .addColumn('claim_id', 'bigint', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('by', 'bigint', (c) => c.references('users.id'))
    .addColumn('note', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('claim_steps_pk', ['claim_id', 'step'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
