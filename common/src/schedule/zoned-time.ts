/**
 * Wall time in an IANA zone ⇄ UTC instants, with nothing but `Intl.DateTimeFormat` (the ICU data
 * Node and browsers ship). Instants are epoch milliseconds (integers); wall times are plain fields.
 */

/** A local wall-clock reading. `month` is 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MS_PER_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-US with h23 gives plain digits and hours 00–23 (never "24" at midnight).
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall time through ICU: exact, but ~10 µs a call (the cache below calls it twice per UTC day). */
function intlWallTime(timeZone: string, epochMs: number): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  }
  return wall;
}

const wholeSecondOf = (epochMs: number) => epochMs - (((epochMs % 1000) + 1000) % 1000);
const intlOffsetMs = (timeZone: string, wholeSecond: number) => wallAsUtcMs(intlWallTime(timeZone, wholeSecond)) - wholeSecond;

/**
 * Offsets by UTC day, per zone: the offset at the day's first and last second. Where they agree the
 * zone kept one offset all day (real zones change at most once within a day, the rule `zonedToUtc`
 * also relies on), so any instant of that day needs no ICU call. A draw calendar's three years of
 * history cost ~1,100 days × 2 calls instead of ~6 calls per draw. Bounded: a zone's map is cleared
 * past MAX_CACHED_DAYS (about 11 years of days).
 */
const dayOffsets = new Map<string, Map<number, readonly [number, number]>>();
const MAX_CACHED_DAYS = 4_096;

function utcDayOffsets(timeZone: string, utcDay: number): readonly [number, number] {
  let zone = dayOffsets.get(timeZone);
  if (!zone) dayOffsets.set(timeZone, (zone = new Map()));
  let offsets = zone.get(utcDay);
  if (!offsets) {
    if (zone.size >= MAX_CACHED_DAYS) zone.clear();
    const start = utcDay * MS_PER_DAY;
    offsets = [intlOffsetMs(timeZone, start), intlOffsetMs(timeZone, start + MS_PER_DAY - 1000)] as const;
    zone.set(utcDay, offsets);
  }
  return offsets;
}

/**
 * The zone's offset from UTC at an instant, in ms (local − UTC).
 *
 * @example zoneOffsetMs('America/Edmonton', Date.parse('2026-07-01T00:00:00Z')) // → -21_600_000 (MDT, UTC−6)
 */
export function zoneOffsetMs(timeZone: string, epochMs: number): number {
  const wholeSecond = wholeSecondOf(epochMs);
  const [start, end] = utcDayOffsets(timeZone, Math.floor(wholeSecond / MS_PER_DAY));
  // The day of a transition: ask ICU for this very second.
  return start === end ? start : intlOffsetMs(timeZone, wholeSecond);
}

/**
 * The wall time shown in `timeZone` at instant `epochMs` (milliseconds are dropped).
 *
 * @example utcToZoned('Asia/Taipei', Date.parse('2025-12-31T23:05:00Z'))
 *   // → { year: 2026, month: 1, day: 1, hour: 7, minute: 5, second: 0 }
 */
export function utcToZoned(timeZone: string, epochMs: number): WallTime {
  const wholeSecond = wholeSecondOf(epochMs);
  const local = new Date(wholeSecond + zoneOffsetMs(timeZone, wholeSecond));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The wall time read as if it were UTC: Date.UTC semantics, so fields may overflow (hour 24 = next day 00). */
export function wallAsUtcMs(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/**
 * The instant at which `timeZone`'s clocks show `wall`. Fields may overflow like `Date.UTC`
 * (`{ day: 1, hour: 24 }` is 00:00 on the 2nd). Across DST transitions (the "compatible" rule
 * of Temporal): a wall time that happens twice (fall back) resolves to the earlier instant; a
 * wall time that never happens (spring forward) is read with the offset in force before the
 * gap, so it lands that many minutes after the gap (02:30 on a spring-forward night → 03:30).
 *
 * @example zonedToUtc('Asia/Taipei', { year: 2026, month: 1, day: 1, hour: 7, minute: 5, second: 0 })
 *   // → Date.parse('2025-12-31T23:05:00Z')
 */
export function zonedToUtc(timeZone: string, wall: WallTime): number {
  const asUtc = wallAsUtcMs(wall);
  // Real zones change offset at most once within a day either side of any wall time.
  const before = zoneOffsetMs(timeZone, asUtc - MS_PER_DAY);
  const after = zoneOffsetMs(timeZone, asUtc + MS_PER_DAY);
  if (before === after) return asUtc - before;
  const withBefore = asUtc - before;
  const withAfter = asUtc - after;
  const beforeValid = zoneOffsetMs(timeZone, withBefore) === before;
  const afterValid = zoneOffsetMs(timeZone, withAfter) === after;
  if (beforeValid && afterValid) return Math.min(withBefore, withAfter);
  if (beforeValid) return withBefore;
  if (afterValid) return withAfter;
  return withBefore;
}

/**
 * A calendar date as a day number (days since 1970-01-01), so date arithmetic is integer arithmetic.
 *
 * @example dayNumber(2026, 1, 1) // → 20454
 */
export function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** The calendar date of a day number. @example dateOfDayNumber(20454) // → { year: 2026, month: 1, day: 1 } */
export function dateOfDayNumber(days: number): { year: number; month: number; day: number } {
  const date = new Date(days * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The day number of the local calendar date in `timeZone` at an instant. */
export function localDayNumber(timeZone: string, epochMs: number): number {
  const wall = utcToZoned(timeZone, epochMs);
  return dayNumber(wall.year, wall.month, wall.day);
}

/**
 * The instant a local day number plus a number of seconds after its midnight happens, wall-clock
 * (so `secondsIntoDay` may reach past 24 h: 86_400 is the next midnight).
 */
export function zonedDayTimeToUtc(timeZone: string, day: number, secondsIntoDay: number): number {
  const { year, month, day: date } = dateOfDayNumber(day);
  return zonedToUtc(timeZone, { year, month, day: date, hour: 0, minute: 0, second: secondsIntoDay });
}
