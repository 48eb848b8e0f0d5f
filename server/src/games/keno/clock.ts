import type { ScheduledDraw } from '@gp/common';

/**
 * The keno game clock: one object per product that knows, from the upcoming draws and the time,
 * whether sales are open, closed (waiting for the draw and its result) or idle (outside draw hours),
 * and tells listeners when that changes. It sleeps on one timer until the next boundary, never
 * ticks per second; clients count down themselves from `serverNow` and the deadlines.
 */

export type TimerHandle = unknown;

/** Where the clock reads the time and sets its timer; tests pass a fake one. */
export interface TimeSource {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The real clock. Timers are unref'd: a game clock alone never keeps the process alive. */
export const systemTime: TimeSource = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type ClockPhase = 'open' | 'closed' | 'idle';

/** The `GET /api/keno/:code/clock` body and `clock` socket event of API.md. */
export interface ClockSnapshot<TResult = unknown> {
  productCode: string;
  phase: ClockPhase;
  /** open/closed: the issue on sale or being drawn; idle: the next issue to open (null if none is known). */
  issue: string | null;
  salesCloseAt: string | null;
  drawAt: string | null;
  /** The next instant after now at which an issue's sales open, if the draw table knows one. */
  nextSalesOpenAt: string | null;
  serverNow: string;
  lastResult: TResult | null;
}

/** What the draw table says at one instant, and when that can next change. */
export interface ClockState {
  phase: ClockPhase;
  draw: ScheduledDraw | null;
  nextSalesOpenAt: Date | null;
  nextBoundary: number | null;
}

/**
 * The phase at instant `t` (epoch ms) for draws sorted by `drawAt`. The current issue is the
 * first one not yet drawn: `open` from its salesOpenAt until its salesCloseAt, then `closed` until
 * its drawAt; before its salesOpenAt the product is `idle`.
 *
 * @example clockStateAt([{ issue: '115016038', salesOpenAt: 07:00, salesCloseAt: 07:04, drawAt: 07:05 }], 07:04 − 1 ms)
 *   // → { phase: 'open', draw: <115016038>, nextSalesOpenAt: null, nextBoundary: 07:04 }
 */
export function clockStateAt(draws: readonly ScheduledDraw[], t: number): ClockState {
  let low = 0;
  let high = draws.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (draws[middle]!.drawAt.getTime() > t) high = middle;
    else low = middle + 1;
  }
  const draw = draws[low];
  if (!draw) return { phase: 'idle', draw: null, nextSalesOpenAt: null, nextBoundary: null };
  const opensAt = draw.salesOpenAt.getTime();
  if (t < opensAt) return { phase: 'idle', draw, nextSalesOpenAt: draw.salesOpenAt, nextBoundary: opensAt };
  const nextSalesOpenAt = draws[low + 1]?.salesOpenAt ?? null;
  const closesAt = draw.salesCloseAt.getTime();
  if (t < closesAt) return { phase: 'open', draw, nextSalesOpenAt, nextBoundary: closesAt };
  return { phase: 'closed', draw, nextSalesOpenAt, nextBoundary: draw.drawAt.getTime() };
}

export type ClockListener<TResult> = (snapshot: ClockSnapshot<TResult>) => void;

export interface GameClockOptions {
  productCode: string;
  /** Upcoming draws in any order (as `drawsBetween` or the `draws` table gives them). */
  draws: readonly ScheduledDraw[];
  time?: TimeSource;
  /** Longest silence before resync listeners hear again; default and maximum 30 000 ms (API.md). */
  resyncIntervalMs?: number;
  /** Where a throwing listener's error goes; without it the first error is rethrown after all listeners ran. */
  onListenerError?: (error: unknown) => void;
}

const MAX_RESYNC_MS = 30_000;
/** setTimeout's longest delay; a farther boundary is reached by re-arming. */
const MAX_TIMER_MS = 2_147_483_647;

function changeKey(state: ClockState): string {
  const { phase, draw, nextSalesOpenAt } = state;
  return [phase, draw?.issue, draw?.salesCloseAt.getTime(), draw?.drawAt.getTime(), nextSalesOpenAt?.getTime()].join('|');
}

/**
 * One product's clock. `onChange` hears every phase or issue change (and a deadline moved by
 * `update`); `onResync` hears when `resyncIntervalMs` passed since anything was last pushed, so a
 * gateway sending both stays under one message per 30 s between changes.
 *
 * @example const clock = new GameClock({ productCode: 'TWB01', draws: drawsBetween(TWB01, from, to) });
 *   clock.onChange((s) => io.to('clock:TWB01').emit('clock', s)); clock.snapshot().phase // → 'open'
 */
export class GameClock<TResult = unknown> {
  readonly productCode: string;
  private readonly time: TimeSource;
  private readonly resyncMs: number;
  private readonly onListenerError: ((error: unknown) => void) | undefined;
  private readonly changeListeners = new Set<ClockListener<TResult>>();
  private readonly resyncListeners = new Set<ClockListener<TResult>>();
  private draws: readonly ScheduledDraw[] = [];
  private lastResult: TResult | null = null;
  private lastKey: string;
  private lastPushAt: number;
  private timer: TimerHandle | null = null;
  private stopped = false;

  constructor(options: GameClockOptions) {
    const resyncMs = options.resyncIntervalMs ?? MAX_RESYNC_MS;
    if (!Number.isInteger(resyncMs) || resyncMs <= 0 || resyncMs > MAX_RESYNC_MS) {
      throw new RangeError(`resyncIntervalMs must be an integer in (0, ${MAX_RESYNC_MS}]`);
    }
    this.productCode = options.productCode;
    this.time = options.time ?? systemTime;
    this.resyncMs = resyncMs;
    this.onListenerError = options.onListenerError;
    this.draws = sortedByDrawAt(options.draws);
    const now = this.time.now();
    const state = clockStateAt(this.draws, now);
    this.lastKey = changeKey(state);
    this.lastPushAt = now;
    this.arm(state, now);
  }

  /** The clock as API.md shows it, derived from the time source right now. */
  snapshot(): ClockSnapshot<TResult> {
    const now = this.time.now();
    return this.present(clockStateAt(this.draws, now), now);
  }

  /** Replace the draw table (new draws created, a schedule shortened); listeners hear if that changes anything. */
  update(draws: readonly ScheduledDraw[]): void {
    this.draws = sortedByDrawAt(draws);
    this.evaluate();
  }

  /** The result shown as `lastResult` from now on. Not a change event: the `draw` event carries results. */
  setLastResult(result: TResult | null): void {
    this.lastResult = result;
  }

  /** Listen to phase/issue changes; returns the unsubscribe function. */
  onChange(listener: ClockListener<TResult>): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Listen to the low-rate resync; returns the unsubscribe function. */
  onResync(listener: ClockListener<TResult>): () => void {
    this.resyncListeners.add(listener);
    if (this.resyncListeners.size === 1 && !this.stopped) {
      const now = this.time.now();
      this.arm(clockStateAt(this.draws, now), now);
    }
    return () => this.resyncListeners.delete(listener);
  }

  /** Clears the timer; the clock stays readable through `snapshot()` but tells no one anything more. */
  stop(): void {
    this.stopped = true;
    this.disarm();
  }

  private evaluate(): void {
    if (this.stopped) return;
    const now = this.time.now();
    const state = clockStateAt(this.draws, now);
    const key = changeKey(state);
    let listeners: Set<ClockListener<TResult>> | null = null;
    if (key !== this.lastKey) {
      listeners = this.changeListeners;
    } else if (this.resyncListeners.size > 0 && now - this.lastPushAt >= this.resyncMs) {
      listeners = this.resyncListeners;
    }
    if (listeners) {
      this.lastKey = key;
      this.lastPushAt = now;
    }
    // Re-armed before listeners run, so a throwing listener cannot stop the clock.
    this.arm(state, now);
    if (listeners) this.notify(listeners, this.present(state, now));
  }

  private arm(state: ClockState, now: number): void {
    this.disarm();
    const resyncDue = this.resyncListeners.size > 0 ? this.lastPushAt + this.resyncMs : null;
    const candidates = [state.nextBoundary, resyncDue].filter((at): at is number => at !== null);
    if (candidates.length === 0) return;
    const delay = Math.min(Math.max(1, Math.min(...candidates) - now), MAX_TIMER_MS);
    this.timer = this.time.setTimeout(() => {
      this.timer = null;
      this.evaluate();
    }, delay);
  }

  private disarm(): void {
    if (this.timer !== null) this.time.clearTimeout(this.timer);
    this.timer = null;
  }

  private notify(listeners: Set<ClockListener<TResult>>, snapshot: ClockSnapshot<TResult>): void {
    const errors: unknown[] = [];
    for (const listener of [...listeners]) {
      try {
        listener(snapshot);
      } catch (error) {
        if (this.onListenerError) this.onListenerError(error);
        else errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  }

  private present(state: ClockState, now: number): ClockSnapshot<TResult> {
    return {
      productCode: this.productCode,
      phase: state.phase,
      issue: state.draw?.issue ?? null,
      salesCloseAt: state.draw?.salesCloseAt.toISOString() ?? null,
      drawAt: state.draw?.drawAt.toISOString() ?? null,
      nextSalesOpenAt: state.nextSalesOpenAt?.toISOString() ?? null,
      serverNow: new Date(now).toISOString(),
      lastResult: this.lastResult,
    };
  }
}

function sortedByDrawAt(draws: readonly ScheduledDraw[]): readonly ScheduledDraw[] {
  return [...draws].sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime());
}
