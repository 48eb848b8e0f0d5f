import { describe, expect, it } from 'vitest';
import { utcToZoned } from '../schedule/zoned-time.ts';
import { drawCalendarBetween, formatDrawNumber, lastDraws, nextDraws } from './calendar.ts';
import { withDrawOverrides } from './overrides.ts';
import { DRAW_PRODUCTS } from './products.ts';

const between = (code: keyof typeof DRAW_PRODUCTS, from: string, to: string) => drawCalendarBetween(DRAW_PRODUCTS[code], new Date(from), new Date(to));
const wall = (tz: string, at: Date) => {
  const w = utcToZoned(tz, at.getTime());
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

describe('draw times in the lottery’s own zone, across DST changes', () => {
  it('New York (US Powerball): 22:59 local on both sides of 8 Mar 2026 — 03:59Z in winter, 02:59Z in summer', () => {
    const draws = between('USA01', '2026-03-06T00:00:00Z', '2026-03-11T00:00:00Z');
    expect(draws.map((d) => [d.issue, d.drawAt.toISOString()])).toEqual([
      ['2026-03-07', '2026-03-08T03:59:00.000Z'],
      ['2026-03-09', '2026-03-10T02:59:00.000Z'],
    ]);
    for (const d of draws) expect(wall('America/New_York', d.drawAt)).toBe('22:59');
    // Sales close an hour before, in local time too.
    expect(wall('America/New_York', draws[1]!.salesCloseAt)).toBe('21:59');
  });

  it('New York in autumn (Mega Millions): 23:00 local before and after 1 Nov 2026', () => {
    const draws = between('USA02', '2026-10-29T00:00:00Z', '2026-11-05T00:00:00Z');
    expect(draws.map((d) => d.drawAt.toISOString())).toEqual(['2026-10-31T03:00:00.000Z', '2026-11-04T04:00:00.000Z']);
  });

  it('Paris (EuroMillions): 21:00 local either side of 29 Mar 2026, sales close 20:15', () => {
    const draws = between('FRA01', '2026-03-26T00:00:00Z', '2026-04-01T00:00:00Z');
    expect(draws.map((d) => d.drawAt.toISOString())).toEqual(['2026-03-27T20:00:00.000Z', '2026-03-31T19:00:00.000Z']);
    for (const d of draws) expect(wall('Europe/Paris', d.salesCloseAt)).toBe('20:15');
  });

  it('Brisbane vs Sydney vs Perth (AU Powerball): 20:30 AEST every Thursday; Sydney sees 21:30 once its DST starts (4 Oct 2026), Perth 18:30', () => {
    const draws = between('AUA01', '2026-09-30T00:00:00Z', '2026-10-09T00:00:00Z');
    expect(draws.map((d) => d.drawAt.toISOString())).toEqual(['2026-10-01T10:30:00.000Z', '2026-10-08T10:30:00.000Z']);
    expect(draws.map((d) => wall('Australia/Sydney', d.drawAt))).toEqual(['20:30', '21:30']);
    expect(draws.map((d) => wall('Australia/Perth', d.drawAt))).toEqual(['18:30', '18:30']);
  });

  it('zones without DST keep their UTC time through the US and EU changes: Hong Kong 13:30Z, Tokyo 09:45Z, Taipei 12:30Z', () => {
    for (const [code, utc] of [['HKA01', '13:30'], ['JPA01', '09:45'], ['TWA03', '12:30']] as const) {
      const draws = between(code, '2026-03-01T00:00:00Z', '2026-04-05T00:00:00Z');
      expect(new Set(draws.map((d) => d.drawAt.toISOString().slice(11, 16)))).toEqual(new Set([utc]));
    }
  });
});

describe('calendars: weekdays, year-end breaks, operator moves', () => {
  it('Loto 6 skips 31 Dec–3 Jan: after Mon 29 Dec 2025 the next draw is Mon 5 Jan 2026', () => {
    expect(nextDraws(DRAW_PRODUCTS.JPA01, new Date('2025-12-29T12:00:00Z'), 2).map((d) => d.localDate)).toEqual(['2026-01-05', '2026-01-08']);
  });

  it('Mark Six: Saturday moved to Sunday by the operator (a race day) keeps its number', () => {
    const moved = withDrawOverrides(DRAW_PRODUCTS.HKA01, { source: 'race day', calendar: { moves: [{ from: '2025-02-01', to: '2025-02-02' }] } });
    const draws = drawCalendarBetween(moved, new Date('2025-01-30T00:00:00Z'), new Date('2025-02-05T00:00:00Z'));
    expect(draws.map((d) => [d.issue, d.localDate])).toEqual([
      ['25/013', '2025-01-30'],
      ['25/014', '2025-02-02'],
      ['25/015', '2025-02-04'],
    ]);
  });

  it('sales for a draw open when the previous draw happens', () => {
    const [draw] = nextDraws(DRAW_PRODUCTS.HKA01, new Date('2025-01-27T00:00:00Z'), 1);
    expect(draw!.salesOpenAt.toISOString()).toBe('2025-01-25T13:30:00.000Z');
    expect(draw!.salesCloseAt.toISOString()).toBe('2025-01-28T13:15:00.000Z');
  });
});

describe('official draw numbering', () => {
  it('Mark Six YY/NNN: the 12th draw of 2025 is 25/012 (Tue 28 Jan)', () => {
    expect(nextDraws(DRAW_PRODUCTS.HKA01, new Date('2025-01-27T00:00:00Z'), 1)[0]).toMatchObject({ issue: '25/012', localDate: '2025-01-28' });
  });

  it('Taiwan ROC year + 6 digits: 威力彩 114000088 is Mon 3 Nov 2025 (the reference’s Yahoo TW article of that day); 1 Jan restarts the count', () => {
    expect(between('TWA01', '2025-11-03T00:00:00Z', '2025-11-04T00:00:00Z')[0]!.issue).toBe('114000088');
    const turn = between('TWA03', '2025-12-30T00:00:00Z', '2026-01-03T00:00:00Z').map((d) => d.issue);
    expect(turn[turn.length - 1]).toBe('115000002');
    expect(turn[0]!.startsWith('114')).toBe(true);
  });

  it('Japan 第N回 from an anchor: Loto 7 draw 198 is Fri 3 Feb 2017 and counts on weekly; formatted 第198回', () => {
    const [draw] = between('JPA02', '2017-02-03T00:00:00Z', '2017-02-04T00:00:00Z');
    expect(draw!.issue).toBe('198');
    expect(formatDrawNumber(DRAW_PRODUCTS.JPA02, draw!.issue)).toBe('第198回');
    expect(between('JPA02', '2017-02-10T00:00:00Z', '2017-02-11T00:00:00Z')[0]!.issue).toBe('199');
    expect(formatDrawNumber(DRAW_PRODUCTS.AUA01, '1305')).toBe('Draw 1305');
    expect(formatDrawNumber(DRAW_PRODUCTS.HKA01, '25/012')).toBe('25/012');
  });

  it('issues counted one by one agree with issues computed from scratch across a year boundary', () => {
    const run = between('TWA02', '2025-12-01T00:00:00Z', '2026-02-01T00:00:00Z');
    for (const draw of run) expect(between('TWA02', draw.drawAt.toISOString(), new Date(draw.drawAt.getTime() + 1).toISOString())[0]!.issue).toBe(draw.issue);
  });
});

describe('the last draws before an instant (a fresh install\'s history)', () => {
  const threeYears = (code: keyof typeof DRAW_PRODUCTS, until: Date) => drawCalendarBetween(DRAW_PRODUCTS[code], new Date(until.getTime() - 3 * 366 * 86_400_000), until);

  it.each(Object.keys(DRAW_PRODUCTS) as Array<keyof typeof DRAW_PRODUCTS>)('%s: the same draws, numbers and times as the tail of three years of its calendar', (code) => {
    for (const until of [new Date('2026-01-04T12:00:00Z'), new Date('2026-07-15T00:00:00Z')]) {
      const all = threeYears(code, until);
      for (const count of [1, 3, 120]) expect(lastDraws(DRAW_PRODUCTS[code], until, count)).toEqual(all.slice(-count));
    }
  });

  it('looks further back when a break leaves the first window short: Loto 6 with December off still gets its last 2 draws, of November', () => {
    expect(lastDraws(DRAW_PRODUCTS.JPA01, new Date('2026-01-04T12:00:00Z'), 2).map((d) => d.localDate)).toEqual(['2025-12-25', '2025-12-29']);
    const december = Array.from({ length: 31 }, (_, i) => `2025-12-${String(i + 1).padStart(2, '0')}`);
    const decemberOff = withDrawOverrides(DRAW_PRODUCTS.JPA01, { source: 'test', calendar: { cancelled: december } });
    expect(lastDraws(decemberOff, new Date('2026-01-04T12:00:00Z'), 2).map((d) => d.localDate)).toEqual(['2025-11-24', '2025-11-27']);
  });

  it('a demo calendar every 3 minutes: the last 5 intervals', () => {
    const everyThree = withDrawOverrides(DRAW_PRODUCTS.HKA01, { source: 'demo', calendar: { everyMinutes: 3, salesCloseMinutes: 1 } });
    const draws = lastDraws(everyThree, new Date('2026-03-01T10:00:30Z'), 5);
    expect(draws.map((d) => d.drawAt.toISOString().slice(11, 16))).toEqual(['09:48', '09:51', '09:54', '09:57', '10:00']);
  });
});

describe('demo calendars (everyMinutes, a deployment override for demos and browser tests)', () => {
  it('Mark Six every 2 minutes: draws on the even minutes, numbered in its format, sales closing 1 minute before', () => {
    const demo = withDrawOverrides(DRAW_PRODUCTS.HKA01, { source: 'demo', calendar: { everyMinutes: 2, salesCloseMinutes: 1 } });
    const draws = drawCalendarBetween(demo, new Date('2026-01-01T00:00:30Z'), new Date('2026-01-01T00:05:00Z'));
    expect(draws.map((d) => [d.issue, d.drawAt.toISOString(), d.salesCloseAt.toISOString()])).toEqual([
      // Hong Kong is 8 h ahead: 08:02 local is the 242nd two-minute slot of 2026.
      ['26/242', '2026-01-01T00:02:00.000Z', '2026-01-01T00:01:00.000Z'],
      ['26/243', '2026-01-01T00:04:00.000Z', '2026-01-01T00:03:00.000Z'],
    ]);
    expect(nextDraws(demo, new Date('2026-01-01T00:02:00Z'), 1)[0]!.issue).toBe('26/243');
    expect(() => withDrawOverrides(DRAW_PRODUCTS.HKA01, { source: 'demo', calendar: { everyMinutes: 2, salesCloseMinutes: 2 } })).toThrow(/shorter/);
  });
});
