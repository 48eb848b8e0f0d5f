import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** Reality checks' queries (issue 32 item 3): the session's check, the member's interval, the session's play. */
export const realityCheckRepo = {
  /** The session's sign-in and last answer, with its member's chosen interval (none: no `play_states` row or no interval). */
  ofSession(db: Executor, sessionId: string) {
    return db
      .selectFrom('sessions as s')
      .leftJoin('play_states as p', 'p.user_id', 's.user_id')
      .select(['s.user_id', 's.created_at', 's.reality_check_answered_at', 'p.reality_check_minutes', 'p.reality_check_set_at'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  },

  /** The member's interval (the `play_states` row is made and locked by the caller). */
  setInterval(db: Executor, userId: number, minutes: number | null, at: Date) {
    return db.updateTable('play_states').set({ reality_check_minutes: minutes, reality_check_set_at: minutes === null ? null : at, updated_at: at }).where('user_id', '=', userId).execute();
  },

  /** The member answered "continue" in this session: the next check counts from `at`. */
  answer(db: Executor, sessionId: string, at: Date) {
    return db.updateTable('sessions').set({ reality_check_answered_at: at }).where('id', '=', sessionId).execute();
  },

  /**
   * The session's play since `since` (its sign-in), counted as the loss limit counts it (repo.ts
   * `losses`): real-point stakes of the orders placed since, less those refunded whole (timed
   * out), and the prizes of the orders settled since.
   */
  async playSince(db: Executor, userId: number, since: Date) {
    const { rows } = await sql<{ stakes: string; prizes: string }>`
      select
        (select coalesce(sum(points_spent), 0) from orders where user_id = ${userId} and created_at >= ${since} and trial = false and status <> 9)::bigint as stakes,
        (select coalesce(sum(prize), 0) from orders where user_id = ${userId} and settled_at >= ${since} and trial = false and prize > 0)::bigint as prizes`.execute(db);
    return { stakes: Number(rows[0]!.stakes), prizes: Number(rows[0]!.prizes) };
  },
};
