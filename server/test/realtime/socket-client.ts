import { io, type Socket } from 'socket.io-client';
import type { Ack, ClientToServerEvents, ServerEventName, ServerToClientEvents } from '@gp/common';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real socket.io-client connection as the web client opens it (websocket first, no retries). */
export function connectSocket(url: string, token?: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The handshake refusal of a socket that should not connect: `{ message, data: { code } }`. */
export async function connectRefusal(url: string, token: string): Promise<{ message: string; data?: { code?: string } }> {
  try {
    const socket = await connectSocket(url, token);
    socket.close();
  } catch (error) {
    return error as { message: string; data?: { code?: string } };
  }
  throw new Error('the socket was accepted');
}

/** Every payload of `event` a socket receives from now on, in order. */
export function record<E extends ServerEventName>(socket: ClientSocket, event: E) {
  const received: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => received.push(payload)) as never);
  return received;
}

/** Resolves once `received` holds at least `count` items, or fails after `timeoutMs`. */
export async function waitFor<T>(received: T[], count = 1, timeoutMs = 5_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  while (received.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} event(s) within ${timeoutMs} ms, got ${received.length}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return received;
}

export function emitWithAck(socket: ClientSocket, event: 'subscribe' | 'unsubscribe', channel: string): Promise<Ack> {
  return socket.timeout(5_000).emitWithAck(event, { channel }) as Promise<Ack>;
}
