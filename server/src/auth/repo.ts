import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { NewUser } from '../db/types.ts';

const userColumns = ['id', 'name', 'email', 'role', 'locale', 'password_hash', 'locked_at'] as const;

export const authRepo = {
  findUserByEmail(db: Executor, email: string) {
    return db
      .selectFrom('users')
      .select(userColumns)
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  },

  findUserById(db: Executor, id: number) {
    return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
  },

  /** Inserts the user, or returns undefined when the (case-insensitive) email is taken. */
  insertUser(db: Executor, user: NewUser) {
    return db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning(userColumns)
      .executeTakeFirst();
  },

  /** `staff`/`role`: a back-office session (password + TOTP) and the role it was opened with. */
  insertSession(
    db: Executor,
    session: { id: string; userId: number; createdAt: Date; expiresAt: Date; staff?: boolean; role?: string; address: string | null; userAgent: string | null },
  ) {
    return db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        created_at: session.createdAt,
        last_seen_at: session.createdAt,
        expires_at: session.expiresAt,
        staff: session.staff ?? false,
        role: session.role ?? null,
        address: session.address,
        user_agent: session.userAgent,
      })
      .execute();
  },

  /** Ends every open session of a user (role change, lock, "log out everywhere"), but `except`: their tokens answer `session_expired` from now on. */
  revokeSessionsOf(db: Executor, userId: number, at: Date, except?: string) {
    let query = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (except) query = query.where('id', '!=', except);
    return query.returning('id').execute();
  },

  /** Records that the session was used at `at` (the idle timeout counts from here). */
  touchSession(db: Executor, id: string, at: Date) {
    return db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).where('last_seen_at', '<', at).execute();
  },

  /** The user's sessions still alive at `now` (not revoked, not past either timeout), most recently used first. */
  liveSessionsOf(db: Executor, userId: number, now: Date, idleSince: Date, limit: number) {
    return db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'address', 'user_agent', 'staff'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', idleSince)
      .orderBy('last_seen_at', 'desc')
      .limit(limit)
      .execute();
  },

  /** Revokes one session of `userId`; undefined when it is not theirs or already ended. */
  revokeSessionOf(db: Executor, userId: number, id: string, at: Date) {
    return db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('user_id', '=', userId).where('revoked_at', 'is', null).returning('id').executeTakeFirst();
  },

  setPasswordHash(db: Executor, userId: number, passwordHash: string) {
    return db.updateTable('users').set({ password_hash: passwordHash, password_set: true }).where('id', '=', userId).execute();
  },

  /**
   * Sessions with their users, in one round trip (every authenticated request asks, and concurrent
   * requests ask together): each session's columns, and its user's as `user_*`. No row for a
   * session when it or its user is gone.
   */
  findSessionsWithUser(db: Executor, ids: readonly string[]) {
    return db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.expires_at', 's.revoked_at', 's.staff', 's.role', 's.last_seen_at'])
      .select(['u.name as user_name', 'u.email as user_email', 'u.role as user_role', 'u.locale as user_locale', 'u.locked_at as user_locked_at'])
      .where('s.id', 'in', [...ids])
      .execute();
  },

  revokeSession(db: Executor, id: string, at: Date) {
    return db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  },

  /** Housekeeping: sessions past expiry (plus a grace day) are no longer needed to answer `session_expired`. */
  deleteExpiredSessions(db: Executor, before: Date) {
    return db.deleteFrom('sessions').where('expires_at', '<', before).executeTakeFirst();
  },
};

export type UserRecord = NonNullable<Awaited<ReturnType<typeof authRepo.findUserById>>>;
