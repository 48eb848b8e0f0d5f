import { afterEach } from 'vitest';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import { ADULT_BIRTH_DATE, mailFolderCodes, readMessage, signupCodeIn, signUpWithCode, type CodeReader, type SignupForm } from '../../../scripts/lib/member-signup.ts';
import { mailFolder } from '../../src/mail/service.ts';
import type { Platform } from '../../src/platform/platform.ts';
import type { RunningServer } from '../../src/server.ts';
import { walletService } from '../../src/wallet/service.ts';
import { walletRepo } from '../../src/wallet/repo.ts';
import { call, type ApiResponse } from '../http/api-client.ts';
import { eventually } from './wait.ts';

/**
 * Signs up over HTTP through both steps, as a person does: the form, the code from the mail the
 * server sent (its mail folder, or `codes` — an SMTP sink's `signupCodes()` when SMTP_URL points
 * there), then the code. Answers like the old one-step sign-up: 201 `{ token, user }`, or the
 * form's refusal (422, 429) as it came. `headers` go with both requests (X-Forwarded-For).
 */
export function signUp(
  env: { url: string; platform: Pick<Platform, 'config'> },
  form: SignupForm,
  options: { headers?: Record<string, string>; codes?: CodeReader } = {},
): Promise<ApiResponse> {
  const post = (route: string, json: unknown) => call(env.url, 'POST', route, { json, headers: options.headers });
  return signUpWithCode(post, form, options.codes ?? mailFolderCodes(mailFolder(env.platform.config)));
}

/**
 * The code mailed for the sign-up of `email` that is live now (the newest form's: each request's
 * mail is `signup-code-<request>.eml`), for tests where several forms for one email race and
 * "the newest code mail" would not say which is live.
 */
export async function codeOfLiveSignup(env: { platform: Pick<Platform, 'config' | 'db'> }, email: string): Promise<string> {
  const pending = await env.platform.db.selectFrom('pending_signups').select('request_id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  const file = path.join(mailFolder(env.platform.config), `signup-code-${pending.request_id}.eml`);
  return eventually(`the code mail of the live sign-up of ${email}`, () => (fs.existsSync(file) ? signupCodeIn(readMessage(file)?.text ?? '') : undefined), 15_000);
}

/**
 * A fresh member made through the auth service without the emailed code (as the demo seeding
 * does), for the many tests about what members do rather than how they sign up; returns their id
 * and token. Sign-up itself is tested over HTTP (`signUp`, auth/signup.test.ts).
 */
export async function newMember(services: RunningServer['services'], name = 'Member') {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const { token, user } = await services.auth.createAccount({ name, email, password: 'correct-horse-1', promoOptIn: false, birthDate: ADULT_BIRTH_DATE });
  return { id: user.id, email, token, password: 'correct-horse-1' };
}

/**
 * `count` bare members made by SQL (`<tag><n>@<tag>.test`), for tests of tables keyed by member
 * that need many and no wallet or session; returns their ids.
 */
export async function insertMembers(platform: Pick<Platform, 'db'>, tag: string, count: number) {
  const { rows } = await sql<{ id: number }>`
    insert into users (name, email, password_hash, role, locale, promo_opt_in)
    select ${tag} || g, ${tag} || g || '@' || ${tag} || '.test', 'x', 'member', 'en', false from generate_series(1, ${count}::int) g
    returning id`.execute(platform.db);
  return rows.map((row) => row.id);
}

/** Gives a member points through the wallet module, as an operator adjustment would. */
export async function grantPoints(platform: Platform, userId: number, amount: number, account: 'real' | 'trial' = 'real') {
  await platform.db.transaction().execute((trx) =>
    walletService.credit(trx, { userId, account, kind: 'adjustment', amount, refType: 'test-grant', refId: crypto.randomUUID() }),
  );
}

/** The money invariant: balance equals the sum of the ledger, for both accounts, never negative. */
export async function expectLedgerMatchesBalance(platform: Platform, userId: number) {
  const row = await walletRepo.reconcile(platform.db, userId);
  if (!row) throw new Error(`no wallet for ${userId}`);
  if (row.balance !== Number(row.real_sum) || row.trial_balance !== Number(row.trial_sum) || row.balance < 0 || row.trial_balance < 0) {
    throw new Error(`wallet ${userId} out of balance: ${JSON.stringify(row)}`);
  }
  return row;
}

export const authHeader = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * `member(name)` signs up a member whose wallet is checked after every test of the file:
 * balance = sum of the ledger, never negative. `envOf` is read lazily (the server starts in beforeAll).
 */
export function membersWithLedgerCheck(envOf: () => { platform: Platform; services: RunningServer['services'] }) {
  const touched = new Set<string>();
  afterEach(async () => {
    for (const id of touched) await expectLedgerMatchesBalance(envOf().platform, Number(id));
    touched.clear();
  });
  return async (name: string) => {
    const m = await newMember(envOf().services, name);
    touched.add(m.id);
    return m;
  };
}
