import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** A sign-up waiting for its emailed code (migration 0022-signup-codes). */
export interface NewPendingSignup {
  email: string;
  requestId: string;
  name: string;
  passwordHash: string;
  locale: string;
  promoOptIn: boolean;
  /** `YYYY-MM-DD` (issue 32). */
  birthDate: string;
  createdAt: Date;
  expiresAt: Date;
}

const pendingColumns = ['email', 'request_id', 'name', 'password_hash', 'locale', 'promo_opt_in', 'birth_date', 'code_hash', 'wrong_tries', 'expires_at'] as const;

export const signupRepo = {
  /** Writes the sign-up of `email`, replacing any older one (its code dies with it): the same statement whoever the email belongs to. */
  upsertPending(db: Executor, pending: NewPendingSignup) {
    const row = {
      email: pending.email,
      request_id: pending.requestId,
      name: pending.name,
      password_hash: pending.passwordHash,
      locale: pending.locale,
      promo_opt_in: pending.promoOptIn,
      birth_date: pending.birthDate,
      code_hash: null,
      wrong_tries: 0,
      created_at: pending.createdAt,
      expires_at: pending.expiresAt,
    };
    return db
      .insertInto('pending_signups')
      .values(row)
      .onConflict((oc) => oc.column('email').doUpdateSet(row))
      .execute();
  },

  /** The request's own row, still live and without a code yet: the locale its code mail is written in. */
  findUncoded(db: Executor, email: string, requestId: string, now: Date) {
    return db
      .selectFrom('pending_signups')
      .select(['locale'])
      .where('email', '=', email)
      .where('request_id', '=', requestId)
      .where('code_hash', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },

  /**
   * Sets the code of the request's own row, once: a retried mail job, or one whose sign-up a newer
   * one replaced, sets nothing (and mails nothing).
   */
  setCode(db: Executor, email: string, requestId: string, codeHash: string) {
    return db
      .updateTable('pending_signups')
      .set({ code_hash: codeHash })
      .where('email', '=', email)
      .where('request_id', '=', requestId)
      .where('code_hash', 'is', null)
      .returning('email')
      .executeTakeFirst();
  },

  /**
   * Takes one of the row's tries before its code is compared (a conditional UPDATE: parallel guesses
   * cannot compare more than `maxTries` codes in all). Undefined when there is no live row with a
   * try left.
   */
  takeTry(db: Executor, email: string, now: Date, maxTries: number) {
    return db
      .updateTable('pending_signups')
      .set({ wrong_tries: sql`wrong_tries + 1` })
      .where('email', '=', email)
      .where('wrong_tries', '<', maxTries)
      .where('expires_at', '>', now)
      .returning(pendingColumns)
      .executeTakeFirst();
  },

  /** Whatever row `email` has (live, expired or out of tries). */
  find(db: Executor, email: string) {
    return db.selectFrom('pending_signups').select(pendingColumns).where('email', '=', email).executeTakeFirst();
  },

  /** Removes the row of one request (used, or out of tries) and returns it — to one caller only. */
  take(db: Executor, email: string, requestId: string) {
    return db.deleteFrom('pending_signups').where('email', '=', email).where('request_id', '=', requestId).returning(pendingColumns).executeTakeFirst();
  },

  /** Housekeeping: sign-ups expired before `before`. */
  deleteExpired(db: Executor, before: Date) {
    return db.deleteFrom('pending_signups').where('expires_at', '<', before).executeTakeFirst();
  },
};

export type PendingSignup = NonNullable<Awaited<ReturnType<typeof signupRepo.find>>>;
