import type { Server } from 'socket.io';

/**
 * One event to every socket of a room held by this node, with the websocket frame built once and
 * written straight to each connection's TCP socket.
 *
 * Why: a keno clock change goes to every visitor watching the game at the same moment, 10,000 a
 * node and more. Socket.IO already encodes a room broadcast once, but then walks engine.io's
 * per-connection path for each socket (a packet object, its write buffer, `packetCreate`, `flush`
 * and `drain` events, ws's sender with a two-buffer write and a completion callback): about 16 µs
 * of CPU a socket on this machine, against 10 µs for the write itself. The last socket of a
 * 10,000-socket room heard a clock change after about 170 ms that way, and after about 105 ms
 * with this one (scripts/loadtest, `npm run loadtest -- --clients 20000 --api-nodes 2`).
 *
 * Order is kept. A connection takes the direct write only when nothing is waiting in front of it:
 * the engine.io connection is open on the websocket transport, not upgrading, with an empty write
 * buffer, and ws's sender has nothing queued. Everything engine.io wrote before is already in the
 * TCP socket's own queue, which is first in, first out. Any other connection (polling, upgrading,
 * a write still queued, closing) gets the same event through Socket.IO's own path, so every
 * socket hears it exactly once. Bytes written this way count in `bufferedAmount` like any other,
 * so the gateway's check for clients that stopped reading still sees them.
 *
 * Returns how many sockets took each path. Payloads are JSON values (Socket.IO would send binary attachments differently); the frame is
 * what Socket.IO sends for an event of the default namespace: engine.io `4` (message), then
 * socket.io `2` (event) and the JSON array `[event, payload]`.
 */
export function broadcastToRoom(io: Server, room: string, event: string, payload: unknown): { direct: number; queued: number } {
  const namespace = io.of('/');
  const members = namespace.adapter.rooms.get(room);
  if (!members || members.size === 0) return { direct: 0, queued: 0 };
  let frame: Buffer | undefined;
  let direct = 0;
  const others: string[] = [];
  for (const id of members) {
    const socket = namespace.sockets.get(id);
    if (!socket) continue;
    const tcp = directSocket(socket.conn as unknown as EngineConnection);
    if (!tcp) {
      others.push(id);
      continue;
    }
    frame ??= websocketTextFrame(`42${JSON.stringify([event, payload])}`);
    tcp.write(frame);
    direct++;
  }
  // Each socket is in a room named by its id: these hear it the usual way.
  if (others.length > 0) io.local.to(others).emit(event, payload);
  return { direct, queued: others.length };
}

/** An unmasked, final websocket text frame (RFC 6455 §5.2) carrying `text`. */
function websocketTextFrame(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  let head: Buffer;
  if (body.length < 126) {
    head = Buffer.from([0x81, body.length]);
  } else if (body.length < 65_536) {
    head = Buffer.from([0x81, 126, 0, 0]);
    head.writeUInt16BE(body.length, 2);
  } else {
    head = Buffer.from([0x81, 127, 0, 0, 0, 0, 0, 0, 0, 0]);
    head.writeBigUInt64BE(BigInt(body.length), 2);
  }
  return Buffer.concat([head, body]);
}

/** What this module reads of engine.io's connection and ws's socket (private fields, versions pinned in package.json). */
interface EngineConnection {
  readyState: string;
  upgrading?: boolean;
  writeBuffer?: unknown[];
  transport?: {
    name: string;
    socket?: {
      readyState: number;
      _socket?: { destroyed: boolean; writable: boolean; write(chunk: Buffer): boolean };
      _sender?: { _queue?: unknown[]; _bufferedBytes?: number };
    };
  };
}

const WS_OPEN = 1;

/** The TCP socket a frame may be written to now without overtaking anything, or undefined. */
function directSocket(conn: EngineConnection) {
  if (conn.readyState !== 'open' || conn.upgrading || (conn.writeBuffer?.length ?? 1) > 0) return undefined;
  const transport = conn.transport;
  if (transport?.name !== 'websocket') return undefined;
  const ws = transport.socket;
  const tcp = ws?._socket;
  const sender = ws?._sender;
  if (!ws || ws.readyState !== WS_OPEN || !tcp || tcp.destroyed || !tcp.writable) return undefined;
  if (!sender || (sender._queue?.length ?? 1) > 0 || sender._bufferedBytes !== 0) return undefined;
  return tcp;
}
