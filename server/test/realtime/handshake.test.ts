import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MODES, testServer } from '../support/platform.ts';
import { newMember } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';
import { type ClientSocket, connectRefusal, connectSocket, emitWithAck } from '../support/sockets.ts';

const TEST_SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-to-be-valid-0123456789');

describe.each(MODES)('socket handshake and subscriptions (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    env = await testServer(mode);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => env.stop());

  const open = async (token?: string) => {
    const socket = await connectSocket(env.url, token);
    sockets.push(socket);
    return socket;
  };

  it('a member with a valid token and a guest without one both connect', async () => {
    const member = await newMember(env.services, 'Sock');
    expect((await open(member.token)).connected).toBe(true);
    expect((await open()).connected).toBe(true);
  });

  it.each([
    ['a garbage token', 'not-a-jwt'],
    ['a token with a forged signature', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwianRpIjoieCIsImlzcyI6Imdwb2ludHMifQ.c2lnbmF0dXJl'],
  ])('%s is refused at connect with token_invalid', async (_label, token) => {
    const refusal = await connectRefusal(env.url, token);
    expect(refusal.data?.code).toBe('token_invalid');
    expect(refusal.message).toBe('Token verification failed.');
  });

  it('an expired token is refused at connect with session_expired', async () => {
    const member = await newMember(env.services, 'Late');
    const sessionId = crypto.randomUUID();
    const past = new Date(Date.now() - 60_000);
    await env.platform.db.insertInto('sessions').values({ id: sessionId, user_id: Number(member.id), expires_at: past }).execute();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(member.id)
      .setJti(sessionId)
      .setIssuer('gpoints')
      .setExpirationTime(Math.floor(past.getTime() / 1000))
      .sign(TEST_SECRET);
    const refusal = await connectRefusal(env.url, token);
    expect(refusal.data?.code).toBe('session_expired');
    expect(refusal.message).toBe('Login session expired, please log in again.');
  });

  it('the token of a member who logged out is refused at connect with session_expired', async () => {
    const member = await newMember(env.services, 'Gone');
    const res = await apiClient(env.url).post('/api/auth/logout', { token: member.token });
    expect(res.status).toBe(204);
    const refusal = await connectRefusal(env.url, member.token);
    expect(refusal.data?.code).toBe('session_expired');
  });

  it('subscribing to a public channel is acknowledged with ok: true', async () => {
    const guest = await open();
    for (const channel of ['clock:TWB01', 'draws:CAB01', 'odds:HKS01']) {
      expect(await emitWithAck(guest, 'subscribe', channel)).toEqual({ ok: true });
    }
    expect(await emitWithAck(guest, 'unsubscribe', 'clock:TWB01')).toEqual({ ok: true });
  });

  it.each(['clock:twb01', 'clock:', 'news:TWB01', 'user:1', 'odds:USA01', '', 'clock:TWB01 ', 'odds:HKS01:evt-42', 'odds:HKS01:424242'])('subscribing to the bad channel "%s" is refused with ok: false', async (channel) => {
    const guest = await open();
    const ack = await emitWithAck(guest, 'subscribe', channel);
    expect(ack).toEqual({ ok: false, error: { code: 'validation_failed', message: expect.any(String) } });
    expect(guest.connected).toBe(true);
  });
});
