import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

/**
 * Fixed-window attempt counters: login attempts per email+IP, PIN failures per member.
 * Memory in embedded mode (one process), Redis in scaled mode (shared by every api node).
 */
export interface RateLimiter {
  /** Counts one attempt; returns how many seconds to wait if the limit is now exceeded. */
  hit(key: string, limit: number, windowSeconds: number): Promise<{ limited: boolean; retryAfter: number }>;
  /** Is the key already over its limit (without counting)? */
  peek(key: string, limit: number): Promise<{ limited: boolean; retryAfter: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const verdict = (entry: { count: number; resetAt: number } | undefined, limit: number) => ({
    limited: !!entry && entry.count > limit,
    retryAfter: entry ? Math.max(1, Math.ceil((entry.resetAt - now()) / 1000)) : 0,
  });
  return {
    async hit(key, limit, windowSeconds) {
      const entry = current(key) ?? { count: 0, resetAt: now() + windowSeconds * 1000 };
      entry.count += 1;
      windows.set(key, entry);
      return verdict(entry, limit);
    },
    async peek(key, limit) {
      const entry = current(key);
      return verdict(entry && entry.count >= limit ? { ...entry, count: entry.count + 1 } : undefined, limit);
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisRateLimiter(url: string, keyPrefix: string, logger?: Logger): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  // Without a listener ioredis prints every failed reconnect to the console as "unhandled".
  redis.on('error', (error) => logger?.warn({ err: error }, 'rate limiter redis error'));
  const prefix = `${keyPrefix}:rl:`;
  return {
    async hit(key, limit, windowSeconds) {
      // The window's expiry is set in the same MULTI that creates the counter (SET NX PX), so a
      // crash between two commands can never leave a counter without expiry (a permanent lockout).
      const results = await redis
        .multi()
        .set(prefix + key, '0', 'PX', windowSeconds * 1000, 'NX')
        .incr(prefix + key)
        .pttl(prefix + key)
        .exec();
      const count = Number(results?.[1]?.[1] ?? 0);
      let ttl = Number(results?.[2]?.[1] ?? -1);
      if (ttl < 0) {
        // Only a counter written by an older version can lack an expiry: give it one.
        await redis.pexpire(prefix + key, windowSeconds * 1000);
        ttl = windowSeconds * 1000;
      }
      return { limited: count > limit, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async peek(key, limit) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      const limited = Number(count ?? 0) >= limit;
      return { limited, retryAfter: limited ? Math.max(1, Math.ceil(ttl / 1000)) : 0 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
