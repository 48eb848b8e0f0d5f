/**
 * The draw interval in the reader's words, by Intl unit formatting: whole minutes as minutes,
 * anything else (a demo schedule of 30 s) as seconds.
 *
 * @example intervalText(300, 'en') → "5 minutes"; intervalText(30, 'en') → "30 seconds"
 */
export function intervalText(seconds: number, locale: string): string {
  const [value, unit] = seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
