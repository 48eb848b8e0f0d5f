import { describe, expect, it } from 'vitest';
import { drawsAhead, drawsBetween, issueAt, nextDrawAfter } from './draws.ts';
import { KENO_SCHEDULES } from './keno-schedules.ts';
import { zonedToUtc } from './zoned-time.ts';

const { TWB01, CAB01, KRB01 } = KENO_SCHEDULES;
const taipei = (y: number, m: number, d: number, h: number, min: number, s = 0) =>
  new Date(zonedToUtc('Asia/Taipei', { year: y, month: m, day: d, hour: h, minute: min, second: s }));
const MINUTE = 60_000;

describe('drawsBetween', () => {
  it('gives TWB01 203 draws a day, 07:05 to 23:55, each selling from the previous draw until 60 s before its own', () => {
    const day = drawsBetween(TWB01, taipei(2026, 3, 21, 0, 0), taipei(2026, 3, 22, 0, 0));
    expect(day).toHaveLength(203);
    expect(day[0]).toEqual({
      issue: '115016038',
      salesOpenAt: taipei(2026, 3, 21, 7, 0),
      salesCloseAt: taipei(2026, 3, 21, 7, 4),
      drawAt: taipei(2026, 3, 21, 7, 5),
    });
    expect(day[202]!.drawAt).toEqual(taipei(2026, 3, 21, 23, 55));
    expect(day[202]!.issue).toBe('115016240');
    for (let i = 1; i < day.length; i++) {
      expect(day[i]!.salesOpenAt).toEqual(day[i - 1]!.drawAt);
      expect(day[i]!.drawAt.getTime() - day[i]!.salesCloseAt.getTime()).toBe(MINUTE);
      expect(Number(day[i]!.issue)).toBe(Number(day[i - 1]!.issue) + 1);
    }
  });

  it('includes a draw at `from` and excludes one at `to`', () => {
    const draws = drawsBetween(TWB01, taipei(2026, 3, 21, 7, 5), taipei(2026, 3, 21, 7, 15));
    expect(draws.map((d) => d.drawAt)).toEqual([taipei(2026, 3, 21, 7, 5), taipei(2026, 3, 21, 7, 10)]);
    expect(drawsBetween(TWB01, taipei(2026, 3, 21, 0, 0), taipei(2026, 3, 21, 7, 5))).toEqual([]);
  });

  it('gives KRB01 216 draws from 06:05 to the 24:00 draw that belongs to the same day', () => {
    const seoul = (d: number, h: number, m: number) =>
      new Date(zonedToUtc('Asia/Seoul', { year: 2026, month: 3, day: d, hour: h, minute: m, second: 0 }));
    const day = drawsBetween(KRB01, seoul(2, 0, 1), seoul(3, 0, 1));
    expect(day).toHaveLength(216);
    expect(day[0]!.drawAt).toEqual(seoul(2, 6, 5));
    expect(day[0]!.salesOpenAt).toEqual(seoul(2, 6, 0));
    expect(day[215]!.drawAt).toEqual(seoul(3, 0, 0));
  });

  it('gives CAB01 a draw every 5 minutes without a pause', () => {
    const day = drawsBetween(CAB01, new Date('2026-06-01T00:00:00Z'), new Date('2026-06-02T00:00:00Z'));
    expect(day).toHaveLength(288);
    expect(day.every((d, i) => i === 0 || d.salesOpenAt.getTime() === day[i - 1]!.drawAt.getTime())).toBe(true);
  });

  it('agrees with issueAt for every draw across a year end', () => {
    for (const draw of drawsBetween(TWB01, taipei(2026, 12, 31, 22, 0), taipei(2027, 1, 1, 9, 0))) {
      expect(issueAt(TWB01, draw.drawAt)).toBe(draw.issue);
    }
  });
});

describe('nextDrawAfter and issueAt', () => {
  it('finds the next draw strictly after an instant, over the night to the next morning', () => {
    expect(nextDrawAfter(TWB01, taipei(2026, 3, 21, 7, 4, 59)).issue).toBe('115016038');
    expect(nextDrawAfter(TWB01, taipei(2026, 3, 21, 7, 5)).issue).toBe('115016039');
    const morning = nextDrawAfter(TWB01, taipei(2026, 3, 20, 23, 55));
    expect(morning.drawAt).toEqual(taipei(2026, 3, 21, 7, 5));
    expect(morning.salesOpenAt).toEqual(taipei(2026, 3, 21, 7, 0));
  });

  it('refuses to name an issue for an instant when nothing draws', () => {
    expect(() => issueAt(TWB01, taipei(2026, 3, 21, 7, 6))).toThrow(RangeError);
    expect(() => issueAt(TWB01, taipei(2026, 3, 21, 3, 0))).toThrow(RangeError);
    expect(() => issueAt(CAB01, new Date('2026-06-01T00:00:01Z'))).toThrow(RangeError);
  });
});

describe('drawsAhead', () => {
  it('keeps the next morning’s first draw scheduled when the whole window falls in the night', () => {
    const night = taipei(2026, 3, 21, 0, 51);
    expect(drawsBetween(TWB01, night, new Date(night.getTime() + 6 * 60 * MINUTE))).toEqual([]);
    const ahead = drawsAhead(TWB01, night, new Date(night.getTime() + 6 * 60 * MINUTE));
    expect(ahead).toHaveLength(1);
    expect(ahead[0]!.drawAt).toEqual(taipei(2026, 3, 21, 7, 5));
    expect(ahead[0]!.salesOpenAt).toEqual(taipei(2026, 3, 21, 7, 0));
  });

  it('is the window itself whenever something draws in it', () => {
    const from = taipei(2026, 3, 21, 6, 0);
    const to = taipei(2026, 3, 21, 7, 30);
    expect(drawsAhead(TWB01, from, to)).toEqual(drawsBetween(TWB01, from, to));
    expect(drawsAhead(TWB01, from, to).map((d) => d.drawAt)).toEqual([taipei(2026, 3, 21, 7, 5), taipei(2026, 3, 21, 7, 10), taipei(2026, 3, 21, 7, 15), taipei(2026, 3, 21, 7, 20), taipei(2026, 3, 21, 7, 25)]);
  });
});
