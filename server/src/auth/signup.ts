import crypto from 'node:crypto';
import argon2 from 'argon2';
import type { SignupStarted } from '@gp/common';
import { mailEffect } from '../mail/service.ts';
import { AppError } from '../platform/errors.ts';
import { assertAdult } from '../responsible-play/service.ts';
import type { Platform } from '../platform/platform.ts';
import { recipientMayGetMail, sendAccountNotice } from './account-notices.ts';
import { signupRequestJob } from './identity-jobs.ts';
import { siteUrl } from './oidc-client.ts';
import { authRepo } from './repo.ts';
import { hashPassword, insertAccount, NO_CONTEXT, type AuthService, type SessionContext, type SignedIn } from './service.ts';
import { signupRepo } from './signup-repo.ts';

/** Codes a pending sign-up may be tried with; the fifth wrong one ends it (a new sign-up mails a new code). */
export const SIGNUP_CODE_MAX_TRIES = 5;

export type SignupService = ReturnType<typeof createSignupService>;

type SignupPlatform = Pick<Platform, 'db' | 'now' | 'config' | 'outbox' | 'secret' | 'rateLimiter'>;

/**
 * Sign-up in two steps, so that its answers say nothing about who has an account (issue 29 item 4,
 * ASVS 2.2 / OWASP's "registration" advice):
 *
 * 1. `start`: the form is checked, the password hashed and a pending sign-up written — the same
 *    work and the same answer whatever the email — and a job queued. The job (`mailCode`) looks the
 *    email up: an address with no account gets a 6-digit code, an owner a notice ("someone tried to
 *    sign up with your address"), both within the per-recipient mail cap.
 * 2. `verify`: the code and the password chosen in step 1 make the account, with its trial points
 *    and its first session, in one transaction, once. A registered email's pending sign-up has no
 *    code, so it fails like a wrong code. Asking for the password as well means a code that reaches
 *    an inbox cannot complete a sign-up a stranger started with that address (and their password).
 */
export function createSignupService(platform: SignupPlatform, auth: AuthService) {
  const { db, now, config, outbox, secret } = platform;
  /** Codes are stored as an HMAC under the server secret: a 6-digit code would fall to a plain hash in a second. */
  const codeHash = (email: string, code: string) => crypto.createHmac('sha256', secret).update(`signup-code:${email}:${code}`).digest('base64url');
  const sameHash = (given: string, stored: string | null) =>
    stored !== null && stored.length === given.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(stored));

  return {
    /** Step 1 (`POST /api/auth/signup`): one pending sign-up per email, a newer one replacing the older. */
    async start(input: { name: string; email: string; password: string; birthDate: string; promoOptIn: boolean; locale?: string }, context: SessionContext = NO_CONTEXT): Promise<SignupStarted> {
      const email = input.email.toLowerCase();
      // Issue 32: under 18 is refused here, before anything is written or mailed.
      assertAdult(input.birthDate, now());
      // Hashed here, whoever the email belongs to: the answer takes the argon2 time in every case.
      const passwordHash = await hashPassword(config, input.password);
      const at = now();
      const requestId = crypto.randomUUID();
      await db.transaction().execute(async (trx) => {
        await signupRepo.upsertPending(trx, {
          email,
          requestId,
          name: input.name,
          passwordHash,
          locale: input.locale ?? 'zh-TW',
          promoOptIn: input.promoOptIn,
          birthDate: input.birthDate,
          createdAt: at,
          expiresAt: new Date(at.getTime() + config.SIGNUP_CODE_TTL_MINUTES * 60_000),
        });
        await outbox.write(trx, [signupRequestJob.effect({ email, requestId, address: context.address })]);
      });
      outbox.kick();
      return { status: 'verification_sent', email };
    },

    /**
     * The queued request's work (identity-jobs.ts): an owner is told, a free address gets its code,
     * both within MAIL_MAX_PER_RECIPIENT. A request a newer sign-up replaced mails nothing. Past the
     * cap nothing is mailed and no code is set, so that sign-up can never be completed by guessing.
     */
    async mailCode(request: { email: string; requestId: string; address: string | null }): Promise<'notice' | 'code' | 'replaced' | 'capped'> {
      const { email, requestId } = request;
      const owner = await authRepo.findUserByEmail(db, email);
      if (owner) {
        await sendAccountNotice(platform, { id: owner.id, email: owner.email, locale: owner.locale }, 'signup_existing', { address: request.address, userAgent: null }, { capped: true });
        return 'notice';
      }
      const pending = await signupRepo.findUncoded(db, email, requestId, now());
      if (!pending) return 'replaced';
      if (!(await recipientMayGetMail(platform, email))) return 'capped';
      const code = crypto.randomInt(0, 10 ** 6).toString().padStart(6, '0');
      const link = `${siteUrl(config)}/auth#${new URLSearchParams({ email, code }).toString()}`;
      await db.transaction().execute(async (trx) => {
        if (!(await signupRepo.setCode(trx, email, requestId, codeHash(email, code)))) return;
        await outbox.write(trx, [
          mailEffect({ id: `signup-code-${requestId}`, to: email, locale: pending.locale, template: 'signup_code', params: { code, minutes: config.SIGNUP_CODE_TTL_MINUTES, link } }),
        ]);
      });
      outbox.kick();
      return 'code';
    },

    /**
     * Step 2 (`POST /api/auth/signup/verify`): the account, its trial points and its first session,
     * once. `code_invalid` for a wrong code or password, no sign-up, a spent one or a registered
     * email; `code_expired` for one past its time or its tries. A try is taken before the code is
     * compared, so parallel guesses compare at most SIGNUP_CODE_MAX_TRIES codes in all.
     */
    async verify(input: { email: string; code: string; password: string }, context: SessionContext = NO_CONTEXT): Promise<SignedIn> {
      const email = input.email.toLowerCase();
      const at = now();
      const tried = await signupRepo.takeTry(db, email, at, SIGNUP_CODE_MAX_TRIES);
      if (!tried) throw new AppError((await signupRepo.find(db, email)) ? 'code_expired' : 'code_invalid');
      const codeRight = sameHash(codeHash(email, input.code), tried.code_hash);
      if (!codeRight || !(await argon2.verify(tried.password_hash, input.password))) {
        if (tried.wrong_tries < SIGNUP_CODE_MAX_TRIES) throw new AppError('code_invalid');
        await signupRepo.take(db, email, tried.request_id);
        throw new AppError('code_expired');
      }
      const signedIn = await db.transaction().execute(async (trx) => {
        // Taken once: of parallel verifies with the right code, one gets the row, the others nothing.
        const pending = await signupRepo.take(trx, email, tried.request_id);
        if (!pending) return undefined;
        const row = await insertAccount(platform, trx, {
          name: pending.name,
          email,
          passwordHash: pending.password_hash,
          role: 'member',
          locale: pending.locale,
          promoOptIn: pending.promo_opt_in,
          birthDate: pending.birth_date,
          // The code came back from this inbox: the address is the member's.
          emailVerifiedAt: at,
        });
        // Registered meanwhile (a provider login made the account): the sign-up is spent all the same.
        return row && auth.signInWith(trx, row, context);
      });
      outbox.kick();
      if (!signedIn) throw new AppError('code_invalid');
      return signedIn;
    },

    /** Housekeeping: sign-ups expired a day ago or more. */
    async purgeExpired() {
      const result = await signupRepo.deleteExpired(db, new Date(now().getTime() - 24 * 3600 * 1000));
      return Number(result.numDeletedRows);
    },
  };
}
