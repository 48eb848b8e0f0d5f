import crypto from 'node:crypto';
import type { Tx } from '../db/database.ts';
import { mailEffect } from '../mail/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { siteUrl } from './oidc-client.ts';
import { recoveryRepo, type TokenPurpose } from './recovery-repo.ts';
import { authRepo } from './repo.ts';
import { recipientMayGetMail, writeAccountNotice } from './account-notices.ts';
import { passwordResetJob } from './identity-jobs.ts';
import { refuseBreachedPassword } from './password-policy.ts';
import { hashPassword, NO_CONTEXT, revokeSessionsOf, type SessionContext } from './service.ts';

/** Only a SHA-256 of a link's token is stored: a copy of the database opens no account. */
const digest = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

type RecoveryPlatform = Pick<Platform, 'db' | 'now' | 'config' | 'outbox'>;

/**
 * Writes a fresh single-use link for `purpose` (retiring the member's older ones) and its email,
 * in `trx`: the mail goes out through the outbox once the transaction commits.
 */
async function issueLink(platform: RecoveryPlatform, trx: Tx, user: { id: number; email: string; locale: string }, purpose: TokenPurpose) {
  const { now, config, outbox } = platform;
  const token = crypto.randomBytes(32).toString('base64url');
  const at = now();
  const ttlMs = purpose === 'password_reset' ? config.PASSWORD_RESET_TTL_MINUTES * 60_000 : config.EMAIL_VERIFY_TTL_HOURS * 3_600_000;
  await recoveryRepo.retireTokens(trx, user.id, purpose, at);
  await recoveryRepo.insertToken(trx, { hash: digest(token), userId: user.id, purpose, createdAt: at, expiresAt: new Date(at.getTime() + ttlMs) });
  const page = purpose === 'password_reset' ? '/auth/reset' : '/auth/verify';
  await outbox.write(trx, [
    mailEffect({
      id: `${purpose === 'password_reset' ? 'reset' : 'verify'}-${digest(token).slice(0, 16)}`,
      to: user.email,
      locale: user.locale,
      template: purpose === 'password_reset' ? 'password_reset' : 'email_verify',
      params: { link: `${siteUrl(config)}${page}?token=${token}`, minutes: config.PASSWORD_RESET_TTL_MINUTES, hours: config.EMAIL_VERIFY_TTL_HOURS },
    }),
  ]);
}

/** Sign-up's verification email, in the sign-up transaction (auth/service.ts). */
export function sendVerificationIn(platform: RecoveryPlatform, trx: Tx, user: { id: number; email: string; locale: string }) {
  return issueLink(platform, trx, user, 'email_verify');
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;

/** Forgot password, reset, and email verification (issue 15). */
export function createRecoveryService(platform: RecoveryPlatform & Pick<Platform, 'rateLimiter'>) {
  const { db, now, config, outbox } = platform;
  return {
    /**
     * "Forgot password": queues the request (one outbox row, whoever the email belongs to), so the
     * answer takes the same time for a known email as for an unknown one (issue 29 item 4); the job
     * (`sendResetLink`) finds the account, if any, and mails it.
     */
    async forgotPassword(email: string) {
      await db.transaction().execute((trx) => outbox.write(trx, [passwordResetJob.effect({ email: email.toLowerCase(), requestId: crypto.randomUUID() })]));
      outbox.kick();
    },

    /** The queued request's work: a fresh link if the email has an account and its mail cap allows (MAIL_MAX_PER_RECIPIENT). */
    async sendResetLink(email: string): Promise<boolean> {
      const user = await authRepo.findUserByEmail(db, email);
      if (!user || !(await recipientMayGetMail(platform, user.email))) return false;
      await db.transaction().execute((trx) => issueLink(platform, trx, { id: user.id, email: user.email, locale: user.locale }, 'password_reset'));
      outbox.kick();
      return true;
    },

    /** Sets the new password once per link, ends every session of the account (a thief's too) and tells the owner. */
    async resetPassword(token: string, password: string, context: SessionContext = NO_CONTEXT) {
      refuseBreachedPassword(password);
      const passwordHash = await hashPassword(config, password);
      await db.transaction().execute(async (trx) => {
        const at = now();
        const used = await recoveryRepo.consumeToken(trx, digest(token), 'password_reset', at);
        if (!used) throw new AppError('link_expired');
        const userId = used.user_id;
        await recoveryRepo.setPassword(trx, userId, passwordHash);
        // The link reached this inbox: the address is the member's.
        await recoveryRepo.markEmailVerified(trx, userId, at);
        await revokeSessionsOf(trx, outbox, userId, at, config.SESSION_TTL_SECONDS * 1000);
        const contact = await recoveryRepo.contactOf(trx, userId);
        if (contact) await writeAccountNotice(platform, trx, { id: userId, email: contact.email, locale: contact.locale }, 'password_reset', context);
      });
      outbox.kick();
    },

    async verifyEmail(token: string) {
      await db.transaction().execute(async (trx) => {
        const at = now();
        const used = await recoveryRepo.consumeToken(trx, digest(token), 'email_verify', at);
        if (!used) throw new AppError('link_expired');
        await recoveryRepo.markEmailVerified(trx, used.user_id, at);
      });
    },

    /** Sends the verification link again (a member who lost it); nothing when already verified. */
    async resendVerification(userId: number) {
      const contact = await recoveryRepo.contactOf(db, userId);
      if (!contact || contact.email_verified_at || !(await recipientMayGetMail(platform, contact.email))) return;
      await db.transaction().execute((trx) => issueLink(platform, trx, { id: userId, email: contact.email, locale: contact.locale }, 'email_verify'));
      outbox.kick();
    },

    /** Housekeeping: links expired a day ago or more. */
    async purgeExpired() {
      const result = await recoveryRepo.deleteStaleTokens(db, new Date(now().getTime() - 24 * 3600 * 1000));
      return Number(result.numDeletedRows);
    },
  };
}
