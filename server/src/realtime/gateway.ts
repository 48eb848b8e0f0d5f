import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  CHANNEL_PATTERN,
  ERROR_CATALOGUE,
  sessionRoom,
  userRoom,
  type Ack,
  type ClientToServerEvents,
  type ErrorCode,
  type ServerToClientEvents,
} from '@gp/common';
import { cookieNames, readCookie, type AuthenticatedUser, type AuthService } from '../auth/service.ts';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../platform/errors.ts';
import { isControlMessage, type EventBus } from '../platform/event-bus.ts';
import type { Logger } from '../platform/logger.ts';
import { broadcastToRoom } from './room-broadcast.ts';


/** A handshake's Origin is this site's: PUBLIC_URL's origin, or the same host the request came to. None: not a browser. */
function originAllowed(config: Partial<Pick<Config, 'PUBLIC_URL'>>, origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  if (config.PUBLIC_URL && origin === new URL(config.PUBLIC_URL).origin) return true;
  try {
    return Boolean(host) && new URL(origin).host === host;
  } catch {
    return false;
  }
}

interface SocketData {
  auth?: AuthenticatedUser;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeGateway = ReturnType<typeof createRealtimeGateway>;

/** Hook for features that owe a new subscriber a snapshot (e.g. the keno clock on `clock:<code>`). */
export type SubscribeHook = (socket: RealtimeSocket, channel: string) => void | Promise<void>;

export type GatewayLimits = Pick<Config, 'SOCKET_MAX_SUBSCRIPTIONS' | 'SOCKET_SUBSCRIBE_RATE' | 'SOCKET_SUBSCRIBE_BURST' | 'SOCKET_MAX_BUFFER_BYTES'> &
  Partial<Pick<Config, 'PUBLIC_URL'>>;

export interface GatewayDeps {
  auth: AuthService;
  bus: EventBus;
  logger: Logger;
  config: GatewayLimits;
  /** Whether a channel that matches CHANNEL_PATTERN names something this platform runs (see `publicChannels`). */
  channelExists(channel: string): Promise<boolean>;
  /** Told every room the bus publishes to: a room the platform publishes to exists (it overrides a cached "no"). */
  channelPublished?(room: string): void;
}

/** How often every socket's unsent output is measured against SOCKET_MAX_BUFFER_BYTES. */
export const BUFFER_CHECK_MS = 2_000;
/** Refusals a socket may have outstanding, in bursts, before it counts as flooding and is dropped. */
const FLOOD_FACTOR = 10;

/**
 * Socket.IO edge. A socket that presents a token joins its member's private room; a bad token is
 * refused at the handshake with the API error code. Anonymous sockets may watch public channels.
 * Every api node subscribes to the event bus and emits to its own sockets, so an event published by
 * a worker anywhere reaches the right sockets on every node.
 *
 * What one socket can make the node hold is bounded:
 * - it joins only channels that exist (`deps.channelExists`), at most SOCKET_MAX_SUBSCRIPTIONS
 *   of them (its private rooms aside);
 * - its subscribe/unsubscribe requests spend a token bucket (SOCKET_SUBSCRIBE_RATE per second,
 *   SOCKET_SUBSCRIBE_BURST at once), handled one at a time in order; over budget it hears
 *   `rate_limited`, and one that keeps going (FLOOD_FACTOR bursts of refusals outstanding) is dropped;
 * - every BUFFER_CHECK_MS the output it has not read yet is measured, and past SOCKET_MAX_BUFFER_BYTES
 *   it is dropped (see `unsentBytes`).
 */
export function createRealtimeGateway(server: http.Server, deps: GatewayDeps) {
  const { config, logger } = deps;
  const io: RealtimeServer = new Server(server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    perMessageDeflate: false,
    serveClient: false,
    // A browser's handshake must come from a page of this site (cross-site WebSocket hijacking:
    // the session cookie would go along). Clients that send no Origin (scripts) are not browsers.
    allowRequest: (req, callback) => callback(null, originAllowed(config, req.headers.origin, req.headers.host)),
  });
  const subscribeHooks: SubscribeHook[] = [];

  // A bearer token in the handshake (scripts), else the browser's member session cookie. A stale
  // cookie refuses the handshake only when the client says it is signed in (`auth.session`): a
  // visitor's leftover cookie must not cost them the public channels.
  io.use((socket, next) => {
    const handshake = socket.handshake.auth as { token?: unknown; session?: unknown; staff?: unknown } | undefined;
    const bearer = typeof handshake?.token === 'string' && handshake.token ? handshake.token : undefined;
    // The console's socket (`staff`) speaks for the console's session cookie.
    const staff = handshake?.staff === true;
    const cookie = bearer ? undefined : readCookie(socket.handshake, cookieNames(config, staff ? 'staff' : 'member').session);
    const token = bearer ?? cookie;
    if (!token) return next();
    void deps.auth
      .authenticate(token)
      .then((auth) => {
        socket.data.auth = auth;
        next();
      })
      .catch((error: unknown) => {
        if (!bearer && handshake?.session !== true && !staff && !isDatabaseUnavailable(error)) return next();
        // A database that cannot be reached says nothing about the token: the client tries again later.
        const code = error instanceof AppError ? error.code : isDatabaseUnavailable(error) ? 'service_unavailable' : 'token_invalid';
        const refusal = new Error(ERROR_CATALOGUE[code].message) as Error & { data: unknown };
        refusal.data = { code };
        next(refusal);
      });
  });

  io.on('connection', (socket) => {
    const auth = socket.data.auth;
    if (auth) {
      void socket.join([userRoom(auth.user.id), sessionRoom(auth.sessionId)]);
      endAtExpiry(socket, auth.expiresAt);
    }
    // All of this lives in the connection's closure: nothing of it outlives the socket.
    const channels = new Set<string>(); // the public channels this socket has joined
    const budget = new RequestBudget(config.SOCKET_SUBSCRIBE_RATE, config.SOCKET_SUBSCRIBE_BURST);
    let queue = Promise.resolve();
    let queued = 0;

    /**
     * Admits a request into this socket's queue (one at a time, in order: an unsubscribe never
     * overtakes the subscribe before it), or answers `rate_limited`; a flood ends the connection.
     */
    const admit = (ack: unknown, task: () => Promise<void>) => {
      let verdict = budget.take();
      // A burst still waiting on slow lookups is as far as the queue goes.
      if (verdict === 'ok' && queued >= config.SOCKET_SUBSCRIBE_BURST) verdict = 'limited';
      if (verdict !== 'ok') {
        reply(ack, refusal('rate_limited'));
        if (verdict === 'flood') {
          logger.warn({ socketId: socket.id, userId: auth?.user.id }, 'socket disconnected: subscribe flood');
          socket.disconnect(true);
        }
        return;
      }
      queued += 1;
      queue = queue
        .then(task)
        .catch((error: unknown) => {
          const unavailable = isDatabaseUnavailable(error);
          logger[unavailable ? 'warn' : 'error']({ err: error, socketId: socket.id }, 'subscription request failed');
          reply(ack, refusal(unavailable ? 'service_unavailable' : 'internal_error'));
        })
        .finally(() => {
          queued -= 1;
        });
    };

    socket.on('subscribe', (payload, ack) =>
      admit(ack, async () => {
        const channel = channelOf(payload);
        if (!CHANNEL_PATTERN.test(channel)) return reply(ack, refusal('validation_failed'));
        if (!channels.has(channel)) {
          if (channels.size >= config.SOCKET_MAX_SUBSCRIPTIONS) return reply(ack, refusal('rate_limited'));
          const exists = await deps.channelExists(channel);
          if (!socket.connected) return; // gone while we looked: joining now would leave a room behind
          if (!exists) return reply(ack, refusal('validation_failed'));
          channels.add(channel);
          await socket.join(channel);
        }
        reply(ack, { ok: true });
        for (const hook of subscribeHooks) {
          try {
            await hook(socket, channel);
          } catch (error) {
            logger.warn({ err: error, channel }, 'subscribe hook failed');
          }
        }
      }),
    );
    socket.on('unsubscribe', (payload, ack) =>
      admit(ack, async () => {
        // Only public channels: a socket must not be able to leave its own private rooms.
        const channel = channelOf(payload);
        if (!CHANNEL_PATTERN.test(channel)) return reply(ack, refusal('validation_failed'));
        channels.delete(channel);
        await socket.leave(channel);
        reply(ack, { ok: true });
      }),
    );
  });

  /** Drops the sockets of this node that have stopped reading (their unsent output passed the bound). */
  function dropStalledSockets() {
    const limit = config.SOCKET_MAX_BUFFER_BYTES;
    for (const socket of io.of('/').sockets.values()) {
      const conn = socket.conn as unknown as EngineConnection;
      const bytes = unsentBytes(conn, limit);
      if (bytes <= limit) continue;
      logger.warn({ socketId: socket.id, userId: socket.data.auth?.user.id, bytes, limit, transport: conn.transport?.name }, 'socket disconnected: it stopped reading');
      dropConnection(socket);
    }
  }
  const bufferTimer = setInterval(dropStalledSockets, BUFFER_CHECK_MS);
  bufferTimer.unref();

  // A bus message's payload is typed by its event (`BusMessage`), but Socket.IO's typed `emit`
  // cannot take an event and its payload as one correlated pair: relaying goes through its untyped
  // view of this server.
  const relay: Server = io;
  const unsubscribe = deps.bus.subscribe((message) => {
    // `local`: every node hears the bus itself, so each acts only on the sockets it holds.
    if (isControlMessage(message)) return;
    deps.channelPublished?.(message.room);
    if (message.event === 'session_ended') io.local.in(message.room).disconnectSockets(true);
    else broadcastToRoom(relay, message.room, message.event, message.payload);
  });

  return {
    io,
    /** `event` to every socket of `room` held by this node, the frame built once (room-broadcast.ts). */
    broadcastLocal(room: string, event: string, payload: unknown) {
      broadcastToRoom(relay, room, event, payload);
    },
    onSubscribe(hook: SubscribeHook) {
      subscribeHooks.push(hook);
    },
    /** Runs the stalled-socket check now (it also runs every BUFFER_CHECK_MS). */
    dropStalledSockets,
    async close() {
      clearInterval(bufferTimer);
      unsubscribe();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
    },
  };
}

/**
 * The public channels of this platform: `clock:<code>` and `draws:<code>` of the keno products on
 * sale, `odds:<football>`, and `odds:<football>:<eventId>` of an event in the database. Event
 * answers are memoised in a bounded map (at most `maxEntries`, oldest first out; yes for a minute,
 * no for ten seconds; concurrent asks share one query), so a flood of made-up ids costs neither
 * memory nor more than one query per id per ten seconds. `published(room)` (the gateway calls it
 * for every bus message) records an event's room as existing, so an id asked for before its event
 * was created is not refused for the rest of the ten seconds once the event is announced.
 */
export function publicChannels(options: {
  productCodes: Iterable<string>;
  footballProduct: string;
  /** Whether an event channel's id (its text, as the channel names it) is an event's. */
  eventExists: (eventId: string) => Promise<boolean>;
  maxEntries?: number;
  now?: () => number;
}) {
  const fixed = new Set<string>([`odds:${options.footballProduct}`]);
  for (const code of options.productCodes) fixed.add(`clock:${code}`).add(`draws:${code}`);
  const eventPrefix = `odds:${options.footballProduct}:`;
  const events = boundedAnswers(options.eventExists, { maxEntries: options.maxEntries ?? 5_000, yesMs: 60_000, noMs: 10_000, now: options.now });
  /** The event id of an event channel, or null; event ids are positive bigints, anything else cannot exist. */
  const eventIdOf = (channel: string) => {
    if (!channel.startsWith(eventPrefix)) return null;
    const eventId = channel.slice(eventPrefix.length);
    return /^[1-9]\d{0,18}$/.test(eventId) && BigInt(eventId) <= 2n ** 63n - 1n ? eventId : null;
  };
  return {
    async exists(channel: string): Promise<boolean> {
      if (fixed.has(channel)) return true;
      const eventId = eventIdOf(channel);
      return eventId !== null && events(eventId);
    },
    published(room: string) {
      const eventId = eventIdOf(room);
      if (eventId !== null) events.remember(eventId, true);
    },
    /** Event answers held (for tests and metrics). */
    cached: () => events.size(),
  };
}

/** `lookup` memoised: at most `maxEntries` keys, yes kept `yesMs`, no kept `noMs`, failures not kept. */
export function boundedAnswers(
  lookup: (key: string) => Promise<boolean>,
  options: { maxEntries: number; yesMs: number; noMs: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { until: number; answer: Promise<boolean> }>();
  const answers = (key: string): Promise<boolean> => {
    const cached = entries.get(key);
    if (cached && cached.until > now()) return cached.answer;
    const entry = { until: Number.POSITIVE_INFINITY, answer: lookup(key) };
    store(key, entry);
    entry.answer.then(
      (yes) => {
        if (entries.get(key) === entry) entry.until = now() + (yes ? options.yesMs : options.noMs);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry.answer;
  };
  const store = (key: string, entry: { until: number; answer: Promise<boolean> }) => {
    entries.delete(key);
    while (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  };
  answers.size = () => entries.size;
  /** Records an answer learnt elsewhere (a yes overrides a cached no at once). */
  answers.remember = (key: string, yes: boolean) => store(key, { until: now() + (yes ? options.yesMs : options.noMs), answer: Promise.resolve(yes) });
  return answers;
}

/**
 * The subscribe/unsubscribe budget of one socket: a token bucket of `burst` tokens refilled at
 * `rate` per second. Each refusal goes into a second bucket that drains at the same rate; once it
 * holds more than FLOOD_FACTOR × `burst` refusals the socket is flooding, not retrying.
 */
export class RequestBudget {
  private tokens: number;
  private refused = 0;
  private at: number;
  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.at = now();
  }

  take(): 'ok' | 'limited' | 'flood' {
    const t = this.now();
    const refill = ((t - this.at) / 1000) * this.rate;
    this.at = t;
    this.tokens = Math.min(this.burst, this.tokens + refill);
    this.refused = Math.max(0, this.refused - refill);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'ok';
    }
    this.refused += 1;
    return this.refused > FLOOD_FACTOR * this.burst ? 'flood' : 'limited';
  }
}

/** The parts of an engine.io connection (`socket.conn`) the buffer check reads; engine.io keeps them private. */
interface EngineConnection {
  readyState: string;
  /** Packets waiting for the transport: a websocket whose last write has not completed, or polling with no GET open. */
  writeBuffer?: Array<{ type?: string; data?: unknown }>;
  transport?: { name: string; socket?: { bufferedAmount?: number; terminate?: () => void } };
  close(discard?: boolean): void;
}

/**
 * The bytes a connection owes its client, counting up to just past `stopAbove`. engine.io hands
 * the websocket one batch at a time and waits for that write to complete: what a client that stopped
 * reading has not taken piles up first in the `ws` socket (`bufferedAmount`: its sender queue and
 * the node socket's write buffer, once the kernel buffers are full) and then in the engine.io
 * connection's `writeBuffer`. Polling keeps everything in `writeBuffer` until the next GET.
 */
export function unsentBytes(conn: EngineConnection, stopAbove = Number.POSITIVE_INFINITY): number {
  const transport = conn.transport;
  let bytes = transport?.name === 'websocket' ? Number(transport.socket?.bufferedAmount ?? 0) : 0;
  for (const packet of conn.writeBuffer ?? []) {
    if (bytes > stopAbove) break;
    const data = packet.data;
    bytes += 1; // the packet type
    if (typeof data === 'string') bytes += Buffer.byteLength(data);
    else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) bytes += data.byteLength;
  }
  return bytes;
}

/**
 * Ends a socket that stopped reading, now: the Socket.IO side (rooms left, `disconnect` fired),
 * then the engine.io connection with its transport discarded (a plain close would wait for its
 * buffer to drain, which it never will), then the TCP connection itself (a websocket close
 * handshake would hold its buffers for another 30 s).
 */
function dropConnection(socket: RealtimeSocket) {
  const conn = socket.conn as unknown as EngineConnection;
  const ws = conn.transport?.name === 'websocket' ? conn.transport.socket : undefined;
  socket.disconnect(true);
  if (conn.readyState !== 'closed') conn.close(true);
  ws?.terminate?.();
}

/** A socket outlives no session: at the session's expiry it is disconnected (timers cap at ~24 days). */
function endAtExpiry(socket: RealtimeSocket, expiresAt: Date) {
  const MAX_TIMER_MS = 2 ** 31 - 1;
  const schedule = () => {
    const remaining = expiresAt.getTime() - Date.now();
    if (remaining <= 0) return void socket.disconnect(true);
    const timer = setTimeout(schedule, Math.min(remaining, MAX_TIMER_MS));
    timer.unref();
    socket.once('disconnect', () => clearTimeout(timer));
  };
  schedule();
}

function channelOf(payload: unknown): string {
  return String((payload as { channel?: unknown } | null | undefined)?.channel ?? '');
}

function reply(ack: unknown, result: Ack) {
  if (typeof ack === 'function') ack(result);
}

function refusal(code: ErrorCode): Ack {
  return { ok: false, error: { code, message: ERROR_CATALOGUE[code].message } };
}
