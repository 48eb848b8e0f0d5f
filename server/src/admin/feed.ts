import type { EventBus } from '../platform/event-bus.ts';
import { STAFF_ROOM } from './queue.ts';

/** The part of the socket edge the feed needs (server.ts adapts the Socket.IO server to it). */
export interface StaffSockets {
  onConnection(handler: (socket: { data: { auth?: { staffAccess: boolean } }; join(room: string): unknown }) => void): void;
  emitLocal(room: string, payload: { at: string; reason: string }): void;
}

/** Order changes arriving within this window make one `queue_changed`: a burst of orders is one re-read. */
const COALESCE_MS = 300;

/**
 * The live queue on one api node: staff sockets join the staff room, and every order change on the
 * bus (placed, bought, refunded — from any process) tells this node's staff sockets to re-read the
 * queue; so does a deposit held for review or resolved (a `deposit` push). Each node relays to its own sockets only (`emitLocal`), so nothing is published twice.
 * The console's own actions publish `queue_changed` through the outbox (admin/queue.ts).
 */
export function startQueueFeed(sockets: StaffSockets, bus: EventBus, now: () => Date) {
  sockets.onConnection((socket) => {
    if (socket.data.auth?.staffAccess) void socket.join(STAFF_ROOM);
  });
  let timer: NodeJS.Timeout | undefined;
  const unsubscribe = bus.subscribe((message) => {
    if ((message.event !== 'order' && message.event !== 'deposit') || timer) return;
    const reason = message.event;
    timer = setTimeout(() => {
      timer = undefined;
      sockets.emitLocal(STAFF_ROOM, { at: now().toISOString(), reason });
    }, COALESCE_MS);
    timer.unref();
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
