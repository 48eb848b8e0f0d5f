import crypto from 'node:crypto';
import argon2 from 'argon2';
import { SignJWT, jwtVerify } from 'jose';
import { isStaffRole, type AuditEntry, type AuditQuery, type Role, type StaffChallenge, type StaffMember, type StaffSession } from '@gp/common';
import { findAccountByEmail, findAccountById, hashPassword, NO_CONTEXT, revokeSessionsOf, type AuthService, type SessionContext } from '../auth/service.ts';
import type { Executor, Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import { isId } from '../platform/ids.ts';
import { STAFF_CHALLENGE_MAX_WRONG_CODES } from '../platform/rate-limiter.ts';
import type { Platform } from '../platform/platform.ts';
import { presentStaffUser } from './present.ts';
import { staffRepo } from './repo.ts';
import {
  checkTotp,
  enrolment,
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  openSecret,
  RECOVERY_CODE_COUNT,
  sealSecret,
} from './totp.ts';
import type { StaffActor } from './actor.ts';
import { hashEnrolmentToken, issueEnrolmentLink } from './enrolment.ts';
import { staffManagement } from './manage.ts';

export { actorOf, type StaffActor } from './actor.ts';
export { access, ADMIN_ACCESS, JOB_BOARD_PATH, type AdminRoute } from './access.ts';
export { ROLLING_DAY_MS, selfApprovedMoney } from './money-bound.ts';
export { enrolmentUrl, inviteUrl, issueEnrolmentLink } from './enrolment.ts';

/** How long the step between password and code may take. */
const CHALLENGE_SECONDS = 300;
const CHALLENGE_AUDIENCE = 'gpoints-staff-mfa';

export interface AuditWrite {
  action: string;
  targetType: string;
  /** A row's id, or another key (a queue item's `kind:id`): `audit_log.target_id` is text. */
  targetId?: number | string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one entry to the audit log in the caller's transaction: the entry exists exactly when the
 * action committed. The table refuses UPDATE and DELETE (migration 0011), and no route edits it.
 */
export async function recordAudit(trx: Executor, actor: StaffActor | null, entry: AuditWrite, at: Date) {
  await staffRepo.appendAudit(trx, {
    actorId: actor?.id ?? null,
    actorRole: actor?.role ?? 'system',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before,
    after: entry.after,
    address: actor?.address ?? null,
    at,
  });
}

/**
 * A staff action another feature's service committed on its own (a draw's pool amounts, its
 * jackpot): audited right after it, in a transaction of its own.
 */
export function auditAfter(platform: Pick<Platform, 'db' | 'now'>, actor: StaffActor, entry: AuditWrite) {
  return platform.db.transaction().execute((trx) => recordAudit(trx, actor, entry, platform.now()));
}

export type StaffService = ReturnType<typeof createStaffService>;

/**
 * Staff sign-in (password, then a TOTP code — enrolled on the first sign-in, with recovery codes),
 * roles (a change ends the user's sessions), and the audit log.
 */
export function createStaffService(platform: Pick<Platform, 'db' | 'secret' | 'now' | 'config' | 'outbox' | 'rateLimiter'>, auth: AuthService) {
  const { db, secret, now, config, outbox, rateLimiter } = platform;
  let dummyHash: Promise<string> | undefined;
  /** A failed step against a staff account, in the audit log (issue 29 item 5): who was tried, from where, and how it failed. */
  const auditFailure = (row: { id: number | number; role: string; name: string }, address: string | null, action: string, reason: string) =>
    db
      .transaction()
      .execute((trx) =>
        recordAudit(
          trx,
          { id: row.id, role: row.role, name: row.name, address },
          { action, targetType: 'user', targetId: row.id, after: { reason } },
          now(),
        ),
      );

  /** `link`: the enrolment link a first sign-in came with; it is spent when the enrolment completes. */
  async function challengeFor(userId: number, enrolling: boolean, link?: string) {
    return new SignJWT({ enrolling, ...(link ? { link } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(crypto.randomUUID())
      .setSubject(String(userId)) // JWT's `sub` is a string
      .setAudience(CHALLENGE_AUDIENCE)
      .setIssuedAt(Math.floor(now().getTime() / 1000))
      .setExpirationTime(Math.floor(now().getTime() / 1000) + CHALLENGE_SECONDS)
      .sign(secret);
  }

  async function readChallenge(token: string): Promise<{ userId: number; enrolling: boolean; id: string; link: string | null }> {
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], audience: CHALLENGE_AUDIENCE, currentDate: now() });
      if (typeof payload.sub !== 'string' || !isId(payload.sub) || typeof payload.jti !== 'string') throw new Error('no subject');
      return { userId: Number(payload.sub), enrolling: payload.enrolling === true, id: payload.jti, link: typeof payload.link === 'string' ? payload.link : null };
    } catch {
      throw new AppError('session_expired'); // start again from the password
    }
  }

  const service = {
    /** The staff account a sign-in challenge is for (the code step's per-account limit is keyed by it). */
    challengeOf: readChallenge,

    /**
     * Step 1. Anyone but an unlocked staff member with the right password hears `invalid_credentials`,
     * after the same hashing work (a locked account too, whatever the password: its state is not a
     * password oracle). A failure against a staff account is audited. A staff member who has not
     * enrolled an authenticator yet needs the single-use link they were given (`enrolmentToken`,
     * ./enrolment.ts): without it `enrolment_required`, with a used, expired or someone else's
     * `link_expired` — the password alone never enrols.
     */
    async login(email: string, password: string, address: string | null = null, enrolmentToken?: string): Promise<StaffChallenge> {
      const row = await findAccountByEmail(db, email);
      // The same cost as a real password's hash (argon2's own default is three times dearer): an
      // unknown email must not answer measurably later than a known one.
      dummyHash ??= hashPassword(config, 'not-a-real-password');
      const valid = await argon2.verify(row?.password_hash ?? (await dummyHash), password);
      const staffAccount = row && isStaffRole(row.role) ? row : undefined;
      if (!staffAccount || !valid || staffAccount.locked_at) {
        if (staffAccount) await auditFailure(staffAccount, address, 'staff.sign_in_failed', !valid ? 'password' : 'locked');
        throw new AppError('invalid_credentials');
      }
      const userId = staffAccount.id;
      const totp = await staffRepo.totp(db, userId);
      if (totp?.enrolled_at) return { challenge: await challengeFor(userId, false) };
      if (!enrolmentToken) throw new AppError('enrolment_required');
      const link = await staffRepo.usableEnrolmentLink(db, hashEnrolmentToken(secret, enrolmentToken), userId, now());
      if (!link) throw new AppError('link_expired');
      // First sign-in (or an enrolment never finished): a new secret, shown once as a QR code.
      const fresh = newTotpSecret();
      await staffRepo.startEnrolment(db, userId, sealSecret(secret, fresh));
      return { challenge: await challengeFor(userId, true, String(link.id)), enrol: await enrolment(fresh, staffAccount.email) };
    },

    /**
     * Step 2: a TOTP code (or, once enrolled, a recovery code) → a staff session; recovery codes right
     * after enrolment. A challenge survives STAFF_CHALLENGE_MAX_WRONG_CODES wrong codes; after that it
     * answers `session_expired` (the password step again). Wrong codes are audited.
     */
    async verify(
      challenge: string,
      code: string,
      context: SessionContext = NO_CONTEXT,
    ): Promise<StaffSession & { session: { sessionId: string; token: string; expiresAt: Date } }> {
      const address = context.address;
      const { userId, enrolling, id: challengeId, link } = await readChallenge(challenge);
      // Counted before the code is checked (parallel guesses cannot slip past), given back unless wrong.
      const taken = await rateLimiter.consume('staff.challenge', challengeId);
      const giveBack = () => rateLimiter.reward('staff.challenge', challengeId);
      if (taken.count > STAFF_CHALLENGE_MAX_WRONG_CODES) {
        await giveBack();
        throw new AppError('session_expired');
      }
      const row = await findAccountById(db, userId);
      if (!row || !isStaffRole(row.role) || row.locked_at) {
        await giveBack();
        throw new AppError('invalid_credentials');
      }
      const totp = await staffRepo.totp(db, userId);
      if (!totp) {
        await giveBack();
        throw new AppError('session_expired');
      }
      const at = now();
      let method: 'totp' | 'recovery' = 'totp';
      let recoveryCodes: string[] | undefined;
      try {
        await db.transaction().execute(async (trx) => {
          const checked = await checkTotp(openSecret(secret, totp.secret), code.trim(), at, totp.last_step);
          if (checked.valid) {
            if (!(await staffRepo.useStep(trx, userId, checked.step, at))) throw new AppError('totp_invalid'); // replayed
          } else {
            const recovered =
              !enrolling &&
              totp.enrolled_at &&
              normalizeRecoveryCode(code).length === 12 &&
              (await staffRepo.useRecoveryCode(trx, userId, hashRecoveryCode(secret, code), at));
            if (!recovered) throw new AppError('totp_invalid');
            method = 'recovery';
          }
          if (enrolling && !totp.enrolled_at) {
            // The link is spent here, with the enrolment it allowed: a second use finds it gone.
            if (!link || !(await staffRepo.useEnrolmentLink(trx, Number(link), userId, at))) throw new AppError('link_expired');
            recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
            await staffRepo.replaceRecoveryCodes(
              trx,
              userId,
              recoveryCodes.map((c) => hashRecoveryCode(secret, c)),
            );
          }
          const actor = { id: userId, role: row.role, name: row.name, address };
          await recordAudit(
            trx,
            actor,
            { action: enrolling ? 'staff.enrolled' : 'staff.signed_in', targetType: 'user', targetId: userId, after: { method } },
            at,
          );
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'totp_invalid') await auditFailure(row, address, 'staff.code_failed', 'code');
        else await giveBack();
        throw error;
      }
      await giveBack();
      const session = await auth.openStaffSession(userId, row.role, context);
      return {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        user: presentStaffUser(row),
        ...(recoveryCodes ? { recoveryCodes } : {}),
        session,
      };
    },

    /**
     * A supervisor issues a single-use enrolment link for a staff member who has not enrolled an
     * authenticator yet (one who has keeps their recovery codes for a lost phone): the answer's
     * token is shown once, audited without it.
     */
    async issueEnrolmentLink(actor: StaffActor, userId: number): Promise<{ token: string; expiresAt: string }> {
      return db.transaction().execute(async (trx) => {
        const row = await staffRepo.lockUser(trx, userId);
        if (!row) throw new AppError('not_found');
        if (!isStaffRole(row.role) || (await staffRepo.totp(trx, userId))?.enrolled_at) throw new AppError('validation_failed', { fields: { id: 'invalid' } });
        const at = now();
        const link = await issueEnrolmentLink(trx, { secret, config }, { userId, issuedBy: actor.id, at });
        await recordAudit(trx, actor, { action: 'staff.enrolment_link_issued', targetType: 'user', targetId: userId, after: { expiresAt: link.expiresAt.toISOString() } }, at);
        return { token: link.token, expiresAt: link.expiresAt.toISOString() };
      });
    },

    async staff(): Promise<StaffMember[]> {
      return (await staffRepo.staff(db)).map((r) => ({ id: String(r.id), name: r.name, email: r.email, role: r.role, enrolled: r.enrolled_at !== null, active: r.locked_at === null, passwordSet: r.password_set }));
    },

    /** A supervisor (`null`: the system, e.g. a script) changes a user's role: their sessions end in the same transaction (and their sockets close). */
    async setRole(actor: StaffActor | null, userId: number, role: Role) {
      if (userId === actor?.id) throw new AppError('forbidden'); // nobody demotes (or promotes) themselves
      await db.transaction().execute(async (trx: Tx) => {
        const row = await staffRepo.lockUser(trx, userId);
        if (!row) throw new AppError('not_found');
        if (row.role === role) return;
        await staffRepo.setRole(trx, userId, role);
        await revokeSessionsOf(trx, outbox, userId, now(), config.SESSION_TTL_SECONDS * 1000);
        await recordAudit(
          trx,
          actor,
          { action: 'staff.role_changed', targetType: 'user', targetId: userId, before: { role: row.role }, after: { role } },
          now(),
        );
      });
      outbox.kick();
    },

    async audit(query: AuditQuery): Promise<AuditEntry[]> {
      return (await staffRepo.audit(db, query)).map((r) => ({
        id: String(r.id),
        actorId: r.actor_id === null ? null : String(r.actor_id),
        actorName: r.actor_name ?? null,
        actorRole: r.actor_role,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        before: r.before,
        after: r.after,
        address: r.address,
        at: new Date(r.at).toISOString(),
      }));
    },

    /**
     * Demo seeding only: a fresh enrolment link for the seeded supervisor while they have not enrolled
     * (null once they have), so the demo's console opens with the link printed at start-up.
     */
    async demoEnrolmentLink(email: string): Promise<{ token: string; expiresAt: Date } | null> {
      const row = await findAccountByEmail(db, email);
      if (!row || !isStaffRole(row.role) || (await staffRepo.totp(db, row.id))?.enrolled_at) return null;
      return db.transaction().execute(async (trx) => {
        const link = await issueEnrolmentLink(trx, { secret, config }, { userId: row.id, issuedBy: null, at: now() });
        await recordAudit(trx, null, { action: 'staff.enrolment_link_issued', targetType: 'user', targetId: row.id, after: { expiresAt: link.expiresAt.toISOString(), via: 'demo seeding' } }, now());
        return link;
      });
    },

    /** The seeded operator account is the first supervisor. */
    async promoteSeededOperator(email: string) {
      await db.transaction().execute(async (trx) => {
        const promoted = await staffRepo.promote(trx, email);
        if (promoted)
          await recordAudit(
            trx,
            null,
            { action: 'staff.role_changed', targetType: 'user', targetId: promoted.id, before: { role: 'operator' }, after: { role: 'supervisor' } },
            now(),
          );
      });
    },
  };

  return { ...service, ...staffManagement({ db, secret, now, config, outbox, recordAudit, login: service.login }) };
}
