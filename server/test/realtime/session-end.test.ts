import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { type ClientSocket, connectSocket, emitWithAck, record } from '../support/sockets.ts';
import { atLeast, within } from '../support/wait.ts';

const disconnected = (socket: ClientSocket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe.each(MODES)('a socket ends with its session (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    env = await testServer(mode, { PIN_MAX_FAILURES: '1000' });
    api = apiClient(env.url);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => env.stop());
  const open = async (token: string) => {
    const socket = await connectSocket(env.url, token);
    sockets.push(socket);
    return socket;
  };

  it('after logout the sockets of that login are disconnected and hear no more balance events; another login of the same member stays connected', async () => {
    const member = await newMember(env.services, 'Leaver');
    const second = await api.post('/api/auth/login', { json: { email: member.email, password: member.password } });
    const otherLogin = (second.body as { token: string }).token;
    const [loggedOut, stillIn] = await Promise.all([open(member.token), open(otherLogin)]);
    const ended = disconnected(loggedOut);
    const heardAfter = record(loggedOut, 'balance');
    const heardByOther = record(stillIn, 'balance');

    expect((await api.post('/api/auth/logout', { token: member.token })).status).toBe(204);
    expect(await ended).toBe('io server disconnect');

    const { codes } = await env.services.pins.createBatch({ count: 1, points: 300 });
    expect((await api.post('/api/pins/redeem', { token: otherLogin, json: { code: codes[0] } })).status).toBe(200);
    await atLeast(heardByOther);
    expect(stillIn.connected).toBe(true);
    expect(heardAfter).toEqual([]);
  });

  it('a socket may not leave its private room by unsubscribing from it', async () => {
    const member = await newMember(env.services, 'Stayer');
    const socket = await open(member.token);
    const ack = await emitWithAck(socket, 'unsubscribe', `user:${member.id}`);
    expect(ack.ok).toBe(false);
    const heard = record(socket, 'balance');
    const { codes } = await env.services.pins.createBatch({ count: 1, points: 100 });
    await api.post('/api/pins/redeem', { token: member.token, json: { code: codes[0] } });
    await atLeast(heard);
  });
});

describe('a socket ends when its session expires', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer('embedded', { SESSION_TTL_SECONDS: '60' });
  });
  afterAll(() => env.stop());

  it('is disconnected by the server at the expiry time', async () => {
    const member = await newMember(env.services, 'Expiring');
    // Shorten this session to expire in one second, as if it had been opened 59 s ago.
    await env.platform.db.updateTable('sessions').set({ expires_at: new Date(Date.now() + 1_000) }).where('user_id', '=', Number(member.id)).execute();
    const socket = await connectSocket(env.url, member.token);
    const ended = disconnected(socket);
    // The gateway's own timer ends it (a real one: this waits the second it has left).
    const reason = await within(ended, 5_000, 'the server to disconnect the socket at its expiry').finally(() => socket.close());
    expect(reason).toBe('io server disconnect');
  });
});
