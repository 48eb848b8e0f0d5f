import { describe, expect, it } from 'vitest';
import { dateOfDayNumber, dayNumber, localDayNumber, utcToZoned, zonedToUtc, zoneOffsetMs, type WallTime } from './zoned-time.ts';

const wall = (year: number, month: number, day: number, hour: number, minute: number, second = 0): WallTime => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
});
const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('Asia/Taipei (UTC+8, no DST)', () => {
  it("shows 07:05 on 1 Jan 2026 when it is still 31 Dec in UTC, and back", () => {
    expect(utcToZoned('Asia/Taipei', at('2025-12-31T23:05:00Z'))).toEqual(wall(2026, 1, 1, 7, 5));
    expect(zonedToUtc('Asia/Taipei', wall(2026, 1, 1, 7, 5))).toBe(at('2025-12-31T23:05:00Z'));
    expect(zoneOffsetMs('Asia/Taipei', at('2026-07-01T00:00:00Z'))).toBe(8 * HOUR);
  });

  it('reads the last second of the year and midnight without an hour "24"', () => {
    expect(utcToZoned('Asia/Taipei', at('2026-12-31T15:59:59Z'))).toEqual(wall(2026, 12, 31, 23, 59, 59));
    expect(utcToZoned('Asia/Taipei', at('2026-12-31T16:00:00Z'))).toEqual(wall(2027, 1, 1, 0, 0));
    expect(localDayNumber('Asia/Taipei', at('2026-12-31T16:00:00Z'))).toBe(dayNumber(2027, 1, 1));
  });
});

describe('Asia/Seoul (UTC+9, no DST)', () => {
  it('places dhRound 1518037 (2026-03-01 21:15 KST) at 12:15 UTC', () => {
    expect(zonedToUtc('Asia/Seoul', wall(2026, 3, 1, 21, 15))).toBe(at('2026-03-01T12:15:00Z'));
    expect(utcToZoned('Asia/Seoul', at('2026-03-01T12:15:00Z'))).toEqual(wall(2026, 3, 1, 21, 15));
  });

  it('reads 24:00 as the next midnight, as Date.UTC would', () => {
    expect(zonedToUtc('Asia/Seoul', wall(2026, 3, 1, 24, 0))).toBe(at('2026-03-01T15:00:00Z'));
    expect(zonedToUtc('Asia/Seoul', wall(2026, 2, 28, 24, 0))).toBe(zonedToUtc('Asia/Seoul', wall(2026, 3, 1, 0, 0)));
  });
});

describe('America/Edmonton across DST', () => {
  it('springs forward at 02:00 MST on 8 Mar 2026: a 23-hour day', () => {
    expect(zoneOffsetMs('America/Edmonton', at('2026-03-08T08:59:59Z'))).toBe(-7 * HOUR);
    expect(zoneOffsetMs('America/Edmonton', at('2026-03-08T09:00:00Z'))).toBe(-6 * HOUR);
    expect(utcToZoned('America/Edmonton', at('2026-03-08T08:59:59Z'))).toEqual(wall(2026, 3, 8, 1, 59, 59));
    expect(utcToZoned('America/Edmonton', at('2026-03-08T09:00:00Z'))).toEqual(wall(2026, 3, 8, 3, 0));
    expect(zonedToUtc('America/Edmonton', wall(2026, 3, 8, 3, 0))).toBe(at('2026-03-08T09:00:00Z'));
    const midnight = zonedToUtc('America/Edmonton', wall(2026, 3, 8, 0, 0));
    expect(zonedToUtc('America/Edmonton', wall(2026, 3, 9, 0, 0)) - midnight).toBe(23 * HOUR);
  });

  it('reads a wall time inside the spring gap as that far after the gap (02:30 → 03:30 MDT)', () => {
    const instant = zonedToUtc('America/Edmonton', wall(2026, 3, 8, 2, 30));
    expect(instant).toBe(at('2026-03-08T09:30:00Z'));
    expect(utcToZoned('America/Edmonton', instant)).toEqual(wall(2026, 3, 8, 3, 30));
  });

  it('falls back at 02:00 MDT on 1 Nov 2026: 01:30 happens twice and means the first one', () => {
    expect(utcToZoned('America/Edmonton', at('2026-11-01T07:30:00Z'))).toEqual(wall(2026, 11, 1, 1, 30));
    expect(utcToZoned('America/Edmonton', at('2026-11-01T08:30:00Z'))).toEqual(wall(2026, 11, 1, 1, 30));
    expect(zonedToUtc('America/Edmonton', wall(2026, 11, 1, 1, 30))).toBe(at('2026-11-01T07:30:00Z'));
    expect(zonedToUtc('America/Edmonton', wall(2026, 11, 1, 2, 0))).toBe(at('2026-11-01T09:00:00Z'));
    const midnight = zonedToUtc('America/Edmonton', wall(2026, 11, 1, 0, 0));
    expect(zonedToUtc('America/Edmonton', wall(2026, 11, 2, 0, 0)) - midnight).toBe(25 * HOUR);
  });

  it('round-trips every 5 minutes of both transition days', () => {
    for (const start of ['2026-03-08T06:00:00Z', '2026-11-01T05:00:00Z']) {
      for (let t = at(start); t < at(start) + 26 * HOUR; t += 300_000) {
        const local = utcToZoned('America/Edmonton', t);
        const back = zonedToUtc('America/Edmonton', local);
        // In the repeated hour the wall time names two instants; the earlier one comes back.
        expect(back === t || back === t - HOUR).toBe(true);
        expect(utcToZoned('America/Edmonton', back)).toEqual(local);
      }
    }
  });
});

describe('the per-day offset cache', () => {
  // What ICU itself says, through a formatter of the test's own.
  const icu = (formatter: Intl.DateTimeFormat, epochMs: number): WallTime => {
    const parts = formatter.formatToParts(epochMs);
    const read = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return wall(read('year'), read('month'), read('day'), read('hour'), read('minute'), read('second'));
  };

  it.each([
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe', // half-hour DST
    'America/St_Johns', // UTC−3:30, DST
    'Asia/Kathmandu', // UTC+5:45
    'Asia/Taipei',
  ])('agrees with ICU at every 97 minutes of 2025–2026, transition days included (%s)', (zone) => {
    const formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    const mismatches: string[] = [];
    for (let t = at('2025-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += 97 * 60_000 + 13_000) {
      const expected = icu(formatter, t);
      const got = utcToZoned(zone, t);
      if (JSON.stringify(got) !== JSON.stringify(expected)) mismatches.push(`${new Date(t).toISOString()}: ${JSON.stringify(got)} ≠ ${JSON.stringify(expected)}`);
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
  });
});

describe('day numbers', () => {
  it('count days since 1970 and read back, leap days included', () => {
    expect(dayNumber(1970, 1, 1)).toBe(0);
    expect(dayNumber(2026, 1, 1)).toBe(20_454);
    expect(dateOfDayNumber(dayNumber(2028, 2, 29))).toEqual({ year: 2028, month: 2, day: 29 });
    expect(dayNumber(2028, 12, 31) - dayNumber(2028, 1, 1)).toBe(365);
  });

  it('refuses an unknown zone', () => {
    expect(() => utcToZoned('Mars/Olympus_Mons', 0)).toThrow(RangeError);
  });
});
