import { type Kysely, sql } from 'kysely';

/**
 * Issue 32 items 3 and 6 (docs/responsible-play.md): reality checks, and staff lowering a member's limits.
 *
 * - `play_states.reality_check_minutes`: the interval the member chose (null: none), and
 *   `reality_check_set_at`: when they chose it (a check set mid-session counts from then, not from sign-in).
 * - `sessions.reality_check_answered_at`: when the member last answered a check in that session
 *   (continue); the next is due one interval later. The check belongs to the session (a sign-in),
 *   so every tab and client on it sees and answers the same one.
 * - `play_limit_changes.change` also takes `staff_lowered`, with the supervisor (`staff_id`) and
 *   their `reason`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('play_states')
    .addColumn('reality_check_minutes', 'integer', (c) => c.check(sql`reality_check_minutes > 0`))
    .addColumn('reality_check_set_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('sessions').addColumn('reality_check_answered_at', 'timestamptz').execute();
  await db.schema.alterTable('play_limit_changes').addColumn('staff_id', 'bigint', (c) => c.references('users.id')).addColumn('reason', 'text').execute();
  await sql`alter table play_limit_changes drop constraint if exists play_limit_changes_change_check`.execute(db);
  await sql`alter table play_limit_changes add constraint play_limit_changes_change_check check (change in ('lowered', 'requested', 'confirmed', 'cancelled', 'staff_lowered'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table play_limit_changes drop constraint if exists play_limit_changes_change_check`.execute(db);
  await sql`alter table play_limit_changes add constraint play_limit_changes_change_check check (change in ('lowered', 'requested', 'confirmed', 'cancelled'))`.execute(db);
  await db.schema.alterTable('play_limit_changes').dropColumn('staff_id').dropColumn('reason').execute();
  await db.schema.alterTable('sessions').dropColumn('reality_check_answered_at').execute();
  await db.schema.alterTable('play_states').dropColumn('reality_check_minutes').dropColumn('reality_check_set_at').execute();
}
