/**
 * Whether `error` says the database could not be reached or went away while we were using it (a
 * restart, a failover, a dropped connection, every connection taken), rather than refusing what we
 * asked of it. A request that meets one answers 503 `service_unavailable` with `Retry-After`, not
 * 500: it is the moment, not the request. Retrying is safe: money-moving requests carry an
 * Idempotency-Key, so one whose commit did land before the connection dropped answers its first
 * result again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || NETWORK_CODES.has(code))) return true;
  // node-postgres reports a connection lost under a query, or never made, with a bare Error.
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}

/**
 * SQLSTATEs: class 08 (connection exception); 57P01–57P03 (the server is shutting down, crashed,
 * or not accepting connections yet); 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** The socket's own failures, as Node reports them. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;
