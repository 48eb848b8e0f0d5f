import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/platform.ts';
import { newMember } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';

describe('login', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded');
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('a member logs in with their email in any letter case and gets a working token', async () => {
    const member = await newMember(env.services, 'Casey');
    const res = await api.post('/api/auth/login', { json: { email: `  ${member.email.toUpperCase()} `, password: member.password } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: member.id, email: member.email, role: 'member' });

    const me = await api.get('/api/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(member.id);
  });

  it('a wrong password and an unknown email get the same invalid_credentials answer', async () => {
    const member = await newMember(env.services, 'Wrong');
    const wrongPassword = await api.post('/api/auth/login', { json: { email: member.email, password: 'not-the-password' } });
    const unknownEmail = await api.post('/api/auth/login', { json: { email: 'nobody-here@example.com', password: member.password } });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_credentials');
    }
    expect(wrongPassword.body).toEqual(unknownEmail.body);
  });

  it('a login form with missing fields is refused with the fields marked', async () => {
    const res = await api.post('/api/auth/login', { json: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ email: 'email_invalid', password: 'required' });
  });

  it('logging in twice gives two independent sessions: logging out of one keeps the other', async () => {
    const member = await newMember(env.services, 'Twice');
    const phone = await api.post('/api/auth/login', { json: { email: member.email, password: member.password } });
    const laptop = await api.post('/api/auth/login', { json: { email: member.email, password: member.password } });
    expect((await api.post('/api/auth/logout', { token: phone.body.token })).status).toBe(204);
    expect((await api.get('/api/me', { token: phone.body.token })).status).toBe(401);
    expect((await api.get('/api/me', { token: laptop.body.token })).status).toBe(200);
  });
});

describe('login rate limiting', () => {
  const MAX = 3;
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  // The server trusts the loopback proxy, so X-Forwarded-For stands in for distinct client addresses.
  const login = (from: string, email: string, password: string) =>
    api.post('/api/auth/login', { json: { email, password }, headers: { 'X-Forwarded-For': from } });
  beforeAll(async () => {
    env = await testServer('embedded', { LOGIN_MAX_ATTEMPTS: String(MAX) });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it(`after ${MAX} wrong passwords the account is locked for a while — even the right password, from anywhere, is refused with Retry-After`, async () => {
    const member = await newMember(env.services, 'Locked');
    for (let i = 0; i < MAX; i++) {
      expect((await login('203.0.113.1', member.email, `guess-number-${i}`)).status).toBe(401);
    }
    const guess = await login('203.0.113.1', member.email, 'one-more-guess');
    expect(guess.status).toBe(429);
    expect(guess.body.error.code).toBe('rate_limited');
    const retryAfter = Number(guess.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const correct = await login('203.0.113.2', member.email.toUpperCase(), member.password);
    expect(correct.status).toBe(429);
    expect(correct.body.error.code).toBe('rate_limited');
    expect(correct.headers.get('retry-after')).toBeTruthy();
    expect(correct.body.token).toBeUndefined();
  });

  it('a member who logs in correctly before the limit starts again with a clean count', async () => {
    const member = await newMember(env.services, 'Typo');
    for (let round = 0; round < 3; round++) {
      const from = `198.51.100.${round + 1}`;
      for (let i = 0; i < MAX - 1; i++) expect((await login(from, member.email, 'typo-typo-typo')).status).toBe(401);
      expect((await login(from, member.email, member.password)).status).toBe(200);
    }
  });

  it('members behind one shared address can all log in: successful logins do not lock the address', async () => {
    const members = await Promise.all(Array.from({ length: MAX + 3 }, (_, i) => newMember(env.services, `Office${i}`)));
    for (const member of members) {
      const res = await login('192.0.2.10', member.email, member.password);
      expect(res.status).toBe(200);
    }
  });

  it('one address guessing passwords across many accounts is stopped, while those members can still log in from elsewhere', async () => {
    const victims = await Promise.all(Array.from({ length: MAX + 1 }, (_, i) => newMember(env.services, `Victim${i}`)));
    for (const victim of victims.slice(0, MAX)) expect((await login('192.0.2.66', victim.email, 'password123')).status).toBe(401);

    const next = await login('192.0.2.66', victims[MAX]!.email, victims[MAX]!.password);
    expect(next.status).toBe(429);
    expect(next.body.error.code).toBe('rate_limited');
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);

    for (const victim of victims) expect((await login('192.0.2.77', victim.email, victim.password)).status).toBe(200);
  });
});
