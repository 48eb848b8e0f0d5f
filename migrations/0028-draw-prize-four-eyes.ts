import { type Kysely, sql } from 'kysely';

/**
 * Issue 31 item 2: a draw lottery's pool amounts are entered with four eyes, as results are
 * (server/src/admin/prize-entries.ts, docs/back-office.md "Pool amounts and jackpots").
 *
 * - `result_entries.target_type` also takes `lottery_prizes` (one staff member's entry of a drawn
 *   draw's pool amounts and winner counts) and `lottery_jackpot` (their entry of a coming draw's
 *   jackpot). The amounts are published when a second, different staff member enters the same;
 *   the matched entries are then removed, so a later round (a division announced later, a new
 *   jackpot) starts afresh.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table result_entries drop constraint if exists result_entries_target_type_check`.execute(db);
  await sql`alter table result_entries add constraint result_entries_target_type_check check (target_type in ('keno_draw', 'football_event', 'lottery_draw', 'lottery_prizes', 'lottery_jackpot'))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
