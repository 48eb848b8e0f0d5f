import type { ScheduleSpec } from './types.ts';
import { localDayNumber, utcToZoned, zonedDayTimeToUtc, zoneOffsetMs } from './zoned-time.ts';

/**
 * Where draws fall in time. Windowed products draw every `intervalSeconds` of real time from the
 * instant of the window's first draw up to the instant of `last`, each local day; around-the-clock
 * products draw on one endless grid (anchored on the anchor draw, or on the Unix epoch for ROC
 * numbering). Internal to `common/src/schedule/`; everything here works in epoch milliseconds.
 */

/** A draw's place on its schedule. Windowed: local `day` number and 0-based `index` in that day's
 * window. Around the clock: `day` null and `index` = intervals from the grid origin (may be < 0). */
export interface GridPoint {
  drawAt: number;
  day: number | null;
  index: number;
}

/** One local day's window: its first draw's instant and how many draws it holds. */
export interface DayWindow {
  day: number;
  firstDrawAt: number;
  count: number;
}

const MS_PER_DAY = 86_400_000;
const SECONDS_PER_DAY = 86_400;
/** Local time is never more than 14 h from UTC, so this margin brackets any wall time's instant. */
const ZONE_MARGIN_MS = 14 * 3_600_000;
/** Real zones never change offset twice within this many days (Morocco's Ramadan pause is ~30). */
const DAYS_PER_OFFSET_PROBE = 7;
const WALL_CLOCK = /^([0-4]\d):([0-5]\d)$/;

/** Floor division of integers, exact (no float rounding). @example floorDiv(-1, 300) // → -1 */
export function floorDiv(a: number, b: number): number {
  return (a - (((a % b) + b) % b)) / b;
}

/** Ceiling division of integers, exact. @example ceilDiv(301, 300) // → 2 */
export function ceilDiv(a: number, b: number): number {
  return -floorDiv(-a, b);
}

/** `"07:05"` → seconds after local midnight (25_500); hours up to 47 for windows ending after midnight. */
export function parseWallClock(text: string): number {
  const match = WALL_CLOCK.exec(text);
  if (!match || Number(match[1]) > 47) throw new RangeError(`wall-clock time "${text}" is not HH:MM (00:00–47:59)`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60;
}

export function intervalMs(spec: ScheduleSpec): number {
  return spec.intervalSeconds * 1000;
}

function windowSeconds(spec: ScheduleSpec): { first: number; last: number } {
  if (!spec.dailyWindow) throw new Error('around-the-clock schedules have no daily window');
  return { first: parseWallClock(spec.dailyWindow.first), last: parseWallClock(spec.dailyWindow.last) };
}

/** The origin of an around-the-clock grid: the anchor draw, or the epoch (ROC numbering). */
export function gridOrigin(spec: ScheduleSpec): number {
  return spec.issueFormat.kind === 'global-sequence' ? Date.parse(spec.issueFormat.anchor.drawAt) : 0;
}

/** The window of local day `day` (see `dayNumber`). */
export function dayWindow(spec: ScheduleSpec, day: number): DayWindow {
  const { first, last } = windowSeconds(spec);
  const firstDrawAt = zonedDayTimeToUtc(spec.timezone, day, first);
  const lastAt = zonedDayTimeToUtc(spec.timezone, day, last);
  const count = lastAt < firstDrawAt ? 0 : floorDiv(lastAt - firstDrawAt, intervalMs(spec)) + 1;
  return { day, firstDrawAt, count };
}

/**
 * How many draws the windows of local days `from` (inclusive) to `to` (exclusive) hold; negative
 * when `to < from`. Days without an offset change inside their window hold the standard count, so
 * only weeks where the zone's offset moves are counted day by day.
 *
 * @example drawsOnDays(TWB01, dayNumber(2026, 1, 1), dayNumber(2026, 3, 21)) // → 79 × 203 = 16_037
 */
export function drawsOnDays(spec: ScheduleSpec, from: number, to: number): number {
  if (to < from) return -drawsOnDays(spec, to, from);
  const { first, last } = windowSeconds(spec);
  const standard = floorDiv(last - first, spec.intervalSeconds) + 1;
  let total = 0;
  for (let day = from; day < to; day += DAYS_PER_OFFSET_PROBE) {
    const end = Math.min(day + DAYS_PER_OFFSET_PROBE, to);
    const earliest = day * MS_PER_DAY + first * 1000 - ZONE_MARGIN_MS;
    const latest = (end - 1) * MS_PER_DAY + last * 1000 + ZONE_MARGIN_MS;
    if (zoneOffsetMs(spec.timezone, earliest) === zoneOffsetMs(spec.timezone, latest)) {
      total += (end - day) * standard;
    } else {
      for (let each = day; each < end; each++) total += dayWindow(spec, each).count;
    }
  }
  return total;
}

/**
 * The draws at or after instant `t`, in order, without end. Each day's window is computed once.
 *
 * @example pointsFrom(TWB01, Date.parse('2026-01-01T15:56:00Z')).next().value // 23:56 in Taipei
 *   // → { drawAt: Date.parse('2026-01-01T23:05:00Z'), day: dayNumber(2026, 1, 2), index: 0 }
 */
export function* pointsFrom(spec: ScheduleSpec, t: number): Generator<GridPoint, never> {
  const step = intervalMs(spec);
  if (!spec.dailyWindow) {
    const origin = gridOrigin(spec);
    for (let index = ceilDiv(t - origin, step); ; index++) yield { drawAt: origin + index * step, day: null, index };
  }
  // A window may end up to 48 h after its day's midnight, so start two local days back.
  const today = localDayNumber(spec.timezone, t);
  let day = today - 2;
  let window = dayWindow(spec, day);
  while (window.count === 0 || window.firstDrawAt + (window.count - 1) * step < t) {
    if (day > today + 7) throw new RangeError('schedule has no draws in a week');
    window = dayWindow(spec, ++day);
  }
  let index = Math.max(0, ceilDiv(t - window.firstDrawAt, step));
  for (;;) {
    for (; index < window.count; index++) yield { drawAt: window.firstDrawAt + index * step, day, index };
    window = dayWindow(spec, ++day);
    index = 0;
  }
}

/** The draw at exactly `drawAt`, or null when nothing draws then. */
export function pointAt(spec: ScheduleSpec, drawAt: number): GridPoint | null {
  const point = pointsFrom(spec, drawAt).next().value;
  return point.drawAt === drawAt ? point : null;
}

/** The calendar year a draw counts in for ROC numbering: its window's day, else its local date. */
export function yearOfPoint(spec: ScheduleSpec, point: GridPoint): number {
  if (point.day !== null) return new Date(point.day * MS_PER_DAY).getUTCFullYear();
  return utcToZoned(spec.timezone, point.drawAt).year;
}

const validated = new WeakSet<ScheduleSpec>();

/**
 * Throws a RangeError naming the first thing wrong with a schedule (unknown zone, cut-off not
 * shorter than the interval, windows that would overlap, an anchor that is not a draw, …).
 * Checked once per spec object.
 *
 * @example assertScheduleSpec({ ...TWB01, salesCloseSeconds: 300 })
 *   // throws RangeError: salesCloseSeconds must be an integer in [0, intervalSeconds)
 */
export function assertScheduleSpec(spec: ScheduleSpec): void {
  if (validated.has(spec)) return;
  utcToZoned(spec.timezone, 0); // throws RangeError for an unknown zone
  const { intervalSeconds: interval, salesCloseSeconds: cutOff } = spec;
  if (!Number.isInteger(interval) || interval <= 0 || interval > SECONDS_PER_DAY) {
    throw new RangeError('intervalSeconds must be a whole number of seconds in (0, 86400]');
  }
  if (!Number.isInteger(cutOff) || cutOff < 0 || cutOff >= interval) {
    throw new RangeError('salesCloseSeconds must be an integer in [0, intervalSeconds)');
  }
  if (spec.dailyWindow) {
    const { first, last } = windowSeconds(spec);
    if (first >= SECONDS_PER_DAY || last < first || last - first + interval > SECONDS_PER_DAY) {
      throw new RangeError('dailyWindow must start before 24:00, end after it starts, and leave a day for the next window');
    }
  }
  if (spec.issueFormat.kind === 'global-sequence') {
    const { issue, drawAt } = spec.issueFormat.anchor;
    if (!Number.isSafeInteger(issue) || issue < 1) throw new RangeError('anchor.issue must be a positive integer');
    if (!/(Z|[+-]\d{2}:\d{2})$/.test(drawAt) || !Number.isFinite(Date.parse(drawAt))) {
      throw new RangeError(`anchor.drawAt "${drawAt}" must be an ISO-8601 instant with an offset`);
    }
    if (spec.dailyWindow && !pointAt(spec, Date.parse(drawAt))) {
      throw new RangeError(`anchor.drawAt ${drawAt} is not a draw of this schedule`);
    }
  }
  validated.add(spec);
}
