import http from 'node:http';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { broadcastToRoom } from '../../src/realtime/room-broadcast.ts';
import { eventually } from '../support/wait.ts';

/** A Socket.IO server configured as the gateway's (websocket and polling, no compression). */
describe('a room broadcast written straight to each websocket', () => {
  let httpServer: http.Server;
  let io: Server;
  let url: string;
  const clients: Socket[] = [];

  beforeAll(async () => {
    httpServer = http.createServer();
    io = new Server(httpServer, { path: '/socket.io', transports: ['websocket', 'polling'], perMessageDeflate: false, serveClient: false });
    io.on('connection', (socket) => socket.on('join', (room: string, ack: () => void) => void Promise.resolve(socket.join(room)).then(ack)));
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(httpServer.address() as { port: number }).port}`;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => void io.close(() => resolve()));
  });

  async function member(room: string | null, transports: Array<'websocket' | 'polling'> = ['websocket']) {
    const client = connect(url, { transports, forceNew: true, reconnection: false });
    clients.push(client);
    const heard: unknown[] = [];
    client.on('news', (payload: unknown) => heard.push(payload));
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });
    if (room) await client.timeout(5000).emitWithAck('join', room);
    return { client, heard };
  }

  it('every socket of the room hears the event once, intact, whatever its size; polling sockets too; others not at all', async () => {
    const watchers = await Promise.all([member('clock:CAB01'), member('clock:CAB01'), member('clock:CAB01')]);
    const polling = await member('clock:CAB01', ['polling']);
    const outsider = await member('clock:KRB01');
    // Three frame sizes: a 7-bit, a 16-bit and a 64-bit length (RFC 6455 §5.2), and text beyond ASCII.
    const payloads = [
      { phase: 'open', issue: '2427024' },
      { phase: 'closed', note: '開獎中 — 第 2427024 期', numbers: Array.from({ length: 80 }, (_, i) => i + 1) },
      { phase: 'idle', filler: 'é'.repeat(40_000) },
    ];
    const paths = payloads.map((payload) => broadcastToRoom(io, 'clock:CAB01', 'news', payload));

    for (const { heard } of [...watchers, polling]) await eventually('every broadcast heard', () => heard.length >= payloads.length);
    for (const { heard } of [...watchers, polling]) expect(heard).toEqual(payloads);
    expect(outsider.heard).toEqual([]);
    // The idle websockets took the direct write; the polling socket went through Socket.IO.
    expect(paths[0]).toEqual({ direct: 3, queued: 1 });
    expect(broadcastToRoom(io, 'clock:nobody', 'news', {})).toEqual({ direct: 0, queued: 0 });
  });

  it('never overtakes what engine.io is still holding for a socket: events arrive in the order they were sent', async () => {
    const { client } = await member('clock:CAB01');
    const order: number[] = [];
    client.on('seq' as never, (n: number) => void order.push(n));
    const socket = io.of('/').sockets.get(client.id!)!;
    // Large private events keep the websocket busy, so engine.io queues what follows them in its
    // write buffer; broadcasts interleaved with them must wait behind that buffer, not jump it.
    const big = 'x'.repeat(256 * 1024);
    const paths = { direct: 0, queued: 0 };
    for (let n = 0; n < 60; n++) {
      if (n % 3 === 0) {
        const path = broadcastToRoom(io, 'clock:CAB01', 'seq', n);
        paths.direct += path.direct;
        paths.queued += path.queued;
      } else {
        socket.emit('seq' as never, n, big);
      }
    }
    await eventually('all 60 events', () => order.length >= 60, 15_000);
    expect(order).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect(paths.queued).toBeGreaterThan(0); // the guard was exercised, not just the fast path
  });
});
