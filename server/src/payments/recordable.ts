/**
 * PostgreSQL text and jsonb cannot hold U+0000, and a provider's signed callback may carry one (in
 * a message, or anywhere a `%00` was sent). What arrived is still recorded and answered: strings
 * bound for a text column get U+FFFD in its place (such a value names no deposit of ours, whose
 * references are letters and digits), and the body is kept as it was received, in base64, beside
 * its readable copy.
 */
const NUL = /\u0000/g;

export const withoutNul = (text: string) => text.replace(NUL, '\uFFFD');

/** `value` with every string NUL-free (Dates and numbers as they are). */
export function nulFree<T>(value: T): T {
  if (typeof value === 'string') return withoutNul(value) as T;
  if (Array.isArray(value)) return value.map(nulFree) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), nulFree(v)])) as T;
  }
  return value;
}

const holdsNul = (value: unknown) => JSON.stringify(value ?? null).includes('\\u0000');

/** The body to record: as parsed, or — when it holds a NUL — its raw bytes (base64) and a NUL-free copy. */
export const recordedBody = (body: unknown, rawBody: Buffer) => (holdsNul(body) ? { raw: rawBody.toString('base64'), parsed: nulFree(body) } : body);
