import argon2 from 'argon2';
import { sessionRoom, type AccountSession } from '@gp/common';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { writeAccountNotice } from './account-notices.ts';
import { refuseBreachedPassword } from './password-policy.ts';
import { authRepo } from './repo.ts';
import { hashPassword, revokeSessionsOf, type AuthService, type SessionContext, type SignedIn } from './service.ts';

/** Sessions listed on the account page at most (the most recently used). */
const SESSIONS_LISTED = 50;

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * The signed-in member's own security settings (issue 29): their sessions (list, end one, log out
 * everywhere) and changing their password.
 */
export function createAccountService(platform: Pick<Platform, 'db' | 'now' | 'config' | 'outbox'>, auth: AuthService) {
  const { db, now, config, outbox } = platform;
  const socketsEnded = (id: string) => outbox.event({ room: sessionRoom(id), event: 'session_ended', payload: null }, now(), config.SESSION_TTL_SECONDS * 1000);

  return {
    async sessions(userId: number, currentId: string): Promise<AccountSession[]> {
      const at = now();
      const rows = await authRepo.liveSessionsOf(db, userId, at, new Date(at.getTime() - config.SESSION_IDLE_MINUTES * 60_000), SESSIONS_LISTED);
      return rows.map((row) => ({
        id: row.id,
        current: row.id === currentId,
        staff: row.staff,
        createdAt: new Date(row.created_at).toISOString(),
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
        expiresAt: new Date(row.expires_at).toISOString(),
        address: row.address,
        userAgent: row.user_agent,
      }));
    },

    /** Ends one of the member's sessions (and its sockets); `not_found` when it is not theirs or already over. */
    async endSession(userId: number, sessionId: string) {
      await db.transaction().execute(async (trx) => {
        if (!(await authRepo.revokeSessionOf(trx, userId, sessionId, now()))) throw new AppError('not_found');
        await outbox.write(trx, [socketsEnded(sessionId)]);
      });
      outbox.kick();
    },

    /** "Log out everywhere": every session of the member ends, this one included. */
    async endAllSessions(userId: number) {
      const ended = await db.transaction().execute((trx) => revokeSessionsOf(trx, outbox, userId, now(), config.SESSION_TTL_SECONDS * 1000));
      outbox.kick();
      return ended;
    },

    /**
     * Changes the password: the current one must check out (`invalid_credentials` otherwise: the
     * route counts it like a login failure), the new one must not be a leaked one. The session it
     * was made from is replaced by a new one (rotation), the others end when `endOthers`, and the
     * owner gets an email.
     */
    async changePassword(
      userId: number,
      sessionId: string,
      input: { currentPassword: string; password: string; endOtherSessions: boolean },
      context: SessionContext,
    ): Promise<SignedIn> {
      const row = await authRepo.findUserById(db, userId);
      if (!row) throw new AppError('unauthorized');
      if (!(await argon2.verify(row.password_hash, input.currentPassword))) throw new AppError('invalid_credentials');
      refuseBreachedPassword(input.password);
      const passwordHash = await hashPassword(config, input.password);
      const result = await db.transaction().execute(async (trx) => {
        const at = now();
        await authRepo.setPasswordHash(trx, userId, passwordHash);
        if (input.endOtherSessions) await revokeSessionsOf(trx, outbox, userId, at, config.SESSION_TTL_SECONDS * 1000, sessionId);
        await authRepo.revokeSessionOf(trx, userId, sessionId, at);
        await outbox.write(trx, [socketsEnded(sessionId)]);
        await writeAccountNotice(platform, trx, { id: userId, email: row.email, locale: row.locale }, 'password_changed', context);
        return auth.rotate(trx, row, context);
      });
      outbox.kick();
      return result;
    },
  };
}
