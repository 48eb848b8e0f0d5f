import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { startMailSink } from '../mail/mail-sink.ts';
import { newMember, signUp } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { jobSettles } from '../support/queues.ts';
import { eventually } from '../support/wait.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Issue 29 items 4 and 6: answers that say nothing about an account, and mail a stranger cannot pile on anyone. */
describe('account enumeration and mail caps', () => {
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    sink = await startMailSink();
    // Loopback is a trusted proxy: X-Forwarded-For stands in for the many addresses of a botnet.
    env = await testServer('embedded', { SMTP_URL: sink.url, TRUST_PROXY: 'loopback', MAIL_MAX_PER_RECIPIENT: '3', MAIL_RECIPIENT_WINDOW_SECONDS: '3600' });
    api = apiClient(env.url);
  });
  afterAll(async () => {
    await env?.stop();
    await sink?.close();
  });

  it('forgot-password answers a known and an unknown email alike, in the same time (the lookup is queued, not done in the request)', async () => {
    const member = await newMember(env.services, 'Known');
    const forgot = (email: string, from: string) => api.post('/api/auth/password/forgot', { json: { email }, headers: { 'X-Forwarded-For': from } });
    const timed = async (email: string, from: string) => {
      const started = performance.now();
      const res = await forgot(email, from);
      const ms = performance.now() - started;
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ ok: true });
      return ms;
    };
    // Pairs taken back to back (which goes first alternates), each from its own address: the median
    // of the pairs' differences stands even when the machine is busy and every request is slow.
    const differences: number[] = [];
    const all: number[] = [];
    for (let i = 0; i < 40; i++) {
      const from = `198.51.${100 + (i % 2)}.${i}`;
      const unknownFirst = i % 2 === 0;
      const first = await timed(unknownFirst ? `nobody-${i}@example.com` : member.email, from);
      const second = await timed(unknownFirst ? member.email : `nobody-${i}@example.com`, from);
      const [known, unknown] = unknownFirst ? [second, first] : [first, second];
      differences.push(known - unknown);
      all.push(known, unknown);
    }
    // Before: 12.4 ms against 4.6 ms (the known email's link was written in the request), a
    // difference as large as the answer itself. Now both write one queued row.
    const gap = median(differences);
    expect(Math.abs(gap), `median known − unknown ${gap.toFixed(1)} ms of a median ${median(all).toFixed(1)} ms`).toBeLessThan(Math.max(3, 0.25 * median(all)));
    // The known email got its link(s) — within its cap — and the unknown ones nothing.
    await sink.mailTo(member.email, /auth\/reset/);
    expect(sink.received.filter((mail) => mail.to.some((to) => to.startsWith('nobody-')))).toEqual([]);
  });

  it('sign-up answers a known and an unknown email alike, in the same time; the owner is told by email, the newcomer gets a code', async () => {
    const member = await newMember(env.services, 'Registered');
    const form = (email: string) => ({ name: 'Someone', email, password: 'someone-pass-29', passwordCheck: 'someone-pass-29', birthDate: '1990-01-01', locale: 'en' });
    const timed = async (email: string, from: string) => {
      const started = performance.now();
      const res = await api.post('/api/auth/signup', { json: form(email), headers: { 'X-Forwarded-For': from } });
      const ms = performance.now() - started;
      return { ms, answer: { status: res.status, body: res.body } };
    };
    // As for forgot-password above: back-to-back pairs, which goes first alternating, each pair from its own address.
    // One newcomer address asked again and again, as the registered one is: a repeated address replaces its
    // pending sign-up (an update, a few ms dearer than the insert of a fresh one), which would otherwise be
    // timed instead of whether the address has an account.
    const newcomer = `newcomer-0-${Date.now()}@example.com`;
    const differences: number[] = [];
    const all: number[] = [];
    for (let i = 0; i < 40; i++) {
      const from = `192.0.2.${100 + i}`;
      const unknownFirst = i % 2 === 0;
      const first = await timed(unknownFirst ? newcomer : member.email, from);
      const second = await timed(unknownFirst ? member.email : newcomer, from);
      const [known, unknown] = unknownFirst ? [second, first] : [first, second];
      // Before: 409 email_taken for the known email, 201 with a session for the new one.
      expect(known.answer).toEqual({ status: 202, body: { status: 'verification_sent', email: member.email } });
      expect(unknown.answer).toEqual({ status: 202, body: { status: 'verification_sent', email: newcomer } });
      differences.push(known.ms - unknown.ms);
      all.push(known.ms, unknown.ms);
    }
    const gap = median(differences);
    expect(Math.abs(gap), `median known − unknown ${gap.toFixed(1)} ms of a median ${median(all).toFixed(1)} ms`).toBeLessThan(Math.max(3, 0.25 * median(all)));

    // The owner: "someone tried to sign up with your address", at most the per-recipient cap of them, and never a code.
    // (in the member's language, zh-TW: "someone tried to sign up a new account with your email address")
    const notice = await sink.mailTo(member.email, /有人嘗試以您的電子郵件地址註冊新帳號/);
    expect(notice.text).toMatch(/來源位址：192\.0\.2\.1\d\d/);
    await env.platform.outbox.drain();
    expect(sink.received.filter((mail) => mail.to.includes(member.email) && /註冊新帳號/.test(mail.text)).length).toBeLessThanOrEqual(3);
    expect(sink.received.filter((mail) => mail.to.includes(member.email) && /驗證碼是 \d{6}|sign-up code is/.test(mail.text))).toEqual([]);
    // A newcomer: the code, with the link to the code step.
    const code = await eventually('a code mail to a newcomer', () => sink.received.find((mail) => mail.to.some((to) => to.startsWith('newcomer-')) && /sign-up code is \d{6}/.test(mail.text)));
    expect(code.text).toMatch(/\/auth#email=newcomer-\d+-\d+%40example\.com&code=\d{6}/);
  });

  it('a verify for a registered email fails as a wrong code does, whatever the code', async () => {
    const member = await newMember(env.services, 'Owner');
    const newcomer = `wrong-${Date.now()}@example.com`;
    await api.post('/api/auth/signup', { json: { name: 'Owner?', email: member.email, password: 'guessing-pass-29', passwordCheck: 'guessing-pass-29', birthDate: '1990-01-01' }, headers: { 'X-Forwarded-For': '192.0.2.201' } });
    await api.post('/api/auth/signup', { json: { name: 'New', email: newcomer, password: 'guessing-pass-29', passwordCheck: 'guessing-pass-29', birthDate: '1990-01-01' }, headers: { 'X-Forwarded-For': '192.0.2.201' } });
    for (const code of ['000000', '123456', '999999']) {
      const known = await api.post('/api/auth/signup/verify', { json: { email: member.email, code, password: 'guessing-pass-29' }, headers: { 'X-Forwarded-For': '192.0.2.202' } });
      const unknown = await api.post('/api/auth/signup/verify', { json: { email: newcomer, code, password: 'guessing-pass-29' }, headers: { 'X-Forwarded-For': '192.0.2.202' } });
      expect({ status: known.status, body: known.body }).toEqual({ status: unknown.status, body: unknown.body });
    }
  });

  it('sign-up mail is capped per recipient too: 6 forms for a new address from 6 addresses mail 3 codes; a form past the cap gets no code, so it can never be finished', async () => {
    const email = `capped-${Date.now()}@example.com`;
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      expect((await api.post('/api/auth/signup', { json: { name: 'Capped', email, password: 'capped-pass-29', passwordCheck: 'capped-pass-29', birthDate: '1990-01-01' }, headers: { 'X-Forwarded-For': `203.0.113.${100 + i}` } })).status).toBe(202);
      // Each form's job runs before the next form replaces it.
      const pending = await env.platform.db.selectFrom('pending_signups').select('request_id').where('email', '=', email).executeTakeFirstOrThrow();
      const { job } = await jobSettles(env.platform.queues.queue('signup-request'), `signup-request-${pending.request_id}`);
      outcomes.push(job.returnvalue.sent);
    }
    expect(outcomes).toEqual(['code', 'code', 'code', 'capped', 'capped', 'capped']);
    await eventually('the code mails', () => (sink.received.filter((mail) => mail.to.includes(email)).length >= 3 ? true : undefined), 20_000);
    const live = await env.platform.db.selectFrom('pending_signups').select('code_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(live.code_hash).toBeNull();
    expect(sink.received.filter((mail) => mail.to.includes(email))).toHaveLength(3);
  });

  it('40 reset requests for one email from 40 addresses send at most the per-recipient cap, and the newest link sent still works', async () => {
    const member = await newMember(env.services, 'Target');
    for (let i = 0; i < 40; i++) {
      expect((await api.post('/api/auth/password/forgot', { json: { email: member.email }, headers: { 'X-Forwarded-For': `203.0.113.${i}` } })).status).toBe(202);
    }
    const mailsTo = () => sink.received.filter((mail) => mail.to.includes(member.email) && /auth\/reset/.test(mail.text));
    await eventually('the capped mails', async () => (mailsTo().length >= 3 ? true : undefined), 20_000);
    // Time for any further (wrongly uncapped) mail to arrive: none does.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const mails = mailsTo();
    expect(mails).toHaveLength(3);
    const token = /auth\/reset\?token=([\w-]+)/.exec(mails.at(-1)!.text)![1];
    expect((await api.post('/api/auth/password/reset', { json: { token, password: 'recovered-pass-29', passwordCheck: 'recovered-pass-29' } })).status).toBe(204);
  });

  it('a locked account answers like a wrong password whatever the password (no oracle), after the same work; its owner is told by email', async () => {
    const member = await newMember(env.services, 'Locked');
    await env.platform.db.updateTable('users').set({ locked_at: new Date() }).where('id', '=', Number(member.id)).execute();
    const right = await api.post('/api/auth/login', { json: { email: member.email, password: member.password } });
    const wrong = await api.post('/api/auth/login', { json: { email: member.email, password: 'not-the-password' } });
    const nobody = await api.post('/api/auth/login', { json: { email: 'no-such-member@example.com', password: member.password } });
    for (const answer of [right, wrong, nobody]) expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: wrong.body });
    expect(wrong.body.error.code).toBe('invalid_credentials');
    const notice = await sink.mailTo(member.email, /帳號已被鎖定/);
    expect(notice.subject).toBe('您帳號的安全通知');
  });

  it('a first sign-in from a new address emails the owner; the address the account signed up from does not', async () => {
    const email = `alert-${Date.now()}@example.com`;
    const signup = await signUp(env, { name: 'Alert', email, password: 'alert-pass-2026', passwordCheck: 'alert-pass-2026', birthDate: '1990-01-01', locale: 'en' }, { headers: { 'X-Forwarded-For': '192.0.2.10' }, codes: sink.signupCodes() });
    expect(signup.status).toBe(201);
    expect((await api.post('/api/auth/login', { json: { email, password: 'alert-pass-2026' }, headers: { 'X-Forwarded-For': '192.0.2.10' } })).status).toBe(200);
    expect((await api.post('/api/auth/login', { json: { email, password: 'alert-pass-2026' }, headers: { 'X-Forwarded-For': '192.0.2.77' } })).status).toBe(200);
    const alert = await sink.mailTo(email, /address it had not used before/);
    expect(alert.text).toContain('192.0.2.77');
    expect(sink.received.filter((mail) => mail.to.includes(email) && /had not used before/.test(mail.text))).toHaveLength(1);
  });

  it('a reset password and a changed one are both reported to the owner', async () => {
    const member = await newMember(env.services, 'Told');
    const change = await api.post('/api/account/password', { token: member.token, json: { currentPassword: member.password, password: 'changed-pass-2029', passwordCheck: 'changed-pass-2029' } });
    expect(change.status).toBe(200);
    await sink.mailTo(member.email, /您帳號的密碼已變更/);
  });
});
