import type { ClientToServerEvents, ServerToClientEvents } from '@gp/common';
import { atom } from 'jotai';
import type { Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The app's one Socket.IO connection (anonymous or signed in), set by the RealtimeBridge. */
export const socketAtom = atom<AppSocket | null>(null);
