import { describe, expect, it } from 'vitest';
import { drawsBetween } from './draws.ts';
import { KENO_SCHEDULES, withScheduleOverride } from './keno-schedules.ts';
import { assertScheduleSpec } from './schedule-grid.ts';

const { TWB01, CAB01, KRB01 } = KENO_SCHEDULES;

describe('keno schedules', () => {
  it('are valid schedules that say which of their facts are unconfirmed', () => {
    for (const spec of Object.values(KENO_SCHEDULES)) {
      expect(() => assertScheduleSpec(spec)).not.toThrow();
      expect(spec.confidence).toBe('unconfirmed');
      expect(spec.unconfirmed).toContain('salesCloseSeconds');
    }
    expect(CAB01.dailyWindow).toBeNull();
    expect(CAB01.unconfirmed).toContain('issueAnchor');
    expect(KRB01.unconfirmed).toContain('dailyWindow');
    expect(Object.isFrozen(TWB01) && Object.isFrozen(TWB01.dailyWindow) && Object.isFrozen(KRB01.issueFormat)).toBe(true);
  });
});

describe('withScheduleOverride (simulated mode)', () => {
  it('runs CAB01 every 60 s with a 10 s cut-off, leaving the real schedule alone', () => {
    const fast = withScheduleOverride(CAB01, { intervalSeconds: 60, salesCloseSeconds: 10 });
    const draws = drawsBetween(fast, new Date('2026-06-01T00:00:00Z'), new Date('2026-06-01T01:00:00Z'));
    expect(draws).toHaveLength(60);
    expect(draws[0]!.salesCloseAt.toISOString()).toBe('2026-05-31T23:59:50.000Z');
    expect(draws[0]!.salesOpenAt.toISOString()).toBe('2026-05-31T23:59:00.000Z');
    expect(fast.source).toContain('Simulated override: every 60 s');
    expect(CAB01.intervalSeconds).toBe(300);
  });

  it('refuses a schedule that cannot work', () => {
    // The 60 s default cut-off is not shorter than a 60 s interval.
    expect(() => withScheduleOverride(CAB01, { intervalSeconds: 60 })).toThrow(/salesCloseSeconds/);
    expect(() => withScheduleOverride(TWB01, { dailyWindow: { first: '23:00', last: '07:00' } })).toThrow(RangeError);
    expect(() => withScheduleOverride(TWB01, { dailyWindow: { first: '7:05', last: '23:55' } })).toThrow(/HH:MM/);
    // KRB01's anchor draw (21:15) is not on a grid that starts at 06:07.
    expect(() => withScheduleOverride(KRB01, { dailyWindow: { first: '06:07', last: '23:57' } })).toThrow(/anchor/);
  });

  it('can give CAB01 the third-party 2-hour pause as a window ending after midnight', () => {
    const paused = withScheduleOverride(CAB01, { dailyWindow: { first: '04:30', last: '26:30' } });
    // 04:30 Edmonton (MDT) on 1 June to 02:30 the next night: 22 h of 5-minute draws.
    const day = drawsBetween(paused, new Date('2026-06-01T10:30:00Z'), new Date('2026-06-02T08:31:00Z'));
    expect(day).toHaveLength(265);
    expect(day[264]!.drawAt.toISOString()).toBe('2026-06-02T08:30:00.000Z');
    const after = drawsBetween(paused, new Date('2026-06-02T08:31:00Z'), new Date('2026-06-02T10:31:00Z'));
    expect(after.map((d) => d.drawAt.toISOString())).toEqual(['2026-06-02T10:30:00.000Z']);
    expect(Number(after[0]!.issue)).toBe(Number(day[264]!.issue) + 1);
  });
});
