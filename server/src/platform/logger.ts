import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

// Wherever a request, a body or a socket handshake may carry a secret.
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.currentPassword',
  '*.challenge',
  'token',
  '*.token',
  'password',
  '*.password',
  '*.passwordCheck',
  'code',
  '*.code',
  'auth.token',
];

/** One pino logger per process; tokens, passwords and PIN codes never reach the log. */
export function createLogger(level: string, base: Record<string, unknown> = {}, destination?: DestinationStream): Logger {
  return pino({ level, base: { pid: process.pid, ...base }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination as DestinationStream);
}
