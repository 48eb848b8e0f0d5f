import type { TimeSource, TimerHandle } from '../../src/games/keno/clock.ts';

interface FakeTimer {
  id: number;
  at: number;
  fn: () => void;
}

/**
 * A time source that only moves when the test says so. `advance(ms)` runs every timer that falls
 * due on the way, in order, each at its own instant, then stops at the target.
 *
 * @example const time = new FakeTime(Date.parse('2026-03-21T02:00:00Z')); time.advance(60_000); time.now() // → …02:01:00Z
 */
export class FakeTime implements TimeSource {
  /** How many timers were set and how many fired: a per-second ticker would show up here. */
  scheduled = 0;
  fired = 0;
  private current: number;
  private nextId = 1;
  private readonly timers = new Map<number, FakeTimer>();

  constructor(start: number | Date) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { id, at: this.current + Math.max(0, Math.trunc(ms)), fn });
    this.scheduled++;
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as number);
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    this.advanceTo(this.current + ms);
  }

  advanceTo(target: number | Date): void {
    const until = typeof target === 'number' ? target : target.getTime();
    if (until < this.current) throw new RangeError('fake time cannot go backwards');
    for (;;) {
      let due: FakeTimer | undefined;
      for (const timer of this.timers.values()) {
        if (timer.at <= until && (!due || timer.at < due.at || (timer.at === due.at && timer.id < due.id))) due = timer;
      }
      if (!due) break;
      this.timers.delete(due.id);
      this.current = due.at;
      this.fired++;
      due.fn();
    }
    this.current = until;
  }
}
