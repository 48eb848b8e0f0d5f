/**
 * Kick-off times in a zone the member chooses: Hong Kong (HKJC's own, the default), the
 * browser's zone, or UTC. The choice is stored as one of these names, not the zone, so "my zone"
 * follows the device when it travels.
 */
export const TIME_ZONE_CHOICES = ['hk', 'local', 'utc'] as const;
export type TimeZoneChoice = (typeof TIME_ZONE_CHOICES)[number];

export const isTimeZoneChoice = (value: string): value is TimeZoneChoice => (TIME_ZONE_CHOICES as readonly string[]).includes(value);

/** The browser's zone, or UTC when the runtime does not say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The IANA zone of a choice: `zoneOf('hk')` → `'Asia/Hong_Kong'`. */
export function zoneOf(choice: TimeZoneChoice, local: string = browserZone()): string {
  return choice === 'hk' ? 'Asia/Hong_Kong' : choice === 'utc' ? 'UTC' : local;
}

/**
 * The calendar date of an instant in a zone, as `YYYY-MM-DD` (the key events are grouped by).
 * Example: `dateKey('2026-06-14T17:00:00Z', 'Asia/Hong_Kong')` → `'2026-06-15'` (01:00 the next day in Hong Kong).
 */
export function dateKey(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Kick-off as the list shows it, the time in 24 hours: `formatKickOff('2026-06-14T12:00:00Z', 'Asia/Hong_Kong', 'en')` → `'20:00'`. */
export function formatKickOff(iso: string, zone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** A group heading: `formatDateHeading('2026-06-15', 'en')` → `'Monday, 15 June 2026'` (the key is already in the chosen zone). */
export function formatDateHeading(key: string, locale: string): string {
  // Noon UTC of that date reads as the same date in UTC, whatever the reader's zone.
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${key}T12:00:00Z`));
}

/** The zone's offset at an instant, for the selector: `zoneOffset('Asia/Hong_Kong', date)` → `'GMT+8'`. */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/**
 * Events grouped by their kick-off date in `zone`, dates and events in kick-off order.
 * Example: kick-offs at 12:00Z and 17:00Z on 14 June, in Hong Kong → two groups, 2026-06-14 and 2026-06-15.
 */
export function groupByDate<E extends { kickOffAt: string; code: string }>(events: readonly E[], zone: string): { date: string; events: E[] }[] {
  const sorted = [...events].sort((a, b) => Date.parse(a.kickOffAt) - Date.parse(b.kickOffAt) || a.code.localeCompare(b.code));
  const groups: { date: string; events: E[] }[] = [];
  for (const event of sorted) {
    const date = dateKey(event.kickOffAt, zone);
    const last = groups.at(-1);
    if (last?.date === date) last.events.push(event);
    else groups.push({ date, events: [event] });
  }
  return groups;
}
