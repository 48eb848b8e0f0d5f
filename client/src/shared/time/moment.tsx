import { useIntl, type IntlShape } from 'react-intl';

/**
 * How long a moment reads: `short` in tables and lists ("11/28/26, 10:59 PM GMT+8"), `medium` in
 * a detail or a sentence ("Nov 28, 2026, 10:59 PM GMT+8").
 */
export type MomentLength = 'short' | 'medium';

interface MomentOptions {
  length?: MomentLength;
  /** The zone to read it in: a draw's own (its lottery's calendar), or the reader's when absent. */
  timeZone?: string;
  seconds?: boolean;
  /** With the day of the week: a lottery's draw, whose day matters ("Sat, Nov 28, 2026, 10:59 PM EST"). */
  weekday?: boolean;
}

const DATE_PARTS: Record<MomentLength, Intl.DateTimeFormatOptions> = {
  short: { year: '2-digit', month: 'numeric', day: 'numeric' },
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
};

/**
 * A date and time with its zone, the same way on every member screen: every time names its zone
 * (issue 34). Intl cannot put a zone beside `dateStyle`/`timeStyle`, so the parts are spelled out.
 *
 * @example formatMoment(intl, '2026-11-28T15:59:00Z', { timeZone: 'America/New_York' }) → "Nov 28, 2026, 10:59 AM EST"
 */
export function formatMoment(intl: IntlShape, value: Date | string | number, { length = 'medium', timeZone, seconds = false, weekday = false }: MomentOptions = {}): string {
  return intl.formatDate(value, {
    ...(weekday ? { weekday: 'short' } : {}),
    ...DATE_PARTS[length],
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** A time of day with its zone, for a moment whose date is plain from the page ("10:59 PM GMT+8"). */
export function formatTimeOfDay(intl: IntlShape, value: Date | string | number, { timeZone, seconds = false }: Omit<MomentOptions, 'length' | 'weekday'> = {}): string {
  return intl.formatTime(value, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) });
}

/** `formatMoment` as an element: `<Moment value={order.createdAt} length="short" />`, in a `<time>` with its ISO value. */
export function Moment({ value, testId, ...options }: MomentOptions & { value: Date | string | number; testId?: string }) {
  const intl = useIntl();
  const date = new Date(value);
  return (
    <time dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()} data-testid={testId}>
      {formatMoment(intl, date, options)}
    </time>
  );
}
