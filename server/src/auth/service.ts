import crypto from 'node:crypto';
import argon2 from 'argon2';
import { sessionRoom, type AuthResponse, type Role, type User } from '@gp/common';
import type { Db, Executor } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { walletService } from '../wallet/service.ts';
import { presentUser } from './present.ts';
import { authRepo } from './repo.ts';
import { signSessionToken, verifySessionToken } from './tokens.ts';

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, yet ~50 ms on these 2-core machines.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verifying against this when the email is unknown keeps login timing uniform (no user enumeration).
let dummyHash: Promise<string> | undefined;

export interface AuthenticatedUser {
  user: User;
  sessionId: string;
  expiresAt: Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(platform: Pick<Platform, 'db' | 'secret' | 'now' | 'config' | 'outbox'>) {
  const { db, secret, now, config, outbox } = platform;

  async function openSession(userId: string): Promise<string> {
    const sessionId = crypto.randomUUID();
    const expiresAt = new Date(now().getTime() + config.SESSION_TTL_SECONDS * 1000);
    await authRepo.insertSession(db, { id: sessionId, userId, expiresAt });
    return signSessionToken(secret, { userId, sessionId, expiresAt });
  }

  return {
    async signup(input: { name: string; email: string; password: string; promoOptIn: boolean; locale?: string }, role: Role = 'member'): Promise<AuthResponse> {
      const passwordHash = await argon2.hash(input.password, HASH_OPTIONS);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await authRepo.insertUser(trx, {
          name: input.name,
          email: input.email.toLowerCase(),
          password_hash: passwordHash,
          role,
          locale: input.locale ?? 'zh-TW',
          promo_opt_in: input.promoOptIn,
        });
        if (!inserted) throw new AppError('email_taken'); // API.md: a 409 of its own; `fields` belong to validation_failed
        await walletService.open(trx, String(inserted.id));
        // Trial points to try the games with before any top-up (status 8 orders); members only.
        const trial = role === 'member' ? config.TRIAL_POINTS_ON_SIGNUP : 0;
        if (trial > 0) {
          await walletService.credit(trx, { userId: String(inserted.id), account: 'trial', kind: 'adjustment', refType: 'signup-trial', refId: String(inserted.id), amount: trial });
        }
        return inserted;
      });
      return { token: await openSession(String(row.id)), user: presentUser(row) };
    },

    async login(email: string, password: string): Promise<AuthResponse> {
      const row = await authRepo.findUserByEmail(db, email);
      dummyHash ??= argon2.hash('not-a-real-password', HASH_OPTIONS);
      const valid = await argon2.verify(row?.password_hash ?? (await dummyHash), password);
      if (!row || !valid) throw new AppError('invalid_credentials');
      return { token: await openSession(String(row.id)), user: presentUser(row) };
    },

    /** Revokes the session and disconnects the sockets opened with it, on every api node. */
    async logout(sessionId: string) {
      await db.transaction().execute(async (trx) => {
        await authRepo.revokeSession(trx, sessionId, now());
        // Never stale: however late it is delivered, the sockets of a revoked session must close.
        await outbox.write(trx, [outbox.event({ room: sessionRoom(sessionId), event: 'session_ended', payload: null }, now(), config.SESSION_TTL_SECONDS * 1000)]);
      });
      outbox.kick();
    },

    /** Token → the member behind it, or `token_invalid` / `session_expired`. */
    async authenticate(token: string): Promise<AuthenticatedUser> {
      const claims = await verifySessionToken(secret, token, now());
      const session = await authRepo.findSession(db, claims.sessionId);
      if (!session || String(session.user_id) !== claims.userId) throw new AppError('token_invalid');
      if (session.revoked_at || new Date(session.expires_at) <= now()) throw new AppError('session_expired');
      const row = await authRepo.findUserById(db, claims.userId);
      if (!row) throw new AppError('token_invalid');
      return { user: presentUser(row), sessionId: session.id, expiresAt: new Date(session.expires_at) };
    },

    /** Creates the operator account from config if it does not exist yet (idempotent). */
    async ensureOperator() {
      const existing = await authRepo.findUserByEmail(db, config.OPERATOR_EMAIL);
      if (existing) return existing;
      await this.signup(
        { name: config.OPERATOR_NAME, email: config.OPERATOR_EMAIL, password: config.OPERATOR_PASSWORD, promoOptIn: false, locale: 'en' },
        'operator',
      );
      return authRepo.findUserByEmail(db, config.OPERATOR_EMAIL);
    },
  };
}

/** Whether a user with this id exists; pass a transaction to read inside it. */
export async function userExists(db: Executor, userId: string): Promise<boolean> {
  return (await authRepo.findUserById(db, userId)) !== undefined;
}

/** Whether an account uses this email (case-insensitive). */
export async function emailRegistered(db: Executor, email: string): Promise<boolean> {
  return (await authRepo.findUserByEmail(db, email)) !== undefined;
}

export async function purgeExpiredSessions(db: Db, now: Date) {
  const graceDay = new Date(now.getTime() - 24 * 3600 * 1000);
  const result = await authRepo.deleteExpiredSessions(db, graceDay);
  return Number(result.numDeletedRows);
}
