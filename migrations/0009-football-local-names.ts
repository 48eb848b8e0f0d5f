import { type Kysely, sql } from 'kysely';

/**
 * `football_events.names`: the league's and teams' names in the languages the source has them in,
 * keyed by part and locale — `{ "tournament": { "zh-TW": "英格蘭超級聯賽" }, "home": {…}, "away": {…} }`.
 * HKJC's feed carries Chinese names (`name_ch`) beside the English ones; our simulated leagues have
 * Chinese names too. Stored with the event as the source reported it when it was first seen, so an
 * order leg, a result or a standings row names the match as the match list did. Rows stored before
 * this migration have `{}` (the presenter falls back to the simulated names for those).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('football_events')
    .addColumn('names', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('football_events').dropColumn('names').execute();
}
