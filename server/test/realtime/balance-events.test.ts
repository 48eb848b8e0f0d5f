import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { type ClientSocket, connectSocket, drained, emitWithAck, record } from '../support/sockets.ts';
import { atLeast } from '../support/wait.ts';

describe.each(MODES)('private balance events (%s mode)', (mode) => {
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

  const open = async (token?: string) => {
    const socket = await connectSocket(env.url, token);
    sockets.push(socket);
    return socket;
  };
  const redeemPin = async (token: string, points: number) => {
    const { codes } = await env.services.pins.createBatch({ count: 1, points });
    const res = await api.post('/api/pins/redeem', { token, json: { code: codes[0] } });
    expect(res.status).toBe(200);
    return res.body as { points: number; balance: number };
  };

  it("a member's open tabs all hear their new balance after a PIN redemption; another member and a guest hear nothing", async () => {
    const owner = await newMember(env.services, 'Owner');
    const other = await newMember(env.services, 'Other');
    await grantPoints(env.platform, Number(owner.id), 50, 'trial');
    const [tab1, tab2, otherTab, guest] = await Promise.all([open(owner.token), open(owner.token), open(other.token), open()]);
    const heard = { tab1: record(tab1, 'balance'), tab2: record(tab2, 'balance'), other: record(otherTab, 'balance'), guest: record(guest, 'balance') };

    const before = Date.now();
    const redeemed = await redeemPin(owner.token, 640);

    const [event] = await atLeast(heard.tab1);
    expect(event).toEqual({ balance: 640, trialBalance: 50, at: expect.any(String) });
    expect(redeemed.balance).toBe(event!.balance);
    expect(Date.parse(event!.at)).toBeGreaterThanOrEqual(before - 1_000);
    await atLeast(heard.tab2);
    expect(heard.tab2).toEqual(heard.tab1);

    // Whatever was pushed has arrived everywhere (a marker sent after it reached each socket).
    expect(await drained(env.platform, `user:${other.id}`, 'balance', heard.other)).toEqual([]);
    expect(await drained(env.platform, guest.id!, 'balance', heard.guest)).toEqual([]);
    expect(await drained(env.platform, `user:${owner.id}`, 'balance', heard.tab1)).toHaveLength(1);
    await expectLedgerMatchesBalance(env.platform, Number(owner.id));
  });

  it('each redemption pushes the balance it produced, in order', async () => {
    const owner = await newMember(env.services, 'Sequence');
    const socket = await open(owner.token);
    const heard = record(socket, 'balance');
    await redeemPin(owner.token, 100);
    await redeemPin(owner.token, 250);
    await atLeast(heard, 2);
    expect(heard.map((e) => e.balance)).toEqual([100, 350]);
  });

  it('a refused redemption and a replayed one push no balance event', async () => {
    const owner = await newMember(env.services, 'Quiet');
    const socket = await open(owner.token);
    const heard = record(socket, 'balance');
    const { codes } = await env.services.pins.createBatch({ count: 1, points: 300 });
    const send = (code: string, key?: string) =>
      api.post('/api/pins/redeem', { token: owner.token, json: { code }, headers: key ? { 'Idempotency-Key': key } : {} });

    expect((await send(codes[0]!, 'k1')).status).toBe(200);
    await atLeast(heard);
    expect((await send(codes[0]!, 'k1')).status).toBe(200); // replay
    expect((await send(codes[0]!)).status).toBe(409); // already redeemed
    expect((await send('ZZZZ-ZZZZ-ZZZZ-ZZZZ')).status).toBe(404);
    expect(await drained(env.platform, `user:${owner.id}`, 'balance', heard)).toHaveLength(1);
  });

  it("a guest cannot listen in on a member's private room by subscribing to it", async () => {
    const owner = await newMember(env.services, 'Private');
    const guest = await open();
    const ack = await emitWithAck(guest, 'subscribe', `user:${owner.id}`);
    expect(ack.ok).toBe(false);
    const heard = record(guest, 'balance');
    const ownerSocket = await open(owner.token);
    const ownerHeard = record(ownerSocket, 'balance');

    await redeemPin(owner.token, 120);
    await atLeast(ownerHeard);
    expect(await drained(env.platform, guest.id!, 'balance', heard)).toEqual([]);
  });
});
