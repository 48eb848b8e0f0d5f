import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  CHANNEL_PATTERN,
  ERROR_CATALOGUE,
  sessionRoom,
  userRoom,
  type Ack,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@gp/common';
import type { AuthenticatedUser, AuthService } from '../auth/service.ts';
import { AppError } from '../platform/errors.ts';
import { isControlEvent, type EventBus } from '../platform/event-bus.ts';
import type { Logger } from '../platform/logger.ts';

interface SocketData {
  auth?: AuthenticatedUser;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Hook for features that owe a new subscriber a snapshot (e.g. the keno clock on `clock:<code>`). */
export type SubscribeHook = (socket: RealtimeSocket, channel: string) => void | Promise<void>;

/**
 * Socket.IO edge. A socket that presents a token joins its member's private room; a bad token is
 * refused at the handshake with the API error code. Anonymous sockets may watch public channels.
 * Every api node subscribes to the event bus and emits to its own sockets, so an event published by
 * a worker anywhere reaches the right sockets on every node.
 */
export function createRealtimeGateway(server: http.Server, deps: { auth: AuthService; bus: EventBus; logger: Logger }) {
  const io: RealtimeServer = new Server(server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    perMessageDeflate: false,
    serveClient: false,
  });
  const subscribeHooks: SubscribeHook[] = [];

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown })?.token;
    if (typeof token !== 'string' || !token) return next();
    try {
      socket.data.auth = await deps.auth.authenticate(token);
      next();
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'token_invalid';
      const refusal = new Error(ERROR_CATALOGUE[code].message) as Error & { data: unknown };
      refusal.data = { code };
      next(refusal);
    }
  });

  io.on('connection', (socket) => {
    const auth = socket.data.auth;
    if (auth) {
      void socket.join([userRoom(auth.user.id), sessionRoom(auth.sessionId)]);
      endAtExpiry(socket, auth.expiresAt);
    }
    socket.on('subscribe', async (payload, ack) => {
      const channel = String(payload?.channel ?? '');
      if (!CHANNEL_PATTERN.test(channel)) return reply(ack, { ok: false, error: invalidChannel() });
      await socket.join(channel);
      reply(ack, { ok: true });
      for (const hook of subscribeHooks) await hook(socket, channel);
    });
    socket.on('unsubscribe', async (payload, ack) => {
      // Only public channels: a socket must not be able to leave its own private rooms.
      const channel = String(payload?.channel ?? '');
      if (!CHANNEL_PATTERN.test(channel)) return reply(ack, { ok: false, error: invalidChannel() });
      await socket.leave(channel);
      reply(ack, { ok: true });
    });
  });

  const unsubscribe = deps.bus.subscribe((message) => {
    // `local`: every node hears the bus itself, so each acts only on the sockets it holds.
    if (isControlEvent(message.event)) return;
    if (message.event === 'session_ended') io.local.in(message.room).disconnectSockets(true);
    else io.local.to(message.room).emit(message.event, message.payload as never);
  });

  return {
    io,
    onSubscribe(hook: SubscribeHook) {
      subscribeHooks.push(hook);
    },
    async close() {
      unsubscribe();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
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

function reply(ack: unknown, result: Ack) {
  if (typeof ack === 'function') ack(result);
}

function invalidChannel() {
  return { code: 'validation_failed' as const, message: ERROR_CATALOGUE.validation_failed.message };
}
