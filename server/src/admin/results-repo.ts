import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** A result's target, or a draw lottery's pool amounts / jackpot (admin/draw-figures.ts). */
type Target = 'keno_draw' | 'football_event' | 'lottery_draw' | 'lottery_prizes' | 'lottery_jackpot';

/** How many of each kind of target the Results screen lists at most (the oldest first). */
const PENDING_LIMIT = 100;

/** Four-eyes result entries: one per staff member per draw or event (a second entry by the same person replaces theirs). */
export const resultEntriesRepo = {
  async upsert(db: Executor, entry: { targetType: Target; targetId: number; staffId: number; payload: unknown; fingerprint: string }) {
    const payload = JSON.stringify(entry.payload);
    await db
      .insertInto('result_entries')
      .values({ target_type: entry.targetType, target_id: String(entry.targetId), staff_id: entry.staffId, payload, fingerprint: entry.fingerprint })
      .onConflict((oc) => oc.columns(['target_type', 'target_id', 'staff_id']).doUpdateSet({ payload, fingerprint: entry.fingerprint }))
      .execute();
  },

  of(db: Executor, targetType: Target, targetId: number) {
    return db
      .selectFrom('result_entries')
      .innerJoin('users', 'users.id', 'result_entries.staff_id')
      .select(['result_entries.staff_id', 'users.name as staff_name', 'result_entries.payload', 'result_entries.fingerprint', 'result_entries.created_at'])
      .where('result_entries.target_type', '=', targetType)
      .where('result_entries.target_id', '=', String(targetId))
      .orderBy('result_entries.id')
      .execute();
  },

  /** Every entry of these targets (the Results screen's list). */
  ofMany(db: Executor, targetType: Target, targetIds: string[]) {
    if (targetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('result_entries')
      .innerJoin('users', 'users.id', 'result_entries.staff_id')
      .select(['result_entries.target_id', 'result_entries.staff_id', 'users.name as staff_name', 'result_entries.payload', 'result_entries.fingerprint', 'result_entries.created_at'])
      .where('result_entries.target_type', '=', targetType)
      .where('result_entries.target_id', 'in', targetIds)
      .orderBy('result_entries.id')
      .execute();
  },

  /** The entries of these targets with their staff members' names (the console names people, never numbers). */
  withNames(db: Executor, targetType: Target, targetIds: readonly number[]) {
    if (targetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('result_entries')
      .innerJoin('users', 'users.id', 'result_entries.staff_id')
      .select(['result_entries.target_id', 'result_entries.staff_id', 'users.name as staff_name', 'result_entries.payload', 'result_entries.fingerprint', 'result_entries.created_at'])
      .where('result_entries.target_type', '=', targetType)
      .where('result_entries.target_id', 'in', targetIds.map(String))
      .orderBy('result_entries.id')
      .execute();
  },

  /**
   * Takes a target's entries in turn for the rest of the transaction: each entry then reads the ones
   * entered before it. Without it, entries sent at the same moment each saw only their own (READ
   * COMMITTED shows no uncommitted row), all answered `waiting_second`, and a result two people
   * agreed on was never published.
   */
  async lockEntries(db: Executor, targetType: Target, targetId: number) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`enter:${targetType}:${targetId}`}, 0))`.execute(db);
  },

  /**
   * Holds a target's publication for the rest of the transaction (a transaction-level advisory lock,
   * not a row lock: the publication writes the draw's rows through other connections).
   */
  async lockPublication(db: Executor, targetType: Target, targetId: number) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`publish:${targetType}:${targetId}`}, 0))`.execute(db);
  },

  /** Removes these staff members' entries of a target if they hold `fingerprint`; how many it removed (a publisher takes both). */
  async take(db: Executor, targetType: Target, targetId: number, staffIds: readonly number[], fingerprint: string) {
    const rows = await db.deleteFrom('result_entries').where('target_type', '=', targetType).where('target_id', '=', String(targetId)).where('staff_id', 'in', [...staffIds]).where('fingerprint', '=', fingerprint).returning('id').execute();
    return rows.length;
  },

  /** Keno draws past their draw time and still without numbers (the manual result source leaves them so). */
  kenoWaiting(db: Executor, now: Date) {
    return db.selectFrom('draws').select(['id', 'product_code', 'issue', 'draw_at']).where('status', '=', 'scheduled').where('draw_at', '<=', now).orderBy('draw_at').limit(PENDING_LIMIT).execute();
  },

  /** Football events whose sales closed at kick-off and that have no result yet. */
  footballWaiting(db: Executor, now: Date) {
    return db
      .selectFrom('football_events')
      .select(['id', 'tournament_code', 'home_team', 'away_team', 'kick_off_at'])
      .where('status', 'in', ['scheduled', 'closed'])
      .where('kick_off_at', '<=', now)
      .orderBy('kick_off_at')
      .limit(PENDING_LIMIT)
      .execute();
  },

  /** Draw-lottery draws whose sales have closed and that have no numbers yet. */
  lotteryWaiting(db: Executor, now: Date) {
    return db.selectFrom('lottery_draws').select(['id', 'product_code', 'issue', 'draw_at']).where('status', '=', 'scheduled').where('sales_close_at', '<=', now).orderBy('draw_at').limit(PENDING_LIMIT).execute();
  },

  /** Where a target stands before an entry is recorded: missing, already resulted, or open for entries. */
  async targetState(db: Executor, targetType: Target, targetId: number, now: Date): Promise<'missing' | 'resulted' | 'too_early' | 'open'> {
    if (targetType === 'football_event') {
      const row = await db.selectFrom('football_events').select(['status', 'sales_close_at']).where('id', '=', targetId).executeTakeFirst();
      if (!row) return 'missing';
      if (!['scheduled', 'closed'].includes(row.status)) return 'resulted';
      return new Date(row.sales_close_at) <= now ? 'open' : 'too_early';
    }
    const row =
      targetType === 'keno_draw'
        ? await db.selectFrom('draws').select(['status', 'sales_close_at']).where('id', '=', targetId).executeTakeFirst()
        : await db.selectFrom('lottery_draws').select(['status', 'sales_close_at']).where('id', '=', targetId).executeTakeFirst();
    if (!row) return 'missing';
    if (row.status !== 'scheduled') return 'resulted';
    return new Date(row.sales_close_at) <= now ? 'open' : 'too_early';
  },

  /** The product that owns a draw-lottery draw (its code in the draw service's terms). */
  lotteryProductOf(db: Executor, drawId: number) {
    return db.selectFrom('lottery_draws').select('product_code').where('id', '=', drawId).executeTakeFirst();
  },
};
