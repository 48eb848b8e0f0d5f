/**
 * The Idempotency-Key of a confirmed order (a keno ticket, a football slip). Retrying the same
 * order (after a dropped connection, or a refusal the member then fixed elsewhere, such as a
 * deposit) reuses its key, so the server can never buy it twice; any change to the order, or an
 * order already bought, gets a fresh key.
 */
export interface OrderAttempt {
  body: string;
  key: string;
}

/**
 * JSON with every object's keys sorted and undefined fields left out: the same body gives the
 * same text whatever its key order. Example: `canonicalJson({ b: 1, a: [2] })` → `{"a":[2],"b":1}`.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The attempt to send `body` with: the pending one when it is the same order, else a new one.
 *
 * Example: `attemptFor({ body: '{"a":1}', key: 'k1' }, '{"a":1}', newKey)` → `{ body: '{"a":1}', key: 'k1' }`.
 */
export function attemptFor(pending: OrderAttempt | null, body: string, newKey: () => string): OrderAttempt {
  return pending && pending.body === body ? pending : { body, key: newKey() };
}
