import pino, { type Logger } from 'pino';

export type { Logger };

/** One pino logger per process; tokens, passwords and PIN codes never reach the log. */
export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { pid: process.pid, ...base },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'token',
        '*.token',
        'password',
        '*.password',
        '*.passwordCheck',
        'code',
        '*.code',
        'auth.token',
      ],
      censor: '[redacted]',
    },
  });
}
