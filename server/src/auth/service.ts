import crypto from 'node:crypto';
import argon2 from 'argon2';
import { isStaffRole, sessionRoom, type AuthResponse, type Role, type User } from '@gp/common';
import type { Db, Executor, Tx } from '../db/database.ts';
import { createBatcher } from '../platform/batcher.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { walletService } from '../wallet/service.ts';
import { presentUser } from './present.ts';
import { sendVerificationIn } from './recovery.ts';
import { authRepo } from './repo.ts';
import { signSessionToken, verifySessionToken } from './tokens.ts';

type HashConfig = Pick<Platform['config'], 'PASSWORD_HASH'>;

/**
 * argon2id at OWASP's baseline (19 MiB, 2 passes): strong, yet ~50 ms on these 2-core machines. The
 * test suite's `fast-for-tests` is the algorithm's minimum (refused outside NODE_ENV=test). The cost
 * is written into each hash, so a hash made under one verifies under the other.
 */
const HASH_OPTIONS = {
  owasp: { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  'fast-for-tests': { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;
// Verifying against this when the email is unknown keeps login timing uniform (no user enumeration).
let dummyHash: Promise<string> | undefined;
/** A password's stored form (argon2id, HASH_OPTIONS): for sign-up, the password reset and provider-made accounts. */
export const hashPassword = (config: HashConfig, password: string) => argon2.hash(password, HASH_OPTIONS[config.PASSWORD_HASH]);

export interface AuthenticatedUser {
  user: User;
  sessionId: string;
  expiresAt: Date;
  /** May use the back-office API: a staff role, and a staff session (password + TOTP) unless STAFF_MFA is off. */
  staffAccess: boolean;
}

/** Whether /api/admin/* needs a staff session (STAFF_MFA). */
export const staffMfaRequired = (config: Pick<Platform['config'], 'STAFF_MFA'>) => config.STAFF_MFA === 'required';

export type AuthService = ReturnType<typeof createAuthService>;

/** Sessions read per query at most, and such queries under way at once (each holds a pooled connection). */
const SESSIONS_PER_LOOKUP = 256;
const SESSION_LOOKUPS_IN_FLIGHT = 4;

export function createAuthService(platform: Pick<Platform, 'db' | 'secret' | 'now' | 'config' | 'outbox'>) {
  const { db, secret, now, config, outbox } = platform;
  /**
   * The session behind each request, read when the request comes (a revoked session is refused
   * at once): requests that arrive together read theirs in one query (group lookup, platform/batcher.ts).
   */
  const sessions = createBatcher(
    async (ids: string[]) => {
      const rows = new Map((await authRepo.findSessionsWithUser(db, ids)).map((row) => [String(row.id), row]));
      return ids.map((id) => ({ status: 'fulfilled' as const, value: rows.get(id) }));
    },
    { maxBatch: SESSIONS_PER_LOOKUP, maxInFlight: SESSION_LOOKUPS_IN_FLIGHT },
  );

  async function openSession(userId: string): Promise<string> {
    const sessionId = crypto.randomUUID();
    const expiresAt = new Date(now().getTime() + config.SESSION_TTL_SECONDS * 1000);
    await authRepo.insertSession(db, { id: sessionId, userId, expiresAt });
    return signSessionToken(secret, { userId, sessionId, expiresAt });
  }

  return {
    async signup(input: { name: string; email: string; password: string; promoOptIn: boolean; locale?: string }, role: Role = 'member'): Promise<AuthResponse> {
      const passwordHash = await hashPassword(config, input.password);
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
        // A verification link by email (issue 15); it leaves through the outbox once this commits.
        if (role === 'member') await sendVerificationIn(platform, trx, { id: String(inserted.id), email: inserted.email, locale: inserted.locale });
        // Trial points to try the games with before any top-up (status 8 orders); members only.
        const trial = role === 'member' ? config.TRIAL_POINTS_ON_SIGNUP : 0;
        if (trial > 0) {
          await walletService.credit(trx, { userId: String(inserted.id), account: 'trial', kind: 'adjustment', refType: 'signup-trial', refId: String(inserted.id), amount: trial });
        }
        return inserted;
      });
      outbox.kick();
      return { token: await openSession(String(row.id)), user: presentUser(row) };
    },

    async login(email: string, password: string): Promise<AuthResponse> {
      const row = await authRepo.findUserByEmail(db, email);
      dummyHash ??= hashPassword(config, 'not-a-real-password');
      const valid = await argon2.verify(row?.password_hash ?? (await dummyHash), password);
      if (!row || !valid) throw new AppError('invalid_credentials');
      if (row.locked_at) throw new AppError('account_locked');
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
      const session = await sessions.run(claims.sessionId);
      if (!session || String(session.user_id) !== claims.userId) throw new AppError('token_invalid');
      if (session.revoked_at || new Date(session.expires_at) <= now()) throw new AppError('session_expired');
      const row = { id: session.user_id, name: session.user_name, email: session.user_email, role: session.user_role, locale: session.user_locale };
      // A staff session is opened for one role: promoted, demoted or locked, the user signs in again.
      if ((session.role !== null && session.role !== row.role) || session.user_locked_at) throw new AppError('session_expired');
      const staffAccess = isStaffRole(row.role) && (session.staff || !staffMfaRequired(config));
      return { user: presentUser(row), sessionId: session.id, expiresAt: new Date(session.expires_at), staffAccess };
    },

    /** A back-office session (after password + TOTP, staff/service.ts): STAFF_SESSION_TTL_SECONDS, bound to the role. */
    async openStaffSession(userId: string, role: Role): Promise<{ token: string; expiresAt: Date }> {
      const sessionId = crypto.randomUUID();
      const expiresAt = new Date(now().getTime() + config.STAFF_SESSION_TTL_SECONDS * 1000);
      await authRepo.insertSession(db, { id: sessionId, userId, expiresAt, staff: true, role });
      return { token: await signSessionToken(secret, { userId, sessionId, expiresAt }), expiresAt };
    },

    /** A session for a member another way of logging in identified (an OpenID Connect provider, ./oidc-service.ts). */
    async sessionFor(userId: string): Promise<AuthResponse> {
      const row = await authRepo.findUserById(db, userId);
      if (!row) throw new AppError('token_invalid');
      if (row.locked_at) throw new AppError('account_locked');
      return { token: await openSession(userId), user: presentUser(row) };
    },

    /** The account of `email` when `password` is its password (proof of ownership before linking), else `invalid_credentials`. */
    async verifyPassword(email: string, password: string): Promise<string> {
      const row = await authRepo.findUserByEmail(db, email);
      dummyHash ??= hashPassword(config, 'not-a-real-password');
      const valid = await argon2.verify(row?.password_hash ?? (await dummyHash), password);
      if (!row || !valid) throw new AppError('invalid_credentials');
      return String(row.id);
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

/**
 * A staff account made outside the API (`npm run staff -- create`, staff/first-supervisor.ts): the
 * user and their wallet, no session, no trial points, no verification mail. `email_taken` when the
 * address is in use.
 */
export async function insertStaffAccount(trx: Tx, config: HashConfig, input: { name: string; email: string; password: string; role: 'operator' | 'supervisor' }) {
  const inserted = await authRepo.insertUser(trx, { name: input.name, email: input.email.toLowerCase(), password_hash: await hashPassword(config, input.password), role: input.role, locale: 'en', promo_opt_in: false });
  if (!inserted) throw new AppError('email_taken');
  await walletService.open(trx, String(inserted.id));
  return { id: String(inserted.id), email: inserted.email };
}

/**
 * Which of `emails` name an account that still signs in with one of `passwords` (a production start
 * refuses the demo's published ones: a data directory seeded as a demo, then started as production).
 */
export async function accountsWithPasswords(db: Executor, emails: readonly string[], passwords: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const email of new Set(emails.map((e) => e.toLowerCase()))) {
    const row = await authRepo.findUserByEmail(db, email);
    if (!row?.password_hash) continue;
    for (const password of passwords) {
      if (await argon2.verify(row.password_hash, password)) {
        found.push(email);
        break;
      }
    }
  }
  return found;
}

/** The account behind an email or id, password hash included (staff sign-in checks it itself). */
export const findAccountByEmail = (db: Executor, email: string) => authRepo.findUserByEmail(db, email);
export const findAccountById = (db: Executor, id: string) => authRepo.findUserById(db, id);

/** Ends every session of a user in `trx` (role change, lock) and closes their sockets once it commits. */
export async function revokeSessionsOf(trx: Tx, outbox: Platform['outbox'], userId: string, at: Date, ttlMs: number) {
  const ended = await authRepo.revokeSessionsOf(trx, userId, at);
  if (ended.length) await outbox.write(trx, ended.map(({ id }) => outbox.event({ room: sessionRoom(id), event: 'session_ended', payload: null }, at, ttlMs)));
  return ended.length;
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
