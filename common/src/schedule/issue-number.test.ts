import { describe, expect, it } from 'vitest';
import { drawsBetween, issueAt } from './draws.ts';
import { formatRocIssue, parseRocIssue } from './issue-number.ts';
import { KENO_SCHEDULES, withScheduleOverride } from './keno-schedules.ts';
import type { ScheduleSpec } from './types.ts';
import { zonedToUtc } from './zoned-time.ts';

const { TWB01, CAB01, KRB01 } = KENO_SCHEDULES;
/** A local wall time in `zone` as a Date. */
const local = (zone: string, year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(zonedToUtc(zone, { year, month, day, hour, minute, second: 0 }));
const taipei = (y: number, m: number, d: number, h: number, min: number) => local('Asia/Taipei', y, m, d, h, min);
const seoul = (y: number, m: number, d: number, h: number, min: number) => local('Asia/Seoul', y, m, d, h, min);
const MINUTE = 60_000;

describe('ROC-year issue format', () => {
  it('is a zero-padded 3-digit ROC year and 6-digit running count', () => {
    expect(formatRocIssue(2026, 16_038)).toBe('115016038');
    expect(formatRocIssue(2010, 6_553)).toBe('099006553');
    expect(parseRocIssue('115016038')).toEqual({ year: 2026, runningCount: 16_038 });
  });

  it('refuses a count that does not fit six digits', () => {
    expect(() => formatRocIssue(2026, 1_000_000)).toThrow(RangeError);
    expect(() => formatRocIssue(2026, 0)).toThrow(RangeError);
  });
});

describe('TWB01 issues (203 draws a day, counted from 1 January Taipei time)', () => {
  it('numbers the first draw of 2026 (07:05 on 1 Jan) 115000001', () => {
    expect(issueAt(TWB01, taipei(2026, 1, 1, 7, 5))).toBe('115000001');
    expect(issueAt(TWB01, taipei(2026, 1, 1, 7, 10))).toBe('115000002');
    expect(issueAt(TWB01, taipei(2026, 1, 1, 23, 55))).toBe('115000203');
    expect(issueAt(TWB01, taipei(2026, 1, 2, 7, 5))).toBe('115000204');
  });

  it('numbers the first draw of day 80 of 2026 (21 March, 07:05) 115016038, as the reference shows', () => {
    expect(issueAt(TWB01, taipei(2026, 3, 21, 7, 5))).toBe('115016038');
  });

  it('ends 2026 at 115074095 (365 × 203) and rolls to 116000001 on 1 Jan 2027', () => {
    expect(issueAt(TWB01, taipei(2026, 12, 31, 23, 55))).toBe('115074095');
    expect(issueAt(TWB01, taipei(2027, 1, 1, 7, 5))).toBe('116000001');
    const night = drawsBetween(TWB01, taipei(2026, 12, 31, 23, 50), taipei(2027, 1, 1, 7, 11));
    expect(night.map((d) => d.issue)).toEqual(['115074094', '115074095', '116000001', '116000002']);
  });

  it('counts 366 days in the leap year 2028: 29 Feb is day 60 and 31 Dec ends at 117074298', () => {
    expect(issueAt(TWB01, taipei(2028, 2, 29, 7, 5))).toBe(formatRocIssue(2028, 59 * 203 + 1));
    expect(issueAt(TWB01, taipei(2028, 12, 31, 7, 5))).toBe('117074096');
    expect(issueAt(TWB01, taipei(2028, 12, 31, 23, 55))).toBe('117074298');
    expect(issueAt(TWB01, taipei(2029, 1, 1, 7, 5))).toBe('118000001');
  });

  it('numbers a shortened simulated schedule the same way (every 60 s: 1011 draws a day)', () => {
    const fast = withScheduleOverride(TWB01, { intervalSeconds: 60, salesCloseSeconds: 10 });
    expect(issueAt(fast, taipei(2026, 1, 1, 7, 5))).toBe('115000001');
    expect(issueAt(fast, taipei(2026, 1, 2, 7, 5))).toBe('115001012');
  });
});

describe('global-sequence issues (anchor ± draws between, inside the window only)', () => {
  it("KRB01: the anchor is dhRound 1518037 and the reference's second point, 1520030 on 11 Mar 07:20, follows", () => {
    expect(issueAt(KRB01, seoul(2026, 3, 1, 21, 15))).toBe('1518037');
    expect(issueAt(KRB01, seoul(2026, 3, 11, 7, 20))).toBe('1520030');
  });

  it('KRB01: counts 216 draws a day, 06:05 to 24:00, across the night in both directions', () => {
    expect(issueAt(KRB01, seoul(2026, 3, 1, 21, 10))).toBe('1518036');
    expect(issueAt(KRB01, seoul(2026, 3, 1, 24, 0))).toBe('1518070');
    expect(issueAt(KRB01, seoul(2026, 3, 2, 6, 5))).toBe('1518071');
    expect(issueAt(KRB01, seoul(2026, 3, 1, 6, 5))).toBe('1517855');
    expect(issueAt(KRB01, seoul(2026, 2, 28, 24, 0))).toBe('1517854');
    expect(issueAt(KRB01, seoul(2026, 3, 8, 21, 15))).toBe(String(1_518_037 + 7 * 216));
  });

  it('CAB01 around the clock: anchor ± n intervals, 288 a day, DST changing nothing', () => {
    const anchor = new Date('2026-01-01T07:00:00Z');
    expect(issueAt(CAB01, anchor)).toBe('1000001');
    expect(issueAt(CAB01, new Date(anchor.getTime() - 5 * MINUTE))).toBe('1000000');
    expect(issueAt(CAB01, new Date(anchor.getTime() + 86_400_000))).toBe('1000289');
    const springDay = drawsBetween(CAB01, local('America/Edmonton', 2026, 3, 8, 0, 0), local('America/Edmonton', 2026, 3, 9, 0, 0));
    expect(springDay).toHaveLength(276);
    expect(Number(springDay[275]!.issue) - Number(springDay[0]!.issue)).toBe(275);
  });

  it('a windowed schedule in a DST zone counts the draws that really happen (276 in spring, 300 in autumn)', () => {
    const windowed = withScheduleOverride(CAB01, { dailyWindow: { first: '00:00', last: '23:55' } });
    const edmonton = (m: number, d: number) => local('America/Edmonton', 2026, m, d, 0, 0);
    expect(Number(issueAt(windowed, edmonton(3, 9))) - Number(issueAt(windowed, edmonton(3, 8)))).toBe(276);
    expect(Number(issueAt(windowed, edmonton(11, 2))) - Number(issueAt(windowed, edmonton(11, 1)))).toBe(300);
    expect(Number(issueAt(windowed, edmonton(11, 3))) - Number(issueAt(windowed, edmonton(11, 2)))).toBe(288);
    // A full year of transitions cancels out.
    expect(Number(issueAt(windowed, local('America/Edmonton', 2027, 1, 1, 0, 0)))).toBe(1_000_001 + 365 * 288);
  });

  it('refuses to number a draw before issue 1', () => {
    const young: ScheduleSpec = {
      ...CAB01,
      issueFormat: { kind: 'global-sequence', anchor: { issue: 1, drawAt: '2026-01-01T00:00:00-07:00' } },
    };
    expect(issueAt(young, new Date('2026-01-01T07:00:00Z'))).toBe('1');
    expect(() => issueAt(young, new Date('2026-01-01T06:55:00Z'))).toThrow(RangeError);
  });
});
