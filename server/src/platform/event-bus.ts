import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { ServerEventName, ServerToClientEvents } from '@gp/common';
import type { Logger } from './logger.ts';

/** The payload of each socket event, as common's `ServerToClientEvents` gives it. */
export type SocketPayloads = { [E in ServerEventName]: Parameters<ServerToClientEvents[E]>[0] };

/**
 * Events for the api nodes themselves, never emitted to sockets.
 * `draws_updated`: the scheduler created draws of the product `productCode`; clocks reload.
 */
export interface ControlPayloads {
  draws_updated: { productCode: string };
}
export type ControlEvent = keyof ControlPayloads;

/** Every event the bus carries: the socket events, `session_ended` (disconnect every socket in the room: logout, expiry), the control events. */
export interface BusPayloads extends SocketPayloads, ControlPayloads {
  session_ended: null;
}
export type BusEvent = keyof BusPayloads;

/**
 * What a worker (or any process) tells the api nodes: "emit `event` with `payload` to `room`".
 * Rooms are `user:<id>` for private events and channel names (`clock:TWB01`, ...) for public ones.
 * One member per event, so `event` decides the payload's type: `{ event: 'order', payload }` needs
 * common's `OrderEventPayload`.
 */
export type BusMessage<E extends BusEvent = BusEvent> = { [K in E]: { room: string; event: K; payload: BusPayloads[K] } }[E];
/** A message the socket gateway relays to sockets as it is. */
export type SocketMessage = BusMessage<ServerEventName>;
export type ControlMessage = BusMessage<ControlEvent>;

/** Every control event: a `Record`, so one added to `ControlPayloads` must be listed here too. */
const CONTROL_EVENTS: Readonly<Record<ControlEvent, true>> = { draws_updated: true };
export const isControlMessage = (message: BusMessage): message is ControlMessage => Object.hasOwn(CONTROL_EVENTS, message.event);

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(message: BusMessage): Promise<void>;
  /**
   * Publishes `messages` in this order, as `publish` would one by one, in one write to Redis (a
   * pipeline of a few messages, each carrying up to 256: see `chunksOf`): the outbox's batches,
   * where a busy minute holds thousands of pushes.
   */
  publishMany(messages: readonly BusMessage[]): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(handler: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

/** Embedded mode: one process, so a plain emitter carries events from workers to sockets. */
export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(message) {
      emitter.emit('message', message);
    },
    async publishMany(messages) {
      for (const message of messages) emitter.emit('message', message);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * A chunk of `publishMany` goes out as ONE Redis message, a JSON array: publishing and receiving
 * cost per message, not per byte. Chunks stay well below what Redis lets a subscriber fall behind
 * by before it drops the subscriber (`client-output-buffer-limit pubsub`, 8 MB over 60 s by default).
 */
const CHUNK_MESSAGES = 256;
const CHUNK_CHARS = 256 * 1024;

/** `messages` as JSON arrays of up to CHUNK_MESSAGES messages / CHUNK_CHARS characters (a larger message alone), in order. */
function chunksOf(messages: readonly BusMessage[]): string[] {
  const chunks: string[] = [];
  let parts: string[] = [];
  let chars = 0;
  for (const message of messages) {
    const json = JSON.stringify(message);
    if (parts.length && (parts.length === CHUNK_MESSAGES || chars + json.length > CHUNK_CHARS)) {
      chunks.push(`[${parts.join(',')}]`);
      parts = [];
      chars = 0;
    }
    parts.push(json);
    chars += json.length + 1;
  }
  chunks.push(`[${parts.join(',')}]`);
  return chunks;
}

/** Scaled mode: Redis pub/sub reaches every api node, each of which emits to its own sockets. */
export async function createRedisBus(url: string, prefix: string, logger: Logger): Promise<EventBus> {
  const CHANNEL = `${prefix}:events`;
  const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error) => logger.warn({ err: error }, 'event bus redis error'));
  }
  const handlers = new Set<(message: BusMessage) => void>();
  await subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel, raw) => {
    let parsed: BusMessage | BusMessage[];
    try {
      parsed = JSON.parse(raw) as BusMessage | BusMessage[];
    } catch (error) {
      logger.warn({ err: error }, 'dropped a malformed bus message');
      return;
    }
    // `publishMany` sends its messages as arrays, in order.
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) for (const handler of handlers) handler(message);
  });
  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(CHANNEL, JSON.stringify(message));
    },
    async publishMany(messages) {
      if (messages.length === 0) return;
      const pipeline = publisher.pipeline();
      for (const chunk of chunksOf(messages)) pipeline.publish(CHANNEL, chunk);
      // exec() resolves with each command's own error (null when it went): a refused one is a failure, as in `publish`.
      for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await Promise.all([subscriber.quit(), publisher.quit()].map((p) => p.catch(() => undefined)));
    },
  };
}
