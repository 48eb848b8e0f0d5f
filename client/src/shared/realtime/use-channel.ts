import type { ServerToClientEvents } from '@gp/common';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { channelDemandAtom, socketAtom, type AppSocket } from './socket-atom.ts';

// How many mounted components want each channel, per socket: the last one to leave unsubscribes.
const holders = new WeakMap<AppSocket, Map<string, number>>();

function hold(socket: AppSocket, channel: string, delta: 1 | -1): number {
  let counts = holders.get(socket);
  if (!counts) holders.set(socket, (counts = new Map()));
  const next = (counts.get(channel) ?? 0) + delta;
  if (next <= 0) counts.delete(channel);
  else counts.set(channel, next);
  return next;
}

/**
 * Keeps this socket subscribed to a public channel (`clock:TWB01`, `draws:CAB01`, …) while the
 * component is mounted. The server forgets subscriptions when a connection drops, so the
 * subscription is renewed on every (re)connect; `onSubscribed` runs each time, which is where a
 * screen re-reads its HTTP snapshot (events are hints, HTTP is the truth).
 */
export function useChannel(channel: string | null, onSubscribed?: () => void) {
  const socket = useAtomValue(socketAtom);
  const setDemand = useSetAtom(channelDemandAtom);
  const callback = useRef(onSubscribed);
  callback.current = onSubscribed;

  useEffect(() => {
    if (!channel) return undefined;
    setDemand((n) => n + 1); // a visitor's socket opens now (RealtimeBridge)
    return () => setDemand((n) => n - 1);
  }, [channel, setDemand]);

  useEffect(() => {
    if (!socket || !channel) return undefined;
    const subscribe = () =>
      socket.emit('subscribe', { channel }, (ack) => {
        if (ack.ok) callback.current?.();
        else console.warn(`[realtime] could not subscribe to ${channel}: ${ack.error.code}`);
      });
    hold(socket, channel, 1);
    if (socket.connected) subscribe();
    socket.on('connect', subscribe);
    return () => {
      socket.off('connect', subscribe);
      if (hold(socket, channel, -1) === 0 && socket.connected) socket.emit('unsubscribe', { channel }, () => undefined);
    };
  }, [socket, channel]);
}

/** Calls `handler` for each `event` the socket receives while mounted (the latest handler, without resubscribing). */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]) {
  const socket = useAtomValue(socketAtom);
  const latest = useRef(handler);
  latest.current = handler;

  useEffect(() => {
    if (!socket) return undefined;
    // Socket.IO's typed `on` cannot pair a generic event with its listener; `handler`'s type has
    // already tied them together, so the listener goes through the untyped view of the same socket.
    const untyped: Socket = socket;
    const name: string = event;
    const listener = (...args: Parameters<ServerToClientEvents[E]>) => (latest.current as (...a: typeof args) => void)(...args);
    untyped.on(name, listener);
    return () => {
      untyped.off(name, listener);
    };
  }, [socket, event]);
}
