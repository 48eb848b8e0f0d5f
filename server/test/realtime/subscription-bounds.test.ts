import crypto from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, type Ack } from '@gp/common';
import type { BusMessage } from '../../src/platform/event-bus.ts';
import { footballEnv, onGrid } from '../football/support.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { type ClientSocket, connectSocket, emitWithAck, record } from '../support/sockets.ts';
import { atLeast, eventually, firstMatching, within } from '../support/wait.ts';

/** Small limits so each bound is reached quickly; the rate limit keeps its defaults (20/s, burst 40). */
const CAP = 6;
const BURST = 40;
const MAX_BUFFER = 256 * 1024;

const disconnected = (socket: ClientSocket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
const refused = (code: 'validation_failed' | 'rate_limited') => ({ ok: false, error: { code, message: ERROR_CATALOGUE[code].message } });

describe('what one socket can make the server hold is bounded (embedded mode)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let eventIds: string[];
  const sockets: ClientSocket[] = [];
  const namespace = () => env.server.gateway!.io.of('/');
  const serverSocket = (client: ClientSocket) => namespace().sockets.get(client.id!);

  beforeAll(async () => {
    // api role: no workers ticking behind the test's back; the test makes the football events itself.
    env = await testServer(
      'embedded',
      footballEnv({}, { FOOTBALL_RESULT_SOURCE: 'manual', SOCKET_MAX_SUBSCRIPTIONS: String(CAP), SOCKET_MAX_BUFFER_BYTES: String(MAX_BUFFER) }),
      'api',
    );
    await env.services.football.tick(onGrid(new Date()));
    const rows = await env.platform.db.selectFrom('football_events').select('id').orderBy('id').execute();
    eventIds = rows.map((row) => String(row.id));
    expect(eventIds.length).toBeGreaterThanOrEqual(CAP);
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

  it('a socket flooding subscribes to made-up odds channels is refused, joins nothing, and is disconnected', async () => {
    const bystander = await open();
    const socket = await open();
    const mine = serverSocket(socket)!;
    const ended = disconnected(socket);
    const acks: Ack[] = [];
    // Every room the server creates or joins the socket to while the flood lasts.
    const adapter = namespace().adapter;
    const joined: string[] = [];
    let mostRooms = adapter.rooms.size;
    const onJoin = (room: string, id: string) => {
      if (id === mine.id && room !== mine.id) joined.push(room);
      mostRooms = Math.max(mostRooms, adapter.rooms.size);
    };
    adapter.on('join-room', onJoin);
    let reason: string;
    try {
      for (let i = 0; i < 5_000; i++) {
        socket.emit('subscribe', { channel: `odds:HKS01:${crypto.randomInt(1, 2 ** 47)}` }, (ack) => acks.push(ack));
      }
      reason = await within(ended, 10_000, 'the flooding socket to be disconnected');
    } finally {
      adapter.off('join-room', onJoin);
    }
    expect(joined).toHaveLength(0);
    expect(reason).toBe('io server disconnect');

    expect(acks.length).toBeGreaterThan(BURST);
    expect(acks.length).toBeLessThan(5_000);
    expect(acks.filter((ack) => ack.ok)).toEqual([]);
    const codes = acks.map((ack) => (ack.ok ? 'ok' : ack.error.code));
    expect(codes.filter((code) => code === 'validation_failed').length).toBeLessThanOrEqual(BURST + 5); // none of those events exist
    expect(codes.filter((code) => code === 'rate_limited').length).toBeGreaterThan(10 * BURST - 50);
    // Nothing was joined: the socket's own room, and the bystander's.
    expect(mostRooms).toBeLessThanOrEqual(2 + CAP);
    expect(namespace().adapter.rooms.size).toBe(1);
    expect(namespace().sockets.has(mine.id)).toBe(false);
    expect(bystander.connected).toBe(true);
    console.info(`flood: ${acks.length} acks before the disconnect (${codes.filter((c) => c === 'validation_failed').length} validation_failed, ${codes.filter((c) => c === 'rate_limited').length} rate_limited)`);
  });

  it('over the subscribe rate the ack is rate_limited without a disconnect, and the budget refills', async () => {
    const socket = await open();
    const acks = await Promise.all(Array.from({ length: BURST + 20 }, () => emitWithAck(socket, 'subscribe', 'odds:HKS01')));
    expect(acks.slice(0, BURST)).toEqual(Array(BURST).fill({ ok: true }));
    // Over the burst: refused (a token may have come back while the batch arrived).
    const over = acks.slice(BURST).filter((ack) => !ack.ok);
    expect(over.length).toBeGreaterThanOrEqual(18);
    expect(new Set(over.map((ack) => JSON.stringify(ack)))).toEqual(new Set([JSON.stringify(refused('rate_limited'))]));
    expect(socket.connected).toBe(true);
    // 20 tokens a second come back: a request soon goes through again.
    expect(await eventually('the budget to refill', async () => (await emitWithAck(socket, 'unsubscribe', 'odds:HKS01')).ok && 'accepted')).toBe('accepted');
    expect(serverSocket(socket)!.rooms.size).toBe(1);
  });

  it("an existing event's odds channel and a keno clock are joinable; channels of nothing are refused and join nothing", async () => {
    const socket = await open();
    const clocks = record(socket, 'clock');
    expect(await emitWithAck(socket, 'subscribe', `odds:HKS01:${eventIds[0]}`)).toEqual({ ok: true });
    expect(await emitWithAck(socket, 'subscribe', 'clock:TWB01')).toEqual({ ok: true });
    expect(await emitWithAck(socket, 'subscribe', 'draws:KRB01')).toEqual({ ok: true });
    expect(await emitWithAck(socket, 'subscribe', 'odds:HKS01')).toEqual({ ok: true });
    await atLeast(clocks); // the new subscriber's clock snapshot still arrives
    expect(clocks[0]).toMatchObject({ productCode: 'TWB01' });

    const unknownEvent = String(BigInt(eventIds.at(-1)!) + 1000n);
    for (const channel of ['clock:XXX99', 'draws:XXX99', 'clock:HKS01', `odds:HKS01:${unknownEvent}`, 'odds:HKS01:evt-42', 'odds:HKS01:0', 'odds:HKS01:99999999999999999999']) {
      expect(await emitWithAck(socket, 'subscribe', channel), channel).toEqual(refused('validation_failed'));
    }
    // Asked again, the unknown event is answered from the cache, and still refused.
    expect(await emitWithAck(socket, 'subscribe', `odds:HKS01:${unknownEvent}`)).toEqual(refused('validation_failed'));
    expect([...serverSocket(socket)!.rooms].sort()).toEqual([socket.id, 'clock:TWB01', 'draws:KRB01', 'odds:HKS01', `odds:HKS01:${eventIds[0]}`].sort());
    expect(socket.connected).toBe(true);
  });

  it('after SOCKET_MAX_SUBSCRIPTIONS channels the next is rate_limited and not joined; private rooms do not count; leaving one makes room', async () => {
    const member = await newMember(env.services, 'Capped');
    const socket = await open(member.token);
    const channels = [...eventIds.slice(0, CAP - 2).map((id) => `odds:HKS01:${id}`), 'odds:HKS01', 'draws:CAB01'];
    expect(channels).toHaveLength(CAP);
    for (const channel of channels) expect(await emitWithAck(socket, 'subscribe', channel), channel).toEqual({ ok: true });
    // Subscribing again to a channel it holds is still fine: it takes no new room.
    expect(await emitWithAck(socket, 'subscribe', channels[0]!)).toEqual({ ok: true });

    const next = `odds:HKS01:${eventIds[CAP - 2]}`;
    expect(await emitWithAck(socket, 'subscribe', next)).toEqual(refused('rate_limited'));
    expect(await emitWithAck(socket, 'subscribe', 'clock:CAB01')).toEqual(refused('rate_limited'));
    const rooms = serverSocket(socket)!.rooms;
    expect(rooms.size).toBe(CAP + 4); // + its own id, its member room, its session room, the room of every member (notices)
    expect(rooms.has(next)).toBe(false);

    expect(await emitWithAck(socket, 'unsubscribe', channels[0]!)).toEqual({ ok: true });
    expect(await emitWithAck(socket, 'subscribe', next)).toEqual({ ok: true });
    expect(serverSocket(socket)!.rooms.size).toBe(CAP + 4);
    expect(socket.connected).toBe(true);
  });

  it('a client that stops reading is disconnected once its unsent output passes SOCKET_MAX_BUFFER_BYTES; a reading client on the same room is not', async () => {
    const reader = await open();
    const heard = record(reader, 'odds');
    expect(await emitWithAck(reader, 'subscribe', 'odds:HKS01')).toEqual({ ok: true });
    const stalled = await rawEngineClient(env.url);
    expect(await stalled.subscribe('odds:HKS01')).toEqual({ ok: true });
    const stalledOnServer = namespace().sockets.get(stalled.sid)!;
    const serverReason = new Promise<string>((resolve) => stalledOnServer.once('disconnect', (reason) => resolve(reason)));
    const enginesBefore = env.server.gateway!.io.engine.clientsCount;
    stalled.ws.pause(); // stops reading its TCP socket: the kernel buffers fill, then the server's

    // Each event goes out once the reader has the one before (the reader keeps up; the stalled client
    // reads nothing), and after each the server's buffer check runs (it also runs every BUFFER_CHECK_MS).
    const filler = 'x'.repeat(32 * 1024);
    const MAX_EVENTS = 2_000; // 64 MiB: far more than the kernel's socket buffers and the bound
    let published = 0;
    while (namespace().sockets.has(stalled.sid) && published < MAX_EVENTS) {
      const eventId = String(published);
      const arrived = firstMatching<{ eventId: string }>(`odds event ${eventId} at the reader`, (deliver) => {
        reader.on('odds', deliver as never);
        return () => reader.off('odds', deliver as never);
      }, (payload) => payload.eventId === eventId);
      await env.platform.bus.publish({ room: 'odds:HKS01', event: 'odds', payload: { eventId, filler } } as unknown as BusMessage);
      await arrived;
      published += 1;
      env.server.gateway!.dropStalledSockets();
    }
    expect(namespace().sockets.has(stalled.sid)).toBe(false);
    expect(await serverReason).toBe('server namespace disconnect');
    // The engine.io connection is gone too, not left waiting for a drain that would never come.
    expect(env.server.gateway!.io.engine.clientsCount).toBe(enginesBefore - 1);
    console.info(`stalled client dropped after ${published} events (${((published * filler.length) / 2 ** 20).toFixed(1)} MiB)`);

    await atLeast(heard, published, 10_000);
    expect(heard.map((payload) => payload.eventId)).toEqual(Array.from({ length: published }, (_, i) => String(i)));
    env.server.gateway!.dropStalledSockets(); // another check passes: the reader stays
    expect(await emitWithAck(reader, 'subscribe', 'odds:HKS01')).toEqual({ ok: true });
    expect(reader.connected).toBe(true);
    expect(namespace().sockets.has(reader.id!)).toBe(true);
    stalled.ws.terminate();
  }, 45_000);
});

/**
 * A bare engine.io v4 websocket client (`ws`), so the test can stop reading its TCP socket, which
 * socket.io-client offers no way to do. Speaks just enough: open, namespace connect, pong, acks.
 */
async function rawEngineClient(url: string) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const acks = new Map<number, (ack: Ack) => void>();
  let nextAck = 0;
  const sid = await new Promise<string>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('0')) ws.send('40'); // engine.io open → connect to the main namespace
      else if (text === '2') ws.send('3'); // ping → pong
      else if (text.startsWith('40')) resolve((JSON.parse(text.slice(2)) as { sid: string }).sid);
      else if (text.startsWith('43')) {
        const [, id, body] = /^43(\d+)(.*)$/.exec(text)!;
        acks.get(Number(id))?.((JSON.parse(body!) as [Ack])[0]);
      }
    });
  });
  return {
    ws,
    sid,
    subscribe(channel: string) {
      const id = nextAck++;
      return new Promise<Ack>((resolve) => {
        acks.set(id, resolve);
        ws.send(`42${id}${JSON.stringify(['subscribe', { channel }])}`);
      });
    },
  };
}
