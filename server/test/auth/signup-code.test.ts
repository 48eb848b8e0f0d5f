import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMessage } from '../../../scripts/lib/member-signup.ts';
import { mailFolder } from '../../src/mail/service.ts';
import { apiClient, type ApiResponse } from '../http/api-client.ts';
import { codeOfLiveSignup, expectLedgerMatchesBalance } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

const PASSWORD = 'code-step-pass-29';
const WRONG_CODES_PER_ADDRESS = 8;

/**
 * The second step of sign-up (issue 29 item 4): the emailed code makes the account once, dies
 * after 5 wrong tries or SIGNUP_CODE_TTL_MINUTES, needs the password chosen with it, and wrong
 * codes are limited per address. Answers to known emails are in auth/enumeration.test.ts.
 */
describe('sign-up codes', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let run = 0;
  const fresh = (tag: string) => `${tag}-${Date.now().toString(36)}-${++run}@example.com`;
  // Loopback is a trusted proxy: X-Forwarded-For gives each test an address of its own.
  const start = (email: string, from: string, extra: Record<string, unknown> = {}) =>
    api.post('/api/auth/signup', { json: { name: 'Coder', email, password: PASSWORD, passwordCheck: PASSWORD, birthDate: '1990-01-01', ...extra }, headers: { 'X-Forwarded-For': from } });
  const verify = (email: string, code: string, from: string, password = PASSWORD) =>
    api.post('/api/auth/signup/verify', { json: { email, code, password }, headers: { 'X-Forwarded-For': from } });
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const errorOf = (res: ApiResponse) => ({ status: res.status, code: res.body.error?.code });
  const accounts = async (email: string) => (await env.platform.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

  beforeAll(async () => {
    env = await testServer('embedded', {
      TRUST_PROXY: 'loopback',
      TRIAL_POINTS_ON_SIGNUP: '1000',
      SIGNUP_CODE_TTL_MINUTES: '30',
      LOGIN_ADDRESS_MAX_FAILURES: String(WRONG_CODES_PER_ADDRESS),
      PUBLIC_URL: 'https://play.example.com',
    });
    api = apiClient(env.url);
  });
  afterAll(() => env?.stop());

  it('the code mail holds the code and a link to the code step; the code makes the account with a verified email, its trial points and a session', async () => {
    const email = fresh('mailed');
    expect((await start(email, '192.0.2.1', { locale: 'en' })).status).toBe(202);
    const code = await codeOfLiveSignup(env, email);
    const mail = fs
      .readdirSync(mailFolder(env.platform.config))
      .filter((name) => name.startsWith('signup-code-'))
      .map((name) => readMessage(path.join(mailFolder(env.platform.config), name)))
      .find((message) => message?.to === email)!;
    expect(mail.text).toContain(`Your sign-up code is ${code}`);
    expect(mail.text).toContain('within 30 minutes');
    expect(mail.text).toContain(`https://play.example.com/auth#email=${encodeURIComponent(email)}&code=${code}`);

    const made = await verify(email, code, '192.0.2.1');
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ token: expect.any(String), user: { id: expect.any(String), name: 'Coder', email, locale: 'en', role: 'member' } });
    expect(made.headers.get('set-cookie')).toContain('gp_session=');
    expect((await api.get('/api/me', { token: made.body.token })).body).toMatchObject({ balance: 0, trialBalance: 1000 });
    expect((await api.get('/api/account/logins', { token: made.body.token })).body.emailVerified).toBe(true);
    expect((await api.post('/api/auth/login', { json: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('twenty verifies at once with the right code make one account, with its trial points once; a replay afterwards answers as a spent code', async () => {
    const email = fresh('race');
    await start(email, '192.0.2.2');
    const code = await codeOfLiveSignup(env, email);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => verify(email, code, `192.0.2.${100 + i}`)));
    const made = answers.filter((res) => res.status === 201);
    expect(made).toHaveLength(1);
    for (const other of answers.filter((res) => res.status !== 201)) expect(['code_invalid', 'code_expired']).toContain(other.body.error.code);
    expect(await accounts(email)).toBe(1);
    const userId = made[0]!.body.user.id as string;
    const trial = await env.platform.db.selectFrom('ledger').select(['amount']).where('user_id', '=', Number(userId)).where('ref_type', '=', 'signup-trial').execute();
    expect(trial).toEqual([{ amount: 1000 }]);
    await expectLedgerMatchesBalance(env.platform, Number(userId));

    const replay = await verify(email, code, '192.0.2.3');
    expect(errorOf(replay)).toEqual({ status: 422, code: 'code_invalid' });
    expect(await accounts(email)).toBe(1);
  });

  it('a code dies at its fifth wrong try: the right code then fails, and a new sign-up mails a new one that works', async () => {
    const email = fresh('guess');
    await start(email, '192.0.2.4');
    const code = await codeOfLiveSignup(env, email);
    for (let i = 0; i < 4; i++) expect(errorOf(await verify(email, otherThan(code), '192.0.2.4'))).toEqual({ status: 422, code: 'code_invalid' });
    expect(errorOf(await verify(email, otherThan(code), '192.0.2.4'))).toEqual({ status: 410, code: 'code_expired' });
    expect(errorOf(await verify(email, code, '192.0.2.5'))).toEqual({ status: 422, code: 'code_invalid' });
    expect(await accounts(email)).toBe(0);

    await start(email, '192.0.2.4');
    const next = await codeOfLiveSignup(env, email);
    expect((await verify(email, next, '192.0.2.5')).status).toBe(201);
  });

  it('twenty wrong guesses at once use up the code (each takes a try before it is compared); the right one is refused after them', async () => {
    const email = fresh('burst');
    await start(email, '192.0.2.6');
    const code = await codeOfLiveSignup(env, email);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => verify(email, otherThan(code), `198.51.100.${i}`)));
    for (const res of answers) expect(['code_invalid', 'code_expired']).toContain(res.body.error?.code);
    // The fifth try to be taken ended the sign-up before it answered.
    expect(await env.platform.db.selectFrom('pending_signups').select('wrong_tries').where('email', '=', email).execute()).toEqual([]);
    expect(errorOf(await verify(email, code, '192.0.2.7'))).toEqual({ status: 422, code: 'code_invalid' });
    expect(await accounts(email)).toBe(0);
  });

  it('the right code with another password is refused like a wrong code: a code reaching an inbox cannot finish a sign-up a stranger started', async () => {
    const email = fresh('stranger');
    await start(email, '192.0.2.8'); // a stranger's form, with the stranger's password
    const code = await codeOfLiveSignup(env, email);
    const owner = await verify(email, code, '192.0.2.9', 'owners-own-pass-29');
    const wrong = await verify(email, otherThan(code), '192.0.2.9');
    expect({ status: owner.status, body: owner.body }).toEqual({ status: wrong.status, body: wrong.body });
    expect(await accounts(email)).toBe(0);
  });

  it('a newer sign-up replaces the older: the older code no longer works, the newer one does, with the newer form', async () => {
    const email = fresh('twice');
    await start(email, '192.0.2.10', { name: 'First Try' });
    const first = await codeOfLiveSignup(env, email);
    await start(email, '192.0.2.10', { name: 'Second Try' });
    const second = await eventually('a new code', async () => {
      const code = await codeOfLiveSignup(env, email);
      return code !== first && code;
    });
    expect(errorOf(await verify(email, first, '192.0.2.11'))).toEqual({ status: 422, code: 'code_invalid' });
    const made = await verify(email, second, '192.0.2.11');
    expect(made.status).toBe(201);
    expect(made.body.user.name).toBe('Second Try');
  });

  it('wrong codes are limited per address, whichever emails they are for; another address is not held back', async () => {
    const from = '203.0.113.50';
    for (let i = 0; i < WRONG_CODES_PER_ADDRESS; i++) expect((await verify(fresh('nobody'), '000000', from)).status).toBe(422);
    const refused = await verify(fresh('nobody'), '000000', from);
    expect(errorOf(refused)).toEqual({ status: 429, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const email = fresh('elsewhere');
    await start(email, '203.0.113.51');
    expect((await verify(email, await codeOfLiveSignup(env, email), '203.0.113.51')).status).toBe(201);
  });

  it('a malformed code or email is a validation error naming the field, and takes no try', async () => {
    const email = fresh('format');
    await start(email, '192.0.2.12');
    const code = await codeOfLiveSignup(env, email);
    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify(email, bad, '192.0.2.12');
      expect({ status: res.status, code: res.body.error.code, fields: res.body.error.fields }).toEqual({ status: 422, code: 'validation_failed', fields: { code: bad ? 'invalid' : 'required' } });
    }
    expect((await api.post('/api/auth/signup/verify', { json: { email: 'not-an-email', code, password: PASSWORD } })).body.error.fields).toEqual({ email: 'email_invalid' });
    expect((await api.post('/api/auth/signup/verify', { json: {} })).body.error.fields).toEqual({ email: 'required', code: 'required', password: 'required' });
    // A code typed with a space, as mail apps sometimes show it.
    expect((await verify(email, `${code.slice(0, 3)} ${code.slice(3)}`, '192.0.2.12')).status).toBe(201);
  });

  // Last: it moves the platform's clock.
  it('a code expires after SIGNUP_CODE_TTL_MINUTES; expired sign-ups are purged a day later', async () => {
    const email = fresh('late');
    await start(email, '192.0.2.13');
    const code = await codeOfLiveSignup(env, email);
    env.clock.advance(31 * 60_000);
    expect(errorOf(await verify(email, code, '192.0.2.13'))).toEqual({ status: 410, code: 'code_expired' });
    expect(await accounts(email)).toBe(0);

    env.clock.advance(24 * 3600_000);
    expect(await env.services.signup.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await env.platform.db.selectFrom('pending_signups').select('email').where('email', '=', email).execute()).toEqual([]);
  });
});
