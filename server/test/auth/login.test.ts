import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, testServer } from '../support/platform.ts';
import { newMember } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';
import { eventually } from '../support/wait.ts';

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

describe.each(MODES)('login rate limiting (%s mode)', (mode) => {
  const MAX = 3; // failures per email and address
  const PER_ADDRESS = 6; // failures per address across accounts
  const SLOWDOWN_AFTER = 4; // failures per email, any address, before unknown addresses are slowed
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  // The test talks to the server over loopback, which TRUST_PROXY names as a proxy here, so
  // X-Forwarded-For stands in for distinct client addresses.
  const login = (from: string, email: string, password: string) =>
    api.post('/api/auth/login', { json: { email, password }, headers: { 'X-Forwarded-For': from } });
  beforeAll(async () => {
    env = await testServer(mode, {
      TRUST_PROXY: 'loopback',
      LOGIN_MAX_ATTEMPTS: String(MAX),
      LOGIN_ADDRESS_MAX_FAILURES: String(PER_ADDRESS),
      LOGIN_SLOWDOWN_AFTER: String(SLOWDOWN_AFTER),
      LOGIN_SLOWDOWN_MAX_SECONDS: '2',
    });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('twelve wrong passwords from many addresses never stop the owner logging in from their usual address', async () => {
    const owner = await newMember(env.services, 'Owner');
    expect((await login('198.51.100.7', owner.email, owner.password)).status).toBe(200); // their usual address

    const answers: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const guess = await login(`203.0.113.${i}`, owner.email, `guess-number-${i}`);
      answers.push(guess.status);
      if (guess.status === 429) {
        expect(guess.body.error.code).toBe('rate_limited');
        expect(Number(guess.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(guess.headers.get('retry-after'))).toBeLessThanOrEqual(2);
      } else {
        expect(guess.status).toBe(401);
      }
    }
    // The first SLOWDOWN_AFTER guesses are checked; after that the guessers are slowed (429s).
    expect(answers.slice(0, SLOWDOWN_AFTER)).toEqual(Array(SLOWDOWN_AFTER).fill(401));
    expect(answers).toContain(429);

    const owners = await login('198.51.100.7', owner.email.toUpperCase(), owner.password);
    expect(owners.status).toBe(200);
    expect(owners.body.user.id).toBe(owner.id);
    // The owner's usual address keeps its own typo allowance too.
    expect((await login('198.51.100.7', owner.email, 'fat-fingered')).status).toBe(401);
    expect((await login('198.51.100.7', owner.email, owner.password)).status).toBe(200);
  });

  it('the slow-down only delays: after its Retry-After the right password works from a new address, which becomes known', async () => {
    const owner = await newMember(env.services, 'Traveller');
    for (let i = 1; i <= SLOWDOWN_AFTER; i++) expect((await login(`203.0.113.${100 + i}`, owner.email, 'wrong-wrong')).status).toBe(401);
    expect((await login('203.0.113.120', owner.email, 'wrong-wrong')).status).toBe(401); // takes the 1 s slot
    const slowed = await login('192.0.2.200', owner.email, owner.password);
    expect(slowed.status).toBe(429);
    expect(slowed.body.token).toBeUndefined();
    const retryAfter = Number(slowed.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);

    // The gate lasts its Retry-After on the limiter's (wall) clock: wait until it is gone, then log in.
    await eventually('the slow-down gate to open', async () => (await env.platform.rateLimiter.get('login.slowdown', owner.email.toLowerCase())).count === 0, (retryAfter + 5) * 1000);
    expect((await login('192.0.2.200', owner.email, owner.password)).status).toBe(200);
    // Guessers are still slowed; the owner's new address is now known, and exempt at once.
    expect((await login('203.0.113.121', owner.email, 'wrong-again')).status).toBe(429);
    expect((await login('192.0.2.200', owner.email, owner.password)).status).toBe(200);
  });

  it(`a brute force from one address on one email is refused with 429 after ${MAX} failures`, async () => {
    const member = await newMember(env.services, 'Target');
    for (let i = 0; i < MAX; i++) expect((await login('203.0.113.200', member.email, `guess-${i}`)).status).toBe(401);
    const refused = await login('203.0.113.200', member.email, member.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Parallel guesses are counted before the password is checked: none slips past.
    const other = await newMember(env.services, 'Burst');
    const parallel = await Promise.all(Array.from({ length: 5 }, (_, i) => login('203.0.113.201', other.email, `burst-${i}`)));
    expect(parallel.filter((r) => r.status === 401)).toHaveLength(MAX);
    expect(parallel.filter((r) => r.status === 429)).toHaveLength(5 - MAX);
  });

  it('a member who logs in correctly before the limit starts again with a clean count', async () => {
    const member = await newMember(env.services, 'Typo');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX - 1; i++) expect((await login('198.51.100.50', member.email, 'typo-typo-typo')).status).toBe(401);
      expect((await login('198.51.100.50', member.email, member.password)).status).toBe(200);
    }
  });

  it('members behind one shared address are never refused for logging in, even once guessing there has hit its limit', async () => {
    const members = await Promise.all(Array.from({ length: PER_ADDRESS + 4 }, (_, i) => newMember(env.services, `Office${i}`)));
    for (const member of members) expect((await login('192.0.2.10', member.email, member.password)).status).toBe(200);
    // Someone at the same address guesses across accounts until the address is stopped...
    for (let i = 0; i < PER_ADDRESS; i++) expect((await login('192.0.2.10', `stranger-${i}@example.com`, 'password123')).status).toBe(401);
    expect((await login('192.0.2.10', 'stranger-x@example.com', 'password123')).status).toBe(429);
    // ...and the members who log in from there still do.
    for (const member of members) expect((await login('192.0.2.10', member.email, member.password)).status).toBe(200);
  });

  it('one address failing across many emails is stopped, while those members can still log in from elsewhere', async () => {
    const victims = await Promise.all(Array.from({ length: PER_ADDRESS + 1 }, (_, i) => newMember(env.services, `Victim${i}`)));
    for (const victim of victims.slice(0, PER_ADDRESS)) expect((await login('192.0.2.66', victim.email, 'password123')).status).toBe(401);

    const next = await login('192.0.2.66', victims[PER_ADDRESS]!.email, victims[PER_ADDRESS]!.password);
    expect(next.status).toBe(429);
    expect(next.body.error.code).toBe('rate_limited');
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);

    for (const victim of victims) expect((await login('192.0.2.77', victim.email, victim.password)).status).toBe(200);
  });
});

describe('login behind no trusted proxy', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    // TRUST_PROXY left at its default: none.
    env = await testServer('embedded', { LOGIN_MAX_ATTEMPTS: '3', LOGIN_ADDRESS_MAX_FAILURES: '3' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('ignores X-Forwarded-For from an untrusted peer: the limits apply to the socket address', async () => {
    const guess = (email: string, i: number) =>
      api.post('/api/auth/login', { json: { email, password: `guess-${i}` }, headers: { 'X-Forwarded-For': `203.0.113.${i}` } });
    // One email: a fresh X-Forwarded-For per guess does not make a fresh email+address pair.
    const member = await newMember(env.services, 'Spoofed');
    for (let i = 1; i <= 3; i++) expect((await guess(member.email, i)).status).toBe(401);
    expect((await guess(member.email, 4)).status).toBe(429);
    // Many emails: nor a fresh address for the credential-stuffing limit (3 failures are on it already).
    const refused = await guess('someone-else@example.com', 5);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });
});
