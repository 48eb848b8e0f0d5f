import { EventEmitter } from 'node:events';
import { QueryClient } from '@tanstack/react-query';
import type { io as ioFunction } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/query-keys.ts';
import { connect } from './realtime-bridge.tsx';

/**
 * The bridge of a signed-in member over a stand-in socket (events in both directions, `connect`
 * to count its retries), with a spy on what it asks the query cache to re-read.
 */
function signedInBridge() {
  const socket = Object.assign(new EventEmitter(), { io: new EventEmitter(), connect: vi.fn(), disconnect: vi.fn() });
  const io = (() => socket) as unknown as typeof ioFunction;
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  connect(io, { signedIn: true, queryClient, setSocket: () => undefined });
  return { socket, invalidate };
}

/** A refused handshake as socket.io-client reports it: the server's error with `data.code`. */
const refusal = (code: string) => Object.assign(new Error('refused'), { data: { code } });

describe('the realtime bridge after a refused handshake', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.useRealTimers());

  it('tries again a few seconds later when the server could not check the session, without touching it', () => {
    const { socket, invalidate } = signedInBridge();
    socket.emit('connect_error', refusal('service_unavailable'));
    expect(socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(invalidate).not.toHaveBeenCalled(); // the session is not re-checked: nothing says it ended
  });

  it('re-checks the session (and does not retry on its own) when the session is refused', () => {
    const { socket, invalidate } = signedInBridge();
    socket.emit('connect_error', refusal('token_invalid'));
    vi.advanceTimersByTime(10_000);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.me });
    expect(socket.connect).not.toHaveBeenCalled();
  });
});
