import { parseWallClock } from '../schedule/schedule-grid.ts';
import { formatRocIssue } from '../schedule/issue-number.ts';
import { dateOfDayNumber, dayNumber, localDayNumber, utcToZoned, zonedDayTimeToUtc, zonedToUtc } from '../schedule/zoned-time.ts';
import type { DrawCalendar, DrawNumbering, DrawProduct } from './types.ts';

/**
 * When a draw lottery draws and what its draws are called, from its calendar in its own time zone.
 * Pure: every api node and the scheduler compute the same draws. Instants come from the local
 * wall time through the zone's rules, so New York's 22:59 is 02:59 UTC in summer and 03:59 UTC in
 * winter, and Australia's Powerball (20:30 Brisbane, which has no DST) is 21:30 in Sydney in summer.
 */
export interface CalendarDraw {
  issue: string;
  /** Sales for this draw open when the previous draw happens. */
  salesOpenAt: Date;
  salesCloseAt: Date;
  drawAt: Date;
  /** The local date of the draw, `YYYY-MM-DD`. */
  localDate: string;
}

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
/** A schedule with no draw in a year is broken (a typo in weekdays); generation stops instead of looping. */
const MAX_EMPTY_DAYS = 400;
/** Refuses ranges that only a bug asks for (a century of twice-weekly draws). */
const MAX_DRAWS_PER_CALL = 20_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDate = (day: number) => {
  const { year, month, day: date } = dateOfDayNumber(day);
  return `${year}-${pad(month)}-${pad(date)}`;
};
/** `2026-03-08` → day number. */
function parseDate(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`date "${text}" is not YYYY-MM-DD`);
  return dayNumber(Number(match[1]), Number(match[2]), Number(match[3]));
}
/** 1970-01-01 was a Thursday (4). */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

function inBreak(calendar: DrawCalendar, day: number): boolean {
  const { month, day: date } = dateOfDayNumber(day);
  const md = `${pad(month)}-${pad(date)}`;
  return calendar.breaks.some(({ from, to }) => (from <= to ? md >= from && md <= to : md >= from || md <= to));
}

/** The calendar's own days (weekday, not in a break, not cancelled, not moved away) plus the days draws moved to. */
function drawsOn(calendar: DrawCalendar, day: number): boolean {
  const date = isoDate(day);
  if (calendar.moves.some((move) => move.to === date)) return true;
  if (calendar.cancelled.includes(date) || calendar.moves.some((move) => move.from === date)) return false;
  return calendar.weekdays.includes(weekdayOf(day)) && !inBreak(calendar, day);
}

function drawInstant(calendar: DrawCalendar, day: number): number {
  return zonedDayTimeToUtc(calendar.timezone, day, parseWallClock(calendar.time));
}

/** The next local day ≥ `day` with a draw. */
function nextDrawDay(calendar: DrawCalendar, day: number): number {
  for (let d = day, n = 0; n < MAX_EMPTY_DAYS; d++, n++) if (drawsOn(calendar, d)) return d;
  throw new RangeError('this calendar has no draw within a year');
}

function previousDrawDay(calendar: DrawCalendar, day: number): number {
  for (let d = day, n = 0; n < MAX_EMPTY_DAYS; d--, n++) if (drawsOn(calendar, d)) return d;
  throw new RangeError('this calendar has no draw within a year');
}

/** How many draw days lie in [from, to). Negative when `to < from`. */
function drawDaysBetween(calendar: DrawCalendar, from: number, to: number): number {
  if (to < from) return -drawDaysBetween(calendar, to, from);
  let count = 0;
  for (let d = from; d < to; d++) if (drawsOn(calendar, d)) count++;
  return count;
}

/**
 * The draw's number in the lottery's own format, from its local draw day.
 *
 * @example issueOfDay(TWA01, dayNumber(2025, 1, 2)) // the first 威力彩 draw of 2025 (a Thursday) → '114000001'
 */
export function issueOfDay(product: Pick<DrawProduct, 'calendar' | 'numbering'>, day: number): string {
  const { calendar, numbering } = product;
  const { year, month, day: date } = dateOfDayNumber(day);
  switch (numbering.kind) {
    case 'date':
      return `${year}-${pad(month)}-${pad(date)}`;
    case 'roc-year-running':
      return formatRocIssue(year, drawDaysBetween(calendar, dayNumber(year, 1, 1), day) + 1);
    case 'year-running':
      return `${pad(year % 100)}/${pad(drawDaysBetween(calendar, dayNumber(year, 1, 1), day) + 1, 3)}`;
    case 'sequence': {
      const number = numbering.anchor.number + drawDaysBetween(calendar, parseDate(numbering.anchor.date), day);
      if (number < 1) throw new RangeError(`the draw of ${isoDate(day)} precedes draw 1`);
      return String(number);
    }
  }
}

/** Like `issueOfDay`, for the draw after one whose issue is known, without recounting from the start of the year. */
function nextIssue(numbering: DrawNumbering, previous: { day: number; issue: string }, day: number, recount: () => string): string {
  const sameYear = dateOfDayNumber(previous.day).year === dateOfDayNumber(day).year;
  switch (numbering.kind) {
    case 'sequence':
      return String(Number(previous.issue) + 1);
    case 'roc-year-running':
      return sameYear ? previous.issue.slice(0, 3) + pad(Number(previous.issue.slice(3)) + 1, 6) : recount();
    case 'year-running':
      return sameYear ? `${previous.issue.slice(0, 3)}${pad(Number(previous.issue.slice(3)) + 1, 3)}` : recount();
    case 'date':
      return recount();
  }
}

function drawOfDay(product: Pick<DrawProduct, 'calendar'>, day: number, issue: string): CalendarDraw {
  const { calendar } = product;
  const drawAt = drawInstant(calendar, day);
  const previous = previousDrawDay(calendar, day - 1);
  return {
    issue,
    salesOpenAt: new Date(drawInstant(calendar, previous)),
    salesCloseAt: new Date(drawAt - calendar.salesCloseMinutes * MS_PER_MINUTE),
    drawAt: new Date(drawAt),
    localDate: isoDate(day),
  };
}

/** Demo calendars (`everyMinutes`): the draw at instant `t` (a multiple of the interval since the epoch). */
function intervalDraw(product: Pick<DrawProduct, 'calendar' | 'numbering'>, t: number): CalendarDraw {
  const { calendar, numbering } = product;
  const step = calendar.everyMinutes! * MS_PER_MINUTE;
  const wall = utcToZoned(calendar.timezone, t);
  const yearStart = zonedToUtc(calendar.timezone, { year: wall.year, month: 1, day: 1, hour: 0, minute: 0, second: 0 });
  const inYear = Math.floor((t - yearStart) / step) + 1;
  let issue: string;
  switch (numbering.kind) {
    case 'roc-year-running':
      issue = formatRocIssue(wall.year, inYear);
      break;
    case 'year-running':
      issue = `${pad(wall.year % 100)}/${pad(inYear, 3)}`;
      break;
    case 'sequence':
      issue = String(numbering.anchor.number + Math.floor((t - zonedToUtc(calendar.timezone, { ...wallOf(parseDate(numbering.anchor.date)), hour: 0, minute: 0, second: 0 })) / step));
      break;
    case 'date':
      issue = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}-${pad(wall.hour)}${pad(wall.minute)}`;
      break;
  }
  return {
    issue,
    salesOpenAt: new Date(t - step),
    salesCloseAt: new Date(t - calendar.salesCloseMinutes * MS_PER_MINUTE),
    drawAt: new Date(t),
    localDate: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`,
  };
}

const wallOf = (day: number) => dateOfDayNumber(day);

/**
 * Every draw with `from ≤ drawAt < to`, in order.
 *
 * @example drawCalendarBetween(DRAW_PRODUCTS.HKA01, new Date('2025-01-28T00:00:00Z'), new Date('2025-02-01T00:00:00Z'))
 *   // → [{ issue: '25/012', drawAt: 2025-01-28T13:30:00Z, salesCloseAt: 13:15:00Z, localDate: '2025-01-28', … },
 *   //    { issue: '25/013', drawAt: 2025-01-30T13:30:00Z, … }]
 */
export function drawCalendarBetween(product: Pick<DrawProduct, 'calendar' | 'numbering'>, from: Date, to: Date): CalendarDraw[] {
  const { calendar } = product;
  if (calendar.everyMinutes) {
    const step = calendar.everyMinutes * MS_PER_MINUTE;
    const out: CalendarDraw[] = [];
    for (let t = Math.ceil(from.getTime() / step) * step; t < to.getTime(); t += step) {
      if (out.length >= MAX_DRAWS_PER_CALL) throw new RangeError('drawCalendarBetween: range too long');
      out.push(intervalDraw(product, t));
    }
    return out;
  }
  const draws: CalendarDraw[] = [];
  // A day's draw can fall on the previous UTC date, so start a day early and filter by instant.
  let day = localDayNumber(calendar.timezone, from.getTime()) - 1;
  const lastDay = localDayNumber(calendar.timezone, to.getTime()) + 1;
  let previous: { day: number; issue: string } | null = null;
  while (day <= lastDay) {
    day = nextDrawDay(calendar, day);
    if (day > lastDay) break;
    const at = drawInstant(calendar, day);
    if (at >= to.getTime()) break;
    if (at >= from.getTime()) {
      if (draws.length >= MAX_DRAWS_PER_CALL) throw new RangeError('drawCalendarBetween: range too long');
      const thisDay = day;
      const issue: string = previous ? nextIssue(product.numbering, previous, day, () => issueOfDay(product, thisDay)) : issueOfDay(product, day);
      draws.push(drawOfDay(product, day, issue));
      previous = { day, issue };
    }
    day++;
  }
  return draws;
}

/** How far back `lastDraws` looks at most: three years hold hundreds of draws of any weekly calendar. */
const MAX_LOOKBACK_DAYS = 3 * 366;

/**
 * The last `count` draws with `drawAt < until`, oldest first (fewer when the calendar has fewer in
 * three years). Computes only a window sized for `count` (doubled while breaks leave it short),
 * not years of calendar.
 *
 * @example lastDraws(DRAW_PRODUCTS.HKA01, new Date('2025-02-01T00:00:00Z'), 2).map((d) => d.issue) // → ['25/012', '25/013']
 */
export function lastDraws(product: Pick<DrawProduct, 'calendar' | 'numbering'>, until: Date, count: number): CalendarDraw[] {
  if (count <= 0) return [];
  const { calendar } = product;
  if (calendar.everyMinutes) {
    return drawCalendarBetween(product, new Date(until.getTime() - (count + 1) * calendar.everyMinutes * MS_PER_MINUTE), until).slice(-count);
  }
  // A week of margin on top of the weeks `count` draws take at the calendar's weekly rate.
  let days = Math.ceil((count / Math.max(1, calendar.weekdays.length)) * 7) + 7;
  for (;;) {
    const span = Math.min(days, MAX_LOOKBACK_DAYS);
    const draws = drawCalendarBetween(product, new Date(until.getTime() - span * MS_PER_DAY), until);
    if (draws.length >= count || span === MAX_LOOKBACK_DAYS) return draws.slice(-count);
    days *= 2;
  }
}

/** The first `count` draws strictly after `t`. @example nextDraws(DRAW_PRODUCTS.JPA01, new Date('2025-12-30T00:00:00Z'), 1)[0].localDate // → '2026-01-05' (break 31 Dec–3 Jan) */
export function nextDraws(product: Pick<DrawProduct, 'calendar' | 'numbering'>, t: Date, count: number): CalendarDraw[] {
  const { calendar } = product;
  if (calendar.everyMinutes) {
    const step = calendar.everyMinutes * MS_PER_MINUTE;
    const first = Math.floor(t.getTime() / step) * step + step;
    return Array.from({ length: count }, (_, i) => intervalDraw(product, first + i * step));
  }
  const out: CalendarDraw[] = [];
  let day = localDayNumber(calendar.timezone, t.getTime()) - 1;
  let previous: { day: number; issue: string } | null = null;
  while (out.length < count) {
    day = nextDrawDay(calendar, day);
    if (drawInstant(calendar, day) > t.getTime()) {
      const thisDay = day;
      const issue: string = previous ? nextIssue(product.numbering, previous, day, () => issueOfDay(product, thisDay)) : issueOfDay(product, day);
      out.push(drawOfDay(product, day, issue));
      previous = { day, issue };
    }
    day++;
  }
  return out;
}

/**
 * How a draw's number is written for people: Loto 6 `1937` → `第1937回`, AU Powerball `1305` →
 * `Draw 1305`; every other format is already what the operator prints (`25/012`, `114000088`, `2026-03-04`).
 */
export function formatDrawNumber(product: Pick<DrawProduct, 'numbering'>, issue: string): string {
  const { numbering } = product;
  if (numbering.kind === 'sequence') return numbering.display === 'jp' ? `第${issue}回` : `Draw ${issue}`;
  return issue;
}
