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

  findUserById(db: Executor, id: string) {
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
  insertSession(db: Executor, session: { id: string; userId: string; expiresAt: Date; staff?: boolean; role?: string }) {
    return db
      .insertInto('sessions')
      .values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt, staff: session.staff ?? false, role: session.role ?? null })
      .execute();
  },

  /** Ends every open session of a user (role change, lock): their tokens answer `session_expired` from now on. */
  revokeSessionsOf(db: Executor, userId: string, at: Date) {
    return db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).returning('id').execute();
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
      .select(['s.id', 's.user_id', 's.expires_at', 's.revoked_at', 's.staff', 's.role'])
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
