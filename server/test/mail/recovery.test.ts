import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { signUp } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { startMailSink, tokenOf } from './mail-sink.ts';

/**
 * Forgot password and email verification end to end: the server sends through nodemailer's SMTP
 * transport (via the outbox and the mail job) to a real SMTP server started here.
 */
describe('account recovery and email verification', () => {
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const unique = () => Math.random().toString(36).slice(2, 10);

  beforeAll(async () => {
    sink = await startMailSink();
    env = await testServer('embedded', { SMTP_URL: sink.url, PUBLIC_URL: 'https://play.example.com', PASSWORD_RESET_TTL_MINUTES: '30' });
    api = apiClient(env.url);
  });
  afterAll(async () => {
    await env?.stop();
    await sink?.close();
  });

  async function signup(name: string) {
    const email = `${name.toLowerCase()}-${unique()}@example.com`;
    const res = await signUp(env, { name, email, password: 'first-password-1', passwordCheck: 'first-password-1', locale: 'en' }, { codes: sink.signupCodes() });
    expect(res.status).toBe(201);
    return { email, token: res.body.token as string };
  }

  it('a sign-up finished with the emailed code has a verified address: no separate verification link is sent (issue 29 item 4)', async () => {
    const member = await signup('Cody');
    expect((await api.get('/api/account/logins', { token: member.token })).body.emailVerified).toBe(true);
    await env.platform.outbox.drain();
    expect(sink.received.filter((mail) => mail.to.includes(member.email) && /auth\/verify/.test(mail.text))).toEqual([]);
  });

  // Accounts made without the code (before sign-up codes, and the seeded demo member) are verified by link.
  it('an account made without the code gets a verification link; following it verifies the address, once', async () => {
    const email = `vera-${unique()}@example.com`;
    const member = { email, token: (await env.services.auth.createAccount({ name: 'Vera', email, password: 'first-password-1', promoOptIn: false, locale: 'en' })).token };
    expect((await api.get('/api/account/logins', { token: member.token })).body.emailVerified).toBe(false);
    const mail = await sink.mailTo(member.email, /auth\/verify/);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain('https://play.example.com/auth/verify?token=');
    const token = tokenOf(mail, '/auth/verify');

    expect((await api.post('/api/auth/email/verify', { json: { token } })).status).toBe(204);
    expect((await api.get('/api/account/logins', { token: member.token })).body.emailVerified).toBe(true);
    const again = await api.post('/api/auth/email/verify', { json: { token } });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('link_expired');
  });

  it('forgot password: a single-use link by email sets a new password and ends every session', async () => {
    const member = await signup('Rita');
    const phone = await api.post('/api/auth/login', { json: { email: member.email, password: 'first-password-1' } });
    expect(phone.status).toBe(200);

    expect((await api.post('/api/auth/password/forgot', { json: { email: member.email.toUpperCase() } })).status).toBe(202);
    const mail = await sink.mailTo(member.email, /auth\/reset/);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('within 30 minutes');
    const token = tokenOf(mail, '/auth/reset');

    const mismatch = await api.post('/api/auth/password/reset', { json: { token, password: 'new-password-22', passwordCheck: 'other-password' } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.fields).toEqual({ passwordCheck: 'password_mismatch' });

    expect((await api.post('/api/auth/password/reset', { json: { token, password: 'new-password-22', passwordCheck: 'new-password-22' } })).status).toBe(204);
    // Every session ended, the one that asked included.
    for (const session of [member.token, phone.body.token as string]) expect((await api.get('/api/me', { token: session })).status).toBe(401);
    expect((await api.post('/api/auth/login', { json: { email: member.email, password: 'first-password-1' } })).status).toBe(401);
    expect((await api.post('/api/auth/login', { json: { email: member.email, password: 'new-password-22' } })).status).toBe(200);

    const reused = await api.post('/api/auth/password/reset', { json: { token, password: 'third-password-3', passwordCheck: 'third-password-3' } });
    expect(reused.status).toBe(410);
    expect(reused.body.error.code).toBe('link_expired');
  });

  it('a reset link stops working after its lifetime, and a newer link retires the older one', async () => {
    const member = await signup('Late');
    await api.post('/api/auth/password/forgot', { json: { email: member.email } });
    const first = tokenOf(await sink.mailTo(member.email, /auth\/reset/), '/auth/reset');
    await api.post('/api/auth/password/forgot', { json: { email: member.email } });
    const second = tokenOf(await sink.mailTo(member.email, new RegExp(`auth/reset\\?token=(?!${first})`)), '/auth/reset');
    expect(second).not.toBe(first);
    const body = (token: string) => ({ json: { token, password: 'new-password-22', passwordCheck: 'new-password-22' } });
    expect((await api.post('/api/auth/password/reset', body(first))).status).toBe(410);

    env.clock.advance(31 * 60_000);
    expect((await api.post('/api/auth/password/reset', body(second))).status).toBe(410);
  });

  it('an unknown email gets the same answer and no mail', async () => {
    const before = sink.received.length;
    const res = await api.post('/api/auth/password/forgot', { json: { email: `nobody-${unique()}@example.com` } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ok: true });
    // The outbox is drained synchronously here: had a mail been written, it would be on its way.
    await env.platform.outbox.drain();
    expect(sink.received.length).toBe(before);
  });
});
