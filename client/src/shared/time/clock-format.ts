/** Countdowns as clock faces: keno's phases and a draw lottery's sales cut-off. */

/** `3725` → `{ hours: 1, minutes: 2, seconds: 5 }`, for an hours-long wait outside draw hours. */
export function splitDuration(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(totalSeconds));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** `splitDuration` as a clock face: `3725` → `"1:02:05"`, `65` → `"1:05"`. */
export function formatDuration(totalSeconds: number): string {
  const { hours, minutes, seconds } = splitDuration(totalSeconds);
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** A countdown as a clock face with two-digit minutes: `65` → `"01:05"`, `3725` → `"1:02:05"`. */
export function formatClock(totalSeconds: number): string {
  const { hours, minutes, seconds } = splitDuration(totalSeconds);
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
