import type { MeResponse } from '@gp/common';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { io as ioFunction } from 'socket.io-client';
import { queryKeys } from '../api/query-keys.ts';
import { sessionAtom } from '../session/session-atoms.ts';
import { channelDemandAtom, socketAtom, type AppSocket } from './socket-atom.ts';

/**
 * The app's one Socket.IO connection: anonymous for visitors (public channels such as keno
 * clocks and results, see useChannel; opened only once a screen subscribes to one), signed in
 * otherwise — the handshake carries the session cookie, as any request to this site does — and
 * replaced when the session changes (login, logout).
 * Events are hints and HTTP is the truth (API.md): `balance` patches the cached /api/me, and
 * after a reconnect every query is refetched to cover what was missed while offline.
 */
export function RealtimeBridge() {
  const session = useAtomValue(sessionAtom);
  const queryClient = useQueryClient();
  const setSocket = useSetAtom(socketAtom);
  // A member's socket opens at once; a visitor's once a screen wants a public channel, and then
  // stays open while they browse (channelDemandAtom).
  const demand = useAtomValue(channelDemandAtom);
  const [visitorWantsSocket, setVisitorWantsSocket] = useState(false);
  if (demand > 0 && !visitorWantsSocket) setVisitorWantsSocket(true);
  const open = Boolean(session) || visitorWantsSocket;

  useEffect(() => {
    if (!open) return undefined;
    // socket.io-client (~13 KB gzip) is fetched beside the first render, not before it: nothing
    // on the first paint needs it, and the channels subscribe once the socket is set.
    let disposed = false;
    let disconnect: (() => void) | undefined;
    void import('socket.io-client').then(({ io }) => {
      if (!disposed) disconnect = connect(io, { signedIn: Boolean(session), queryClient, setSocket });
    });
    return () => {
      disposed = true;
      disconnect?.();
    };
  }, [open, session, queryClient, setSocket]);

  return null;
}

/** Opens the socket and wires its events to the query cache; returns what closes it (exported for its test). */
export function connect(io: typeof ioFunction, { signedIn, queryClient, setSocket }: { signedIn: boolean; queryClient: QueryClient; setSocket: (next: AppSocket | null | ((current: AppSocket | null) => AppSocket | null)) => void }) {
  const socket: AppSocket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // `session`: a refused session cookie is then an error to act on, not a reason to go anonymous.
    auth: signedIn ? { session: true } : {},
  });
  setSocket(socket);
  let lastBalanceAt = '';
  let warned = false;

  socket.on('balance', (payload) => {
    if (payload.at < lastBalanceAt) return; // an older event arriving late
    lastBalanceAt = payload.at;
    queryClient.setQueryData<MeResponse>(queryKeys.me, (me) =>
      me ? { ...me, balance: payload.balance, trialBalance: payload.trialBalance } : me,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
  });
  socket.on('order', () => void queryClient.invalidateQueries({ queryKey: queryKeys.orders }));
  socket.io.on('reconnect', () => void queryClient.invalidateQueries());
  socket.on('connect', () => {
    warned = false;
  });
  // The server ends a socket when its session ends (logout elsewhere, expiry) and refuses a
  // handshake with a dead token. Re-asking /api/me then gets the 401, whose handler clears the
  // session and tells the member why — at once, not at their next click.
  const recheckSession = () => void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  // socket.io-client does not reconnect by itself after the server ended the socket — and a
  // server restarting for a deploy ends every socket that way. So come back once it is up (a
  // dead session is then refused at the handshake, below), and re-read everything missed.
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let endedByServer = false;
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    if (signedIn) recheckSession();
    endedByServer = true;
    reconnectTimer = setTimeout(() => socket.connect(), 500 + Math.random() * 1000);
  });
  socket.on('connect', () => {
    if (endedByServer) void queryClient.invalidateQueries();
    endedByServer = false;
  });
  socket.on('connect_error', (error) => {
    const code = (error as Error & { data?: { code?: string } }).data?.code;
    if (signedIn && (code === 'session_expired' || code === 'token_invalid')) return recheckSession();
    // The server could not check the session (its database restarting): a refused handshake is
    // not retried by socket.io-client, so try again in a few seconds, as after a restart.
    if (code === 'service_unavailable') {
      clearTimeout(reconnectTimer);
      reconnectTimer = setTimeout(() => socket.connect(), 2000 + Math.random() * 3000);
      return;
    }
    if (!warned) console.warn('[realtime] connection failed, retrying in the background:', error.message);
    warned = true;
  });

  return () => {
    clearTimeout(reconnectTimer);
    setSocket((current) => (current === socket ? null : current));
    socket.removeAllListeners();
    socket.io.removeAllListeners();
    socket.disconnect();
  };
}
