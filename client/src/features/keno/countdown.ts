import type { ClockEventPayload } from '@gp/common';

/**
 * The game clock as this device shows it. The server sends a snapshot (HTTP on mount and after
 * every resubscribe, `clock` events on phase changes and resyncs); between snapshots the screen
 * counts down by itself, on the server's time: local time plus the offset measured on arrival.
 */

/**
 * Milliseconds to add to this device's `Date.now()` to get the server's time.
 *
 * Example: `clockOffset('2026-03-20T07:00:10.000Z', Date.parse('2026-03-20T07:00:07.500Z'))` → `2500`
 * (this device runs 2.5 s slow).
 */
export function clockOffset(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** Whole seconds from `nowMs` until `at`, rounded up (so "1" shows until the very end), never negative. */
export function secondsUntil(at: string | null, nowMs: number): number | null {
  if (!at) return null;
  const target = Date.parse(at);
  if (Number.isNaN(target)) return null;
  return Math.max(0, Math.ceil((target - nowMs) / 1000));
}

export type ClockView =
  /** Selling `issue` until `deadline`. */
  | { kind: 'open'; issue: string; deadline: string; seconds: number }
  /** Sales of `issue` are closed; its draw is due at `drawAt`. */
  | { kind: 'closed'; issue: string | null; drawAt: string | null; seconds: number | null }
  /** Outside draw hours: `issue` (when known) opens at `opensAt`. */
  | { kind: 'idle'; issue: string | null; opensAt: string | null; seconds: number | null };

/**
 * What to show at server time `nowMs`. An open phase whose deadline has passed already reads as
 * closed, before the server's push announcing it arrives.
 */
export function clockView(snapshot: ClockEventPayload, nowMs: number): ClockView {
  const { phase, issue, salesCloseAt, drawAt, nextSalesOpenAt } = snapshot;
  if (phase === 'open' && issue && salesCloseAt) {
    const seconds = secondsUntil(salesCloseAt, nowMs)!;
    if (seconds > 0) return { kind: 'open', issue, deadline: salesCloseAt, seconds };
  }
  if (phase === 'idle') return { kind: 'idle', issue, opensAt: nextSalesOpenAt, seconds: secondsUntil(nextSalesOpenAt, nowMs) };
  return { kind: 'closed', issue, drawAt, seconds: secondsUntil(drawAt, nowMs) };
}

/** The server-time instant (ms) at which this snapshot's phase ends, if it says. */
export function phaseEndsAt(snapshot: ClockEventPayload): number | null {
  const at = snapshot.phase === 'open' ? snapshot.salesCloseAt : snapshot.phase === 'closed' ? snapshot.drawAt : snapshot.nextSalesOpenAt;
  const ms = at ? Date.parse(at) : NaN;
  return Number.isNaN(ms) ? null : ms;
}

/** The issue on sale at server time `nowMs`, or `null` when nothing can be bought. */
export function issueOnSale(snapshot: ClockEventPayload | null, nowMs: number): string | null {
  if (!snapshot) return null;
  const view = clockView(snapshot, nowMs);
  return view.kind === 'open' ? view.issue : null;
}

/**
 * Whether `next` may replace `current`: snapshots of another product never do, and an older one
 * (a slow HTTP reply overtaken by a socket push) must not undo a newer one.
 */
export function isNewerSnapshot(current: ClockEventPayload | null, next: ClockEventPayload, productCode: string): boolean {
  if (next.productCode !== productCode) return false;
  if (!current || current.productCode !== productCode) return true;
  return Date.parse(next.serverNow) >= Date.parse(current.serverNow);
}

// Clock faces are shared with the draw lotteries' countdown (shared/time/clock-format.ts).
export { formatClock, formatDuration, splitDuration } from '../../shared/time/clock-format.ts';

/** The last seconds before sales close, when the countdown changes colour. */
export const URGENT_SECONDS = 30;
