import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/platform.ts';
import { newMember } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';

const TEST_SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-to-be-valid-0123456789');
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe('session tokens', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded');
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  /** A session row as the server keeps them, and a token for it built outside the server. */
  async function forgeSession(userId: number, opts: { sessionExpiresAt: Date; tokenExpiresAt: Date; secret?: Uint8Array }) {
    const sessionId = crypto.randomUUID();
    await env.platform.db.insertInto('sessions').values({ id: sessionId, user_id: userId, expires_at: opts.sessionExpiresAt }).execute();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(sessionId)
      .setIssuer('gpoints')
      .setIssuedAt(Math.floor(opts.tokenExpiresAt.getTime() / 1000) - 3600)
      .setExpirationTime(Math.floor(opts.tokenExpiresAt.getTime() / 1000))
      .sign(opts.secret ?? TEST_SECRET);
    return { sessionId, token };
  }

  async function expectRefused(token: string | undefined, code: string, authorization?: string) {
    const headers = authorization ? { Authorization: authorization } : undefined;
    const res = await api.get('/api/me', { token, headers });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(code);
    expect(res.body.user).toBeUndefined();
  }

  it('without a token, the account page asks the visitor to log in', async () => {
    await expectRefused(undefined, 'unauthorized');
    await expectRefused(undefined, 'unauthorized', 'Bearer ');
    await expectRefused(undefined, 'unauthorized', 'Basic dXNlcjpwYXNz');
    const res = await api.get('/api/me');
    expect(res.body.error.message).toBe('Please log in.');
  });

  it('many members at once: each request is its own member, and a session revoked among them is refused', async () => {
    const members = await Promise.all(Array.from({ length: 30 }, (_, i) => newMember(env.services, `Crowd ${i}`)));
    // Sessions of requests that arrive together are read in one query: each must still get its own.
    const seen = await Promise.all(members.flatMap((m) => [m, m]).map(async (m) => (await api.get('/api/me', { token: m.token })).body.user?.id));
    expect(seen).toEqual(members.flatMap((m) => [m.id, m.id]));
    const [gone, ...kept] = members;
    expect((await api.post('/api/auth/logout', { token: gone!.token })).status).toBe(204);
    const again = await Promise.all(members.map((m) => api.get('/api/me', { token: m.token })));
    expect(again[0]!.body.error.code).toBe('session_expired');
    expect(again.slice(1).map((res) => res.body.user.id)).toEqual(kept.map((m) => m.id));
  });

  it('a token the test builds with the server secret for a live session is accepted (the forging helper is sound)', async () => {
    const member = await newMember(env.services, 'Sound');
    const hour = new Date(Date.now() + 3600_000);
    const { token } = await forgeSession(Number(member.id), { sessionExpiresAt: hour, tokenExpiresAt: hour });
    const res = await api.get('/api/me', { token });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(member.id);
  });

  it('an expired token asks the member to log in again (session_expired)', async () => {
    const member = await newMember(env.services, 'Expired');
    const past = new Date(Date.now() - 60_000);
    const { token } = await forgeSession(Number(member.id), { sessionExpiresAt: past, tokenExpiresAt: past });
    await expectRefused(token, 'session_expired');
    const res = await api.get('/api/me', { token });
    expect(res.body.error.message).toBe('Login session expired, please log in again.');
  });

  it('a session the server has expired is refused even while the token itself is still in date', async () => {
    const member = await newMember(env.services, 'ServerSide');
    const { token } = await forgeSession(Number(member.id), { sessionExpiresAt: new Date(Date.now() - 1000), tokenExpiresAt: new Date(Date.now() + 3600_000) });
    await expectRefused(token, 'session_expired');
  });

  it('after logout the same token no longer works (session_expired), and logging out again is refused too', async () => {
    const member = await newMember(env.services, 'Logout');
    expect((await api.get('/api/me', { token: member.token })).status).toBe(200);
    const logout = await api.post('/api/auth/logout', { token: member.token });
    expect(logout.status).toBe(204);
    await expectRefused(member.token, 'session_expired');
    const again = await api.post('/api/auth/logout', { token: member.token });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('session_expired');
  });

  it("a token whose subject is changed to another member's id is rejected and reveals nothing about them", async () => {
    const attacker = await newMember(env.services, 'Attacker');
    const victim = await newMember(env.services, 'Victim');
    const [header, payload, signature] = attacker.token.split('.') as [string, string, string];
    const claims = decodePart(payload);
    expect(claims.sub).toBe(attacker.id);
    const tampered = `${header}.${b64url({ ...claims, sub: victim.id })}.${signature}`;
    await expectRefused(tampered, 'token_invalid');
    // The attacker's own untouched token still works: only the tampering was refused.
    expect((await api.get('/api/me', { token: attacker.token })).status).toBe(200);
  });

  it('an unsigned token (alg: none) is rejected even when it names a live session', async () => {
    const member = await newMember(env.services, 'NoneAlg');
    const claims = decodePart(member.token.split('.')[1]!);
    for (const alg of ['none', 'None', 'NONE']) {
      await expectRefused(`${b64url({ alg, typ: 'JWT' })}.${b64url(claims)}.`, 'token_invalid');
    }
  });

  it('a token signed with another secret is rejected even when it names a live session', async () => {
    const member = await newMember(env.services, 'OtherKey');
    const hour = new Date(Date.now() + 3600_000);
    const otherSecret = new TextEncoder().encode('another-secret-that-is-also-long-enough-9876543210');
    const { token } = await forgeSession(Number(member.id), { sessionExpiresAt: hour, tokenExpiresAt: hour, secret: otherSecret });
    await expectRefused(token, 'token_invalid');
  });

  it('an expired token signed with another secret is token_invalid, not session_expired (the signature is checked first)', async () => {
    const member = await newMember(env.services, 'OldOther');
    const past = new Date(Date.now() - 60_000);
    const otherSecret = new TextEncoder().encode('another-secret-that-is-also-long-enough-9876543210');
    const { token } = await forgeSession(Number(member.id), { sessionExpiresAt: past, tokenExpiresAt: past, secret: otherSecret });
    await expectRefused(token, 'token_invalid');
  });

  it('a correctly signed token for a session that does not exist is rejected', async () => {
    const member = await newMember(env.services, 'Ghost');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(member.id)
      .setJti(crypto.randomUUID())
      .setIssuer('gpoints')
      .setExpirationTime('1h')
      .sign(TEST_SECRET);
    await expectRefused(token, 'token_invalid');
  });

  const malformed: Array<[string, string]> = [
    ['a random word', 'garbage'],
    ['three dotted fragments', 'a.b.c'],
    ['a header with no payload or signature', 'eyJhbGciOiJIUzI1NiJ9..'],
    ['only dots', '...'],
    ['5,000 characters of junk', 'x'.repeat(5000)],
  ];
  it.each(malformed)('a malformed token (%s) is token_invalid, never a server error', async (_label, token) => {
    const res = await api.get('/api/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('token_invalid');
    expect(res.body.error.message).toBe('Token verification failed.');
  });
});
