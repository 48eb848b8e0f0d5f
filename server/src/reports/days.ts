import { utcToZoned, zonedToUtc } from '@gp/common';

const DAY_MS = 86_400_000;

/** The day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The day before `day` (YYYY-MM-DD). */
export const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

/** The first instant of `day` (YYYY-MM-DD) in `timeZone`. */
export function startOfDay(timeZone: string, day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(zonedToUtc(timeZone, { year, month, day: date, hour: 0, minute: 0, second: 0 }));
}

/** The instants of `from`..`to` (days, both included) in `timeZone`: `[start, end)`, whatever the days' lengths. */
export const dayWindow = (timeZone: string, from: string, to = from) => ({ start: startOfDay(timeZone, from), end: startOfDay(timeZone, nextDay(to)) });

/** The day `at` falls on in `timeZone`. */
export function dayOf(timeZone: string, at: Date): string {
  const wall = utcToZoned(timeZone, at.getTime());
  return `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}
