import type { KenoOrderBody } from '@gp/common';

/**
 * The Idempotency-Key of a confirmed ticket. Retrying the same ticket (after a dropped
 * connection, or a refusal the member then fixed elsewhere, such as a deposit) reuses its key, so
 * the server can never buy it twice; any change to the ticket, or a ticket already bought, gets a
 * fresh key.
 */
export interface OrderAttempt {
  body: string;
  key: string;
}

/** JSON with every object's keys sorted. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A stable text of the body: the same ticket gives the same text whatever its key order or omitted defaults. */
export function bodyFingerprint(body: KenoOrderBody): string {
  const { trial = false, multiplier = 1 } = body;
  return canonical({ ...body, trial, multiplier });
}

/**
 * The attempt to send `body` with: the pending one when it is the same ticket, else a new one.
 *
 * Example: `attemptFor({ body: '{"a":1}', key: 'k1' }, '{"a":1}', newKey)` → `{ body: '{"a":1}', key: 'k1' }`.
 */
export function attemptFor(pending: OrderAttempt | null, body: string, newKey: () => string): OrderAttempt {
  return pending && pending.body === body ? pending : { body, key: newKey() };
}
