import crypto from 'node:crypto';
import argon2 from 'argon2';
import { isStaffRole, sessionRoom, type AuthResponse, type Role } from '@gp/common';
import type { Db, Executor, Tx } from '../db/database.ts';
import { createBatcher } from '../platform/batcher.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { walletService } from '../wallet/service.ts';
import { presentUser, sessionUserOf, type SessionUser } from './present.ts';
import { sendAccountNotice, writeAccountNotice } from './account-notices.ts';
import { sendVerificationIn } from './recovery.ts';
import { authRepo } from './repo.ts';
import { signSessionToken, verifySessionToken } from './tokens.ts';

export { cookieNames, readCookie } from './session-cookies.ts';
export { refuseBreachedPassword } from './password-policy.ts';

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

/** Where a session is opened from: shown to its owner in the session list, and the new-address alert. */
export interface SessionContext {
  address: string | null;
  userAgent: string | null;
}
export const NO_CONTEXT: SessionContext = { address: null, userAgent: null };

/** A sign-in's answer (`token`, `user`) with what the route needs to set the session cookies. */
export interface SignedIn extends AuthResponse {
  session: { sessionId: string; token: string; expiresAt: Date };
}

export type { SessionUser };

export interface AuthenticatedUser {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
  /** How the request presented the session: a bearer token, or the browser's cookie (CSRF-checked). */
  via?: 'bearer' | 'cookie';
  /** May use the back-office API: a staff role, and a staff session (password + TOTP) unless STAFF_MFA is off. */
  staffAccess: boolean;
}

/** Whether /api/admin/* needs a staff session (STAFF_MFA). */
export const staffMfaRequired = (config: Pick<Platform['config'], 'STAFF_MFA'>) => config.STAFF_MFA === 'required';

export type AuthService = ReturnType<typeof createAuthService>;

/** Sessions read per query at most, and such queries under way at once (each holds a pooled connection). */
const SESSIONS_PER_LOOKUP = 256;
const SESSION_LOOKUPS_IN_FLIGHT = 4;
/** A session's last use is written at most this often: the idle timeout is measured to within it. */
const TOUCH_EVERY_MS = 60_000;
/** Characters of a User-Agent kept with a session (the session list shows it). */
const USER_AGENT_KEPT = 200;

export function createAuthService(platform: Pick<Platform, 'db' | 'secret' | 'now' | 'config' | 'outbox' | 'rateLimiter'>) {
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

  /** A new session (a new random id: never one the browser brought along, ASVS 3.2.1). */
  async function openSession(executor: Executor, userId: number, context: SessionContext, staff?: { role: Role }): Promise<SignedIn['session']> {
    const sessionId = crypto.randomUUID();
    const createdAt = now();
    const ttl = staff ? config.STAFF_SESSION_TTL_SECONDS : config.SESSION_TTL_SECONDS;
    const expiresAt = new Date(createdAt.getTime() + ttl * 1000);
    await authRepo.insertSession(executor, {
      id: sessionId,
      userId,
      createdAt,
      expiresAt,
      ...(staff ? { staff: true, role: staff.role } : {}),
      address: context.address,
      userAgent: context.userAgent?.slice(0, USER_AGENT_KEPT) ?? null,
    });
    return { sessionId, expiresAt, token: await signSessionToken(secret, { userId, sessionId, expiresAt }) };
  }
  const signedIn = async (row: Parameters<typeof sessionUserOf>[0], context: SessionContext, executor: Executor = db): Promise<SignedIn> => {
    const session = await openSession(executor, row.id, context);
    return { token: session.token, user: presentUser(sessionUserOf(row)), session };
  };
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;

  return {
    /** The cookie settings and the secret the middleware checks CSRF tokens with. */
    config,
    secret,

    /**
     * An account made without the emailed code: the seeded demo member and operator, and the test
     * suites' members (server/test/support/members.ts). Members get a verification link by email.
     * The public sign-up never comes here: it proves the email first (./signup.ts).
     */
    async createAccount(input: { name: string; email: string; password: string; promoOptIn: boolean; locale?: string; birthDate?: string }, role: Role = 'member', context: SessionContext = NO_CONTEXT): Promise<SignedIn> {
      const passwordHash = await hashPassword(config, input.password);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertAccount(platform, trx, { name: input.name, email: input.email, passwordHash, role, locale: input.locale ?? 'zh-TW', promoOptIn: input.promoOptIn, birthDate: input.birthDate ?? null });
        if (!inserted) throw new Error(`an account with the email ${input.email} exists already`);
        // A verification link by email (issue 15); it leaves through the outbox once this commits.
        if (role === 'member') await sendVerificationIn(platform, trx, { id: inserted.id, email: inserted.email, locale: inserted.locale });
        return inserted;
      });
      outbox.kick();
      return signedIn(row, context);
    },

    /**
     * Email and password → a new session. Every failure answers `invalid_credentials` after the
     * same argon2 work (unknown email, wrong password, and a locked account whatever the password:
     * a guesser learns nothing, ASVS 2.2 / issue 29 item 4). A locked account's owner who typed the
     * right password is told why by email instead. `knownAddress`: the account logged in from here
     * before (auth/limits.ts); a first login from an address sends its owner an alert.
     */
    async login(email: string, password: string, context: SessionContext = NO_CONTEXT, knownAddress = true): Promise<SignedIn> {
      const row = await authRepo.findUserByEmail(db, email);
      dummyHash ??= hashPassword(config, 'not-a-real-password');
      const valid = await argon2.verify(row?.password_hash ?? (await dummyHash), password);
      if (!row || !valid) throw new AppError('invalid_credentials');
      const account = { id: row.id, email: row.email, locale: row.locale };
      if (row.locked_at) {
        await sendAccountNotice(platform, account, 'locked_login', context, { capped: true });
        throw new AppError('invalid_credentials');
      }
      const result = await db.transaction().execute(async (trx) => {
        const session = await signedIn(row, context, trx);
        if (!knownAddress) await writeAccountNotice(platform, trx, account, 'new_address_login', context);
        return session;
      });
      outbox.kick();
      return result;
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
      if (!session || session.user_id !== claims.userId) throw new AppError('token_invalid');
      const at = now();
      if (session.revoked_at || new Date(session.expires_at) <= at) throw new AppError('session_expired');
      // Idle timeout (ASVS 3.3.2): unused for SESSION_IDLE_MINUTES, the session is over.
      const idleFor = at.getTime() - new Date(session.last_seen_at).getTime();
      if (idleFor > idleMs) throw new AppError('session_expired');
      if (idleFor > TOUCH_EVERY_MS) await authRepo.touchSession(db, session.id, at);
      const row = { id: session.user_id, name: session.user_name, email: session.user_email, role: session.user_role, locale: session.user_locale };
      // A staff session is opened for one role: promoted, demoted or locked, the user signs in again.
      if ((session.role !== null && session.role !== row.role) || session.user_locked_at) throw new AppError('session_expired');
      const staffAccess = isStaffRole(row.role) && (session.staff || !staffMfaRequired(config));
      return { user: sessionUserOf(row), sessionId: session.id, expiresAt: new Date(session.expires_at), staffAccess };
    },

    /** A back-office session (after password + TOTP, staff/service.ts): STAFF_SESSION_TTL_SECONDS, bound to the role. */
    openStaffSession(userId: number, role: Role, context: SessionContext = NO_CONTEXT): Promise<SignedIn['session']> {
      return openSession(db, userId, context, { role });
    },

    /** A session for a member another way of logging in identified (an OpenID Connect provider, ./oidc-service.ts). */
    async sessionFor(userId: number, context: SessionContext = NO_CONTEXT): Promise<SignedIn> {
      const row = await authRepo.findUserById(db, userId);
      if (!row) throw new AppError('token_invalid');
      if (row.locked_at) throw new AppError('account_locked');
      return signedIn(row, context);
    },

    /** Opens a new session for the user in `trx` (a password change rotates the session it was made from). */
    rotate: (trx: Tx, row: Parameters<typeof sessionUserOf>[0], context: SessionContext) => signedIn(row, context, trx),
    /** The first session of an account made in `trx` (a verified sign-up, ./signup.ts). */
    signInWith: (trx: Tx, row: Parameters<typeof sessionUserOf>[0], context: SessionContext) => signedIn(row, context, trx),

    /** The account of `email` when `password` is its password (proof of ownership before linking), else `invalid_credentials`. */
    async verifyPassword(email: string, password: string): Promise<number> {
      const row = await authRepo.findUserByEmail(db, email);
      dummyHash ??= hashPassword(config, 'not-a-real-password');
      const valid = await argon2.verify(row?.password_hash ?? (await dummyHash), password);
      if (!row || !valid) throw new AppError('invalid_credentials');
      return row.id;
    },

    /** Creates the operator account from config if it does not exist yet (idempotent). */
    async ensureOperator() {
      const existing = await authRepo.findUserByEmail(db, config.OPERATOR_EMAIL);
      if (existing) return existing;
      await this.createAccount(
        { name: config.OPERATOR_NAME, email: config.OPERATOR_EMAIL, password: config.OPERATOR_PASSWORD, promoOptIn: false, locale: 'en' },
        'operator',
      );
      return authRepo.findUserByEmail(db, config.OPERATOR_EMAIL);
    },
  };
}

/**
 * The rows of a new account in `trx`: the user, their wallet and, for a member, the trial points
 * to try the games with before any top-up (TRIAL_POINTS_ON_SIGNUP, status 8 orders). Undefined
 * when the (case-insensitive) email has an account already.
 */
export async function insertAccount(
  platform: Pick<Platform, 'config'>,
  trx: Tx,
  input: { name: string; email: string; passwordHash: string; role: Role; locale: string; promoOptIn: boolean; emailVerifiedAt?: Date; birthDate?: string | null },
) {
  const inserted = await authRepo.insertUser(trx, {
    name: input.name,
    email: input.email.toLowerCase(),
    password_hash: input.passwordHash,
    role: input.role,
    locale: input.locale,
    promo_opt_in: input.promoOptIn,
    email_verified_at: input.emailVerifiedAt ?? null,
    // Issue 32: null for a messaging-app sign-up, which is asked before it can play (PUT /api/me/birth-date).
    birth_date: input.birthDate ?? null,
  });
  if (!inserted) return undefined;
  const userId = inserted.id;
  await walletService.open(trx, userId);
  const trial = input.role === 'member' ? platform.config.TRIAL_POINTS_ON_SIGNUP : 0;
  if (trial > 0) await walletService.credit(trx, { userId, account: 'trial', kind: 'adjustment', refType: 'signup-trial', refId: userId, amount: trial });
  return inserted;
}

/**
 * A staff account made outside the API (`npm run staff -- create`, staff/first-supervisor.ts): the
 * user and their wallet, no session, no trial points, no verification mail. Refused (an error for
 * the terminal, not an API answer) when the address is in use.
 */
export async function insertStaffAccount(trx: Tx, config: HashConfig, input: { name: string; email: string; password: string; role: 'operator' | 'supervisor' }) {
  const inserted = await authRepo.insertUser(trx, { name: input.name, email: input.email.toLowerCase(), password_hash: await hashPassword(config, input.password), role: input.role, locale: 'en', promo_opt_in: false });
  if (!inserted) throw new Error(`an account with the email ${input.email} exists already`);
  await walletService.open(trx, inserted.id);
  return { id: inserted.id, email: inserted.email };
}

/**
 * A colleague a supervisor invited (staff/manage.ts): the user and their wallet, with a random
 * password nobody knows (`password_set` false) until they choose theirs from the invitation link.
 * Undefined when the address is in use.
 */
export async function insertInvitedStaffAccount(trx: Tx, config: HashConfig, input: { name: string; email: string; role: 'operator' | 'supervisor' }) {
  const unknowable = await hashPassword(config, crypto.randomBytes(32).toString('base64url'));
  const inserted = await authRepo.insertUser(trx, { name: input.name, email: input.email.toLowerCase(), password_hash: unknowable, password_set: false, role: input.role, locale: 'en', promo_opt_in: false });
  if (!inserted) return undefined;
  await walletService.open(trx, inserted.id);
  return { id: inserted.id, email: inserted.email };
}

/** Sets a user's password (hashed here) in `trx`: an invited colleague choosing theirs. */
export async function setAccountPassword(trx: Tx, config: HashConfig, userId: number, password: string) {
  await authRepo.setPasswordHash(trx, userId, await hashPassword(config, password));
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
export const findAccountById = (db: Executor, id: number) => authRepo.findUserById(db, id);

/** Ends every session of a user (but `except`) in `trx` (role change, lock, password change) and closes their sockets once it commits. */
export async function revokeSessionsOf(trx: Tx, outbox: Platform['outbox'], userId: number, at: Date, ttlMs: number, except?: string) {
  const ended = await authRepo.revokeSessionsOf(trx, userId, at, except);
  if (ended.length) await outbox.write(trx, ended.map(({ id }) => outbox.event({ room: sessionRoom(id), event: 'session_ended', payload: null }, at, ttlMs)));
  return ended.length;
}

/** Whether a user with this id exists; pass a transaction to read inside it. */
export async function userExists(db: Executor, userId: number): Promise<boolean> {
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
