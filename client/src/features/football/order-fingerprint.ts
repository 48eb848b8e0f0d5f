import type { FootballOrderBody } from '@gp/common';

/** JSON with every object's keys sorted and undefined fields left out. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A stable text of a football body: the same slip gives the same text whatever its key order, so
 * a retry of the same slip reuses its Idempotency-Key (keno's `attemptFor`) and the quote of the
 * same slip is asked once.
 */
export function footballFingerprint(body: FootballOrderBody): string {
  return canonical({ ...body, acceptBetterOdds: body.acceptBetterOdds ?? false });
}
