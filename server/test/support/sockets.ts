import { io, type Socket } from 'socket.io-client';
import type { Ack, BalancePayload, ClientToServerEvents, ServerEventName, ServerToClientEvents } from '@gp/common';
import type { Platform } from '../../src/platform/platform.ts';
import type { BusMessage } from '../../src/platform/event-bus.ts';
import { eventually, firstMatching } from './wait.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A real socket.io-client connection as the web client opens it (websocket only, no retries), for
 * a member (`token`) or a guest. Resolves once connected; rejects with the server's refusal
 * (`{ message, data: { code } }`), or a timeout error after `timeoutMs`, and then closes the socket.
 */
export function connectSocket(url: string, token?: string, timeoutMs = 10_000): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
    timeout: timeoutMs,
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

export function emitWithAck(socket: ClientSocket, event: 'subscribe' | 'unsubscribe', channel: string): Promise<Ack> {
  return socket.timeout(5_000).emitWithAck(event, { channel }) as Promise<Ack>;
}

/** The next `balance` push on `socket` showing `expected` (a real balance, or both balances). */
export function balanceEvent(socket: ClientSocket, expected: number | { balance: number; trialBalance: number }, timeoutMs = 10_000) {
  const want = typeof expected === 'number' ? { balance: expected } : expected;
  return firstMatching<BalancePayload>(
    `a balance event ${JSON.stringify(want)} on socket ${socket.id}`,
    (deliver) => {
      socket.on('balance', deliver);
      return () => socket.off('balance', deliver);
    },
    (payload) => payload.balance === want.balance && ('trialBalance' in want ? payload.trialBalance === want.trialBalance : true),
    timeoutMs,
  );
}

let markers = 0;

/**
 * Resolves once everything the platform had to push before this call has reached the sockets in
 * `room` (a channel, `user:<id>`, or one socket's own room, its id): it delivers the outbox, then
 * publishes a marker `event` to `room` behind those pushes on the same bus and waits until
 * `received` (what such a socket records of `event`) has it: the bus and each socket keep their
 * order. After that, "nothing else came" is a fact rather than a guess after a pause. The marker is
 * taken out of `received`, which is returned.
 */
export async function drained<T>(
  platform: Pick<Platform, 'bus' | 'outbox'>,
  room: string,
  event: ServerEventName,
  received: T[],
  timeoutMs = 5_000,
): Promise<T[]> {
  await platform.outbox.drain();
  const marker = `drain-marker-${process.pid}-${++markers}`;
  // Any event of the room's, with a payload of the test's own (the bus carries JSON, whatever its types say).
  await platform.bus.publish({ room, event, payload: { marker } } as unknown as BusMessage);
  const isMarker = (item: T) => (item as { marker?: string } | null)?.marker === marker;
  await eventually(`the marker on ${room} to arrive`, () => received.some(isMarker), timeoutMs);
  received.splice(received.findIndex(isMarker), 1);
  return received;
}
