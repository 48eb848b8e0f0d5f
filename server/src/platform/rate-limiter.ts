import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import type { Logger } from './logger.ts';

/**
 * Named fixed-window counters on rate-limiter-flexible: memory in embedded mode (one process),
 * Redis in scaled mode (shared by every api node). A policy names its limit and window once;
 * features say `limiter.consume('pin.failures', userId)` and never build windows inline.
 *
 * Every key expires with its window in both stores: Redis keys are written with their TTL in the
 * same script that counts, and the memory store drops each key when its window ends, so neither
 * grows with the number of distinct emails or addresses ever seen.
 */
export interface RatePolicy {
  /** How many points a window allows; the call that takes the count above it is `limited`. */
  points: number;
  /** The window, in seconds, from the key's first count. */
  seconds: number;
}

/** Wrong codes a staff sign-in challenge survives; the next one ends it. */
export const STAFF_CHALLENGE_MAX_WRONG_CODES = 3;

/** Every policy of the server, from the config (README "Settings"; login policy in auth/login-limits.ts). */
export function ratePolicies(config: Config) {
  return {
    /** Login failures for one email from one address (LOGIN_MAX_ATTEMPTS per LOGIN_WINDOW_SECONDS). */
    'login.pair': { points: config.LOGIN_MAX_ATTEMPTS, seconds: config.LOGIN_WINDOW_SECONDS },
    /** Login failures from one address across every email (credential stuffing). */
    'login.address': { points: config.LOGIN_ADDRESS_MAX_FAILURES, seconds: config.LOGIN_WINDOW_SECONDS },
    /** Login failures for one email from every address: past `points`, unknown addresses are slowed. */
    'login.email': { points: config.LOGIN_SLOWDOWN_AFTER, seconds: config.LOGIN_SLOWDOWN_WINDOW_SECONDS },
    /** The slow-down's gate per email: one attempt per (growing) delay; each consume names its delay. */
    'login.slowdown': { points: 1, seconds: config.LOGIN_SLOWDOWN_MAX_SECONDS },
    /** Addresses an account has logged in from (set on success, refreshed each time). */
    'login.known': { points: 1, seconds: config.LOGIN_KNOWN_ADDRESS_DAYS * 86_400 },
    /** Sign-ups from one address. */
    'signup.address': { points: config.SIGNUP_MAX_PER_ADDRESS, seconds: config.SIGNUP_WINDOW_SECONDS },
    /** Wrong sign-up codes from one address, whichever emails they are for (each code also dies after its own 5 wrong tries). */
    'signup.code': { points: config.LOGIN_ADDRESS_MAX_FAILURES, seconds: config.LOGIN_WINDOW_SECONDS },
    /** Provider logins started, and emails asked for (password reset, verification), per address: each writes a row or a mail. */
    'identity.address': { points: 30, seconds: 600 },
    /** Emails a stranger can cause (reset links, sign-up codes and notices), per recipient whatever the sender's address. */
    'mail.recipient': { points: config.MAIL_MAX_PER_RECIPIENT, seconds: config.MAIL_RECIPIENT_WINDOW_SECONDS },
    /** Staff sign-in: wrong codes per staff account (on top of the per-address limit; the password step has the login counters). */
    'staff.code': { points: config.STAFF_LOGIN_MAX_FAILURES, seconds: config.LOGIN_WINDOW_SECONDS },
    /** Wrong codes one sign-in challenge may take before it is dead (the password step starts again). */
    'staff.challenge': { points: STAFF_CHALLENGE_MAX_WRONG_CODES, seconds: 600 },
    /** Wrong staff codes from one address (kept apart from members' login failures). */
    'staff.address': { points: config.LOGIN_ADDRESS_MAX_FAILURES, seconds: config.LOGIN_WINDOW_SECONDS },
    /** Wrong PIN codes per member. */
    'pin.failures': { points: config.PIN_MAX_FAILURES, seconds: config.PIN_WINDOW_SECONDS },
    /** Data exports per member (each reads the member's whole history). */
    'account.export': { points: config.ACCOUNT_EXPORTS_PER_HOUR, seconds: 3600 },
  } satisfies Record<string, RatePolicy>;
}
export type PolicyName = keyof ReturnType<typeof ratePolicies>;

export interface RateVerdict {
  /** The key's count in its current window (0 when it has none). */
  count: number;
  /** The count is above the policy's points: refuse, and say `retryAfter`. */
  limited: boolean;
  /** Whole seconds until the window ends (at least 1 while one is open; 0 when none). */
  retryAfter: number;
}

export interface RateLimiter<P extends string = PolicyName> {
  /** Counts `points` (default 1) now; `seconds` overrides the window of a key this call creates. */
  consume(policy: P, key: string, options?: { points?: number; seconds?: number }): Promise<RateVerdict>;
  /** The key's state without counting. */
  get(policy: P, key: string): Promise<RateVerdict>;
  /** Adds points (a failure found after the fact). */
  penalty(policy: P, key: string, points?: number): Promise<RateVerdict>;
  /** Takes points back (an attempt that turned out not to count); a count down to 0 is forgotten. */
  reward(policy: P, key: string, points?: number): Promise<RateVerdict>;
  /** Writes the key's count for `seconds` (default: the policy's window), replacing any window. */
  set(policy: P, key: string, points: number, seconds?: number): Promise<void>;
  reset(policy: P, key: string): Promise<void>;
  /** How many keys the limiter holds right now (memory store only: shows expired keys are gone). */
  size?(): number;
  /** Resolves once the shared store answers (Redis store; at most `timeoutMs`, then counting goes on in memory). */
  ready?(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Node timers cannot wait longer than 2^31-1 ms (~24.8 days); the memory store expires keys with timers. */
const MEMORY_MAX_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

const verdictOf = (res: RateLimiterRes | null, points: number): RateVerdict =>
  res
    ? {
        count: res.consumedPoints,
        limited: res.consumedPoints > points,
        retryAfter: res.msBeforeNext > 0 ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0,
      }
    : { count: 0, limited: false, retryAfter: 0 };

function fromPolicies<P extends string>(
  policies: Record<P, RatePolicy>,
  build: (name: P, policy: RatePolicy) => RateLimiterAbstract,
  clampSeconds: (seconds: number) => number,
  extra: Pick<RateLimiter<P>, 'size' | 'ready' | 'close'>,
): RateLimiter<P> {
  const limiters = new Map<P, RateLimiterAbstract>();
  for (const name of Object.keys(policies) as P[]) limiters.set(name, build(name, policies[name]));
  const limiter = (policy: P) => {
    const found = limiters.get(policy);
    if (!found) throw new Error(`unknown rate policy ${policy}`);
    return found;
  };
  /** rate-limiter-flexible rejects with its result when over the limit, with an Error when the store fails. */
  const settle = async (policy: P, run: Promise<RateLimiterRes>) => {
    try {
      return verdictOf(await run, policies[policy].points);
    } catch (error) {
      if (error instanceof RateLimiterRes) return verdictOf(error, policies[policy].points);
      throw error;
    }
  };
  return {
    consume(policy, key, options = {}) {
      const seconds = options.seconds === undefined ? undefined : Math.max(1, clampSeconds(Math.ceil(options.seconds)));
      return settle(policy, limiter(policy).consume(key, options.points ?? 1, seconds === undefined ? {} : { customDuration: seconds }));
    },
    async get(policy, key) {
      const res = await limiter(policy).get(key);
      // Every key here has a window: one whose time is up (its timer not yet run) counts nothing.
      return verdictOf(res && res.msBeforeNext > 0 ? res : null, policies[policy].points);
    },
    penalty(policy, key, points = 1) {
      return settle(policy, limiter(policy).penalty(key, points));
    },
    async reward(policy, key, points = 1) {
      const verdict = await settle(policy, limiter(policy).reward(key, points));
      if (verdict.count <= 0) {
        await limiter(policy).delete(key);
        return { count: 0, limited: false, retryAfter: 0 };
      }
      return verdict;
    },
    async set(policy, key, points, seconds) {
      await limiter(policy).set(key, points, Math.max(1, clampSeconds(Math.ceil(seconds ?? policies[policy].seconds))));
    },
    async reset(policy, key) {
      await limiter(policy).delete(key);
    },
    ...extra,
  };
}

export function createMemoryRateLimiter<P extends string = PolicyName>(policies: Record<P, RatePolicy>, keyPrefix = 'gp'): RateLimiter<P> {
  const clamp = (seconds: number) => Math.min(seconds, MEMORY_MAX_SECONDS);
  const stores: RateLimiterMemory[] = [];
  return fromPolicies(
    policies,
    (name, policy) => {
      const store = new RateLimiterMemory({ keyPrefix: `${keyPrefix}:rl:${name}`, points: policy.points, duration: clamp(policy.seconds) });
      stores.push(store);
      return store;
    },
    clamp,
    {
      size: () => stores.reduce((sum, store) => sum + store.dump().storage.length, 0),
      async close() {
        // Each key's expiry timer is unref'd; deleting clears them now rather than at expiry.
        for (const store of stores) await Promise.all(store.dump().storage.map((record) => store.delete(String(record.key))));
      },
    },
  );
}

/** `keyPrefix` carries REDIS_PREFIX (with the deployment's identity): keys are `<keyPrefix>:rl:<policy>:<key>`. */
export function createRedisRateLimiter<P extends string = PolicyName>(
  url: string,
  keyPrefix: string,
  policies: Record<P, RatePolicy>,
  logger?: Logger,
): RateLimiter<P> {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  // Without a listener ioredis prints every failed reconnect to the console as "unhandled".
  redis.on('error', (error) => logger?.warn({ err: error }, 'rate limiter redis error'));
  return fromPolicies(
    policies,
    // While Redis is away, each node counts in memory (the insurance limiter) at once instead of
    // failing or waiting on a dead connection: limits stay in force per node.
    (name, policy) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}:rl:${name}`,
        points: policy.points,
        duration: policy.seconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${keyPrefix}:rl:${name}`, points: policy.points, duration: Math.min(policy.seconds, MEMORY_MAX_SECONDS) }),
      }),
    (seconds) => seconds,
    {
      async ready(timeoutMs = 5_000) {
        if (redis.status === 'ready') return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs).unref();
          redis.once('ready', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      },
      async close() {
        await redis.quit().catch(() => redis.disconnect());
      },
    },
  );
}
