import type { ClockEventPayload } from '@gp/common';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useHttp } from '../../shared/api/services.tsx';
import { useChannel, useSocketEvent } from '../../shared/realtime/use-channel.ts';
import { clockOffset, isNewerSnapshot, issueOnSale, phaseEndsAt } from './countdown.ts';

export interface GameClock {
  snapshot: ClockEventPayload | null;
  /** Server time minus this device's time, measured when `snapshot` arrived. */
  offsetMs: number;
  error: unknown;
  refresh: () => void;
}

/** If a phase should have ended this long ago and no push said so, the push was lost: ask HTTP once. */
const MISSED_PUSH_GRACE_MS = 3_000;
const MAX_TIMER_MS = 2_147_483_647;

/**
 * A product's game clock: the HTTP snapshot on mount and after every (re)subscribe of
 * `clock:<code>`, and each `clock` push for it. Nothing is polled; the screen counts down locally
 * (useServerNow) on the server's time.
 */
export function useGameClock(code: string): GameClock {
  const http = useHttp();
  const [state, setState] = useState<{ snapshot: ClockEventPayload; offsetMs: number } | null>(null);
  const [error, setError] = useState<unknown>(null);

  const accept = useCallback(
    (snapshot: ClockEventPayload) => {
      const receivedAt = Date.now();
      setState((current) =>
        isNewerSnapshot(current?.snapshot ?? null, snapshot, code) ? { snapshot, offsetMs: clockOffset(snapshot.serverNow, receivedAt) } : current,
      );
      if (snapshot.productCode === code) setError(null);
    },
    [code],
  );

  const refresh = useCallback(() => {
    http.get<ClockEventPayload>(`/api/keno/${encodeURIComponent(code)}/clock`).then(accept, setError);
  }, [http, code, accept]);

  useEffect(() => {
    setState(null);
    refresh();
  }, [refresh]);
  useChannel(`clock:${code}`, refresh);
  useSocketEvent('clock', accept);

  useEffect(() => {
    if (!state) return undefined;
    const endsAt = phaseEndsAt(state.snapshot);
    // Only a boundary still ahead when the snapshot was taken; a server that is itself late says so.
    if (endsAt === null || endsAt <= Date.parse(state.snapshot.serverNow)) return undefined;
    const delay = endsAt - (Date.now() + state.offsetMs) + MISSED_PUSH_GRACE_MS;
    const timer = setTimeout(refresh, Math.min(Math.max(delay, MISSED_PUSH_GRACE_MS), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [state, refresh]);

  return { snapshot: state?.snapshot ?? null, offsetMs: state?.offsetMs ?? 0, error: state ? null : error, refresh };
}

/** The server's time now, re-read at each second boundary while mounted (a local timer, no request). */
export function useServerNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const t = Date.now() + offsetMs;
      setNow(t);
      timer = setTimeout(tick, 1000 - (t % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [offsetMs]);
  return now;
}

/** The issue on sale, re-evaluated the moment its sales close (one timer, not a per-second tick). */
export function useIssueOnSale(clock: GameClock): string | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const { snapshot, offsetMs } = clock;
  const issue = issueOnSale(snapshot, Date.now() + offsetMs);
  useEffect(() => {
    if (!snapshot || snapshot.phase !== 'open' || !snapshot.salesCloseAt) return undefined;
    const delay = Date.parse(snapshot.salesCloseAt) - (Date.now() + offsetMs);
    if (!(delay > 0)) return undefined;
    const timer = setTimeout(rerender, Math.min(delay + 20, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [snapshot, offsetMs]);
  return issue;
}
