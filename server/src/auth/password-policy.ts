import { dictionary } from '@zxcvbn-ts/language-common';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../platform/errors.ts';

/**
 * Passwords that leaked (ASVS 2.1.7): the 49,000-odd most common passwords of public breach
 * corpora, as shipped in `@zxcvbn-ts/language-common` (MIT, pinned in server/package.json) — no
 * call out at run time. The length rule (12–128 characters, common/src/schemas/auth.ts) already
 * refuses most of them; what is left are the long ones (`1qaz2wsx3edc`, `qwerty123456`) and a
 * listed password padded with digits or symbols (`password1234!`), which cracking rules try first.
 */
let breached: Set<string> | undefined;
const breachedList = () => (breached ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())));

/** Shortest listed word that still counts once digits or symbols are stripped from its end. */
const MIN_PADDED_WORD = 4;

/** Whether `password` is a leaked one, or a leaked one with digits and symbols added at the end, or one character repeated. */
export function isBreachedPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = breachedList();
  if (list.has(lower)) return true;
  if (new Set(lower).size === 1) return true;
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return stem.length >= MIN_PADDED_WORD && stem !== lower && list.has(stem);
}

/** Refuses a leaked password for a new password field: 422 `validation_failed` with `{ [field]: 'password_breached' }`. */
export function refuseBreachedPassword(password: string, field = 'password') {
  if (isBreachedPassword(password)) throw new AppError('validation_failed', { fields: { [field]: 'password_breached' } });
}

/** The same as middleware, after the body's validation and before any rate limit (a refused form does not count): `refuseBreached((req) => body.of(req).password)`. */
export const refuseBreached =
  (passwordOf: (req: Request) => string): RequestHandler =>
  (req, _res, next) => {
    refuseBreachedPassword(passwordOf(req));
    next();
  };
