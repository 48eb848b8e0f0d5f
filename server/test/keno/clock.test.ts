import { afterEach, describe, expect, it } from 'vitest';
import { drawsBetween, KENO_SCHEDULES, withScheduleOverride, zonedToUtc, type ScheduledDraw } from '@gp/common';
import { GameClock, type ClockSnapshot, type GameClockOptions } from '../../src/games/keno/clock.ts';
import { FakeTime } from './fake-time.ts';

const { TWB01, CAB01 } = KENO_SCHEDULES;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const taipei = (day: number, hour: number, minute: number, second = 0) =>
  zonedToUtc('Asia/Taipei', { year: 2026, month: 3, day, hour, minute, second });
const iso = (ms: number) => new Date(ms).toISOString();

const clocks: GameClock[] = [];
afterEach(() => clocks.splice(0).forEach((clock) => clock.stop()));

/** A TWB01 clock on fake time starting at `start`, fed two days of draws, recording what it pushes. */
function startClock(start: number, draws?: ScheduledDraw[], options: Partial<GameClockOptions> = {}) {
  const time = new FakeTime(start);
  const table = draws ?? drawsBetween(TWB01, new Date(start - HOUR), new Date(start + 48 * HOUR));
  const clock = new GameClock({ productCode: 'TWB01', draws: table, time, ...options });
  clocks.push(clock);
  const changes: ClockSnapshot[] = [];
  clock.onChange((snapshot) => changes.push(snapshot));
  return { time, clock, changes };
}

describe('keno clock phases', () => {
  it('sells an issue until its cut-off, closes at the cut-off, and opens the next issue at the draw', () => {
    const { time, clock } = startClock(taipei(21, 7, 3));
    expect(clock.snapshot()).toEqual({
      productCode: 'TWB01',
      phase: 'open',
      issue: '115016038',
      salesCloseAt: iso(taipei(21, 7, 4)),
      drawAt: iso(taipei(21, 7, 5)),
      nextSalesOpenAt: iso(taipei(21, 7, 5)),
      serverNow: iso(taipei(21, 7, 3)),
      lastResult: null,
    });
    time.advanceTo(taipei(21, 7, 4) - 1);
    expect(clock.snapshot().phase).toBe('open');
    time.advance(1);
    expect(clock.snapshot()).toMatchObject({ phase: 'closed', issue: '115016038' });
    time.advanceTo(taipei(21, 7, 5) - 1);
    expect(clock.snapshot()).toMatchObject({ phase: 'closed', issue: '115016038' });
    time.advance(1);
    expect(clock.snapshot()).toMatchObject({
      phase: 'open',
      issue: '115016039',
      salesCloseAt: iso(taipei(21, 7, 9)),
      drawAt: iso(taipei(21, 7, 10)),
    });
  });

  it("goes idle after the day's last draw and opens the first issue at 07:00, five minutes before its 07:05 draw", () => {
    const { time, clock, changes } = startClock(taipei(20, 23, 54, 30));
    expect(clock.snapshot()).toMatchObject({ phase: 'closed', issue: '115016037' });
    time.advanceTo(taipei(20, 23, 55));
    expect(clock.snapshot()).toEqual(
      expect.objectContaining({
        phase: 'idle',
        issue: '115016038',
        salesCloseAt: iso(taipei(21, 7, 4)),
        drawAt: iso(taipei(21, 7, 5)),
        nextSalesOpenAt: iso(taipei(21, 7, 0)),
      }),
    );
    time.advanceTo(taipei(21, 7, 0) - 1);
    expect(clock.snapshot().phase).toBe('idle');
    time.advance(1);
    expect(clock.snapshot()).toMatchObject({ phase: 'open', issue: '115016038', nextSalesOpenAt: iso(taipei(21, 7, 5)) });
    expect(changes.map((c) => [c.phase, c.issue, c.serverNow])).toEqual([
      ['idle', '115016038', iso(taipei(20, 23, 55))],
      ['open', '115016038', iso(taipei(21, 7, 0))],
    ]);
    // The whole night took two timer wake-ups, not one per second.
    expect(time.fired).toBe(2);
  });

  it('never goes idle for an around-the-clock product, DST night included', () => {
    const start = Date.parse('2026-03-07T12:00:00Z');
    const time = new FakeTime(start);
    const draws = drawsBetween(CAB01, new Date(start), new Date(start + 50 * HOUR));
    const clock = new GameClock({ productCode: 'CAB01', draws, time });
    clocks.push(clock);
    const phases = new Set<string>();
    let changes = 0;
    clock.onChange((snapshot) => {
      changes++;
      phases.add(snapshot.phase);
    });
    for (let t = start + 5 * MINUTE; t < start + 48 * HOUR; t += 7 * SECOND) {
      time.advanceTo(t);
      phases.add(clock.snapshot().phase);
    }
    expect([...phases].sort()).toEqual(['closed', 'open']);
    expect(changes).toBe(2 * 12 * 48 - 1);
  });

  it('is idle with nothing to count down to when it knows no draws', () => {
    const { clock, time } = startClock(taipei(21, 9, 0), []);
    expect(clock.snapshot()).toMatchObject({ phase: 'idle', issue: null, drawAt: null, nextSalesOpenAt: null });
    expect(time.pendingTimers).toBe(0);
  });
});

describe('keno clock events', () => {
  it('over one simulated hour of 12 draws pushes exactly 24 changes, each on a boundary', () => {
    const { time, changes } = startClock(taipei(21, 10, 0));
    time.advance(HOUR);
    expect(changes).toHaveLength(24);
    expect(time.fired).toBe(24);
    changes.forEach((change, i) => {
      const draw = Math.floor(i / 2) + 1; // 10:05, 10:10, …
      const drawAt = taipei(21, 10, 5 * draw);
      expect(change.serverNow).toBe(iso(i % 2 === 0 ? drawAt - MINUTE : drawAt));
      expect(change.phase).toBe(i % 2 === 0 ? 'closed' : 'open');
    });
    expect(changes.at(-1)).toMatchObject({ phase: 'open', drawAt: iso(taipei(21, 11, 5)) });
  });

  it('resyncs whenever 30 s pass without a push, and never sooner', () => {
    const { time, clock } = startClock(taipei(21, 10, 0));
    const pushes: number[] = [];
    let resyncs = 0;
    clock.onChange(() => pushes.push(time.now()));
    clock.onResync(() => {
      resyncs++;
      pushes.push(time.now());
    });
    time.advance(HOUR);
    // Per 5-minute draw: 7 resyncs in the 4 open minutes, 1 in the closed minute.
    expect(resyncs).toBe(12 * 8);
    expect(pushes.every((t, i) => i === 0 || t - pushes[i - 1]! === 30 * SECOND)).toBe(true);
  });

  it('resyncs at a configured shorter interval through the idle night', () => {
    const { time, clock, changes } = startClock(taipei(20, 23, 55), undefined, { resyncIntervalMs: 10 * SECOND });
    let resyncs = 0;
    clock.onResync(() => resyncs++);
    time.advanceTo(taipei(21, 7, 0));
    expect(changes).toHaveLength(1);
    expect(resyncs).toBe((7 * HOUR + 5 * MINUTE) / (10 * SECOND) - 1);
    expect(() => new GameClock({ productCode: 'TWB01', draws: [], resyncIntervalMs: 60_000 })).toThrow(RangeError);
  });

  it('follows a shortened schedule after update(), dropping the old boundary', () => {
    const { time, clock, changes } = startClock(taipei(21, 10, 1, 30));
    expect(clock.snapshot()).toMatchObject({ phase: 'open', issue: '115016074' });
    const fast = withScheduleOverride(TWB01, { intervalSeconds: 60, salesCloseSeconds: 10 });
    clock.update(drawsBetween(fast, new Date(taipei(21, 10, 0)), new Date(taipei(21, 12, 0))));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ phase: 'open', salesCloseAt: iso(taipei(21, 10, 1, 50)), drawAt: iso(taipei(21, 10, 2)) });
    const firedBefore = time.fired;
    time.advanceTo(taipei(21, 10, 7));
    // 10:01:50 close, 10:02 open, … 10:06:50 close, 10:07 open: two per minute, and no wake-up
    // left over from the old table (every timer that fired changed something).
    expect(changes).toHaveLength(1 + 2 * 6);
    expect(time.fired - firedBefore).toBe(12);
    expect(changes.at(-1)).toMatchObject({ phase: 'open', drawAt: iso(taipei(21, 10, 8)) });
    clock.update(drawsBetween(fast, new Date(taipei(21, 10, 0)), new Date(taipei(21, 12, 0))));
    expect(changes).toHaveLength(13); // the same table changes nothing
  });

  it('shows the last result without pushing a change, stops cleanly, and survives a throwing listener', () => {
    const errors: unknown[] = [];
    const { time, clock, changes } = startClock(taipei(21, 10, 0), undefined, { onListenerError: (e) => errors.push(e) });
    const result = { issue: '115016048', numbers: [1, 2, 3], superNumber: 3, bigSmall: null, oddEven: 'odd' };
    clock.setLastResult(result);
    expect(clock.snapshot().lastResult).toEqual(result);
    clock.onChange(() => {
      throw new Error('socket gone');
    });
    time.advance(10 * MINUTE);
    expect(changes).toHaveLength(4);
    expect(errors).toHaveLength(4);
    clock.stop();
    expect(time.pendingTimers).toBe(0);
    time.advance(HOUR);
    expect(changes).toHaveLength(4);
  });

  it('lets a listener unsubscribe', () => {
    const { time, clock } = startClock(taipei(21, 10, 0));
    let heard = 0;
    const unsubscribe = clock.onChange(() => heard++);
    time.advance(5 * MINUTE);
    unsubscribe();
    time.advance(5 * MINUTE);
    expect(heard).toBe(2);
  });
});
