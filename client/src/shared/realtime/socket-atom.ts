import type { ClientToServerEvents, ServerToClientEvents } from '@gp/common';
import { atom } from 'jotai';
import type { Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The app's one Socket.IO connection (anonymous or signed in), set by the RealtimeBridge. */
export const socketAtom = atom<AppSocket | null>(null);

/**
 * How many mounted components want a public channel (useChannel). A visitor's socket is opened
 * only once something wants one: the home page has no live channel, so a visitor reading it
 * downloads no socket client and holds no connection (a member's socket opens at once, for the
 * private `balance` and `order` events).
 */
export const channelDemandAtom = atom(0);
