import { utcToZoned, zonedToUtc } from '@gp/common';
import { FeedFormatError } from '../types.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A source's date or date-time read in the draw's own time zone: the local calendar day (how date-
 * numbered draws are keyed) and the instant. `2026-08-14` is that day's midnight there; a time
 * with an offset or `Z` is that instant; a time without one is the zone's wall time (never the
 * server's own zone, as `Date.parse` would take it). Anything else is a malformed answer.
 */
export function zonedDateTime(timeZone: string, text: string, what: string): { day: string; at: Date } {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text.trim());
  if (!m) throw new FeedFormatError(`${what} ${JSON.stringify(text)} is not a date`);
  const [, y, mo, d, h, mi, s, zone] = m;
  if (zone) {
    const at = new Date(text.trim());
    if (Number.isNaN(at.getTime())) throw new FeedFormatError(`${what} ${JSON.stringify(text)} is not a date`);
    const wall = utcToZoned(timeZone, at.getTime());
    return { day: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, at };
  }
  const wall = { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h ?? 0), minute: Number(mi ?? 0), second: Number(s ?? 0) };
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.day > 31 || wall.hour > 23 || wall.minute > 59 || wall.second > 59) throw new FeedFormatError(`${what} ${JSON.stringify(text)} is not a date`);
  return { day: `${y}-${mo}-${d}`, at: new Date(zonedToUtc(timeZone, wall)) };
}
