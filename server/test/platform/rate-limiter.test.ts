import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../../src/platform/rate-limiter.ts';
import { MODES, testPlatform, testServer, type Mode } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

const POLICIES = {
  three: { points: 3, seconds: 60 },
  ninety: { points: 1, seconds: 90 },
  tiny: { points: 1, seconds: 1 },
  gate: { points: 1, seconds: 60 },
};
type TestPolicy = keyof typeof POLICIES;

const uniqueKey = (what: string) => `${what}:${crypto.randomBytes(4).toString('hex')}`;
const uniquePrefix = () => `rlt_${crypto.randomBytes(4).toString('hex')}`;
const limiterFor = (mode: Mode, prefix: string): RateLimiter<TestPolicy> =>
  mode === 'scaled' ? createRedisRateLimiter(inject('redisUrl'), prefix, POLICIES) : createMemoryRateLimiter(POLICIES, prefix);

describe.each(MODES)('rate limiter policies (%s mode)', (mode) => {
  const prefix = uniquePrefix();
  let limiter: RateLimiter<TestPolicy>;
  beforeAll(async () => {
    limiter = limiterFor(mode, prefix);
    await limiter.ready?.();
  });
  afterAll(() => limiter.close());

  it('allows a policy’s points in a window and refuses the next; keys and policies count apart', async () => {
    const key = uniqueKey('limit');
    expect(await limiter.get('three', key)).toEqual({ count: 0, limited: false, retryAfter: 0 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await limiter.consume('three', key), `attempt ${attempt}`).toMatchObject({ count: attempt, limited: false });
    }
    expect(await limiter.consume('three', key)).toMatchObject({ count: 4, limited: true });
    expect((await limiter.get('three', key)).limited).toBe(true);
    expect((await limiter.consume('three', uniqueKey('other'))).limited).toBe(false);
    expect((await limiter.consume('ninety', key)).limited).toBe(false); // same key, another policy
  });

  it('tells a refused caller how many whole seconds remain in the window (Retry-After)', async () => {
    const key = uniqueKey('retry-after');
    await limiter.consume('ninety', key);
    const refused = await limiter.consume('ninety', key);
    expect(refused.limited).toBe(true);
    expect(Number.isInteger(refused.retryAfter)).toBe(true);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(85);
    expect(refused.retryAfter).toBeLessThanOrEqual(90);
    const read = await limiter.get('ninety', key);
    expect(read.limited).toBe(true);
    expect(read.retryAfter).toBeLessThanOrEqual(refused.retryAfter);
  });

  it('reward gives points back, penalty adds them, reset clears the count at once', async () => {
    const key = uniqueKey('reward');
    await limiter.consume('three', key);
    await limiter.consume('three', key);
    expect((await limiter.reward('three', key)).count).toBe(1);
    expect((await limiter.penalty('three', key, 2)).count).toBe(3);
    expect((await limiter.consume('three', key)).limited).toBe(true);
    await limiter.reset('three', key);
    expect(await limiter.get('three', key)).toEqual({ count: 0, limited: false, retryAfter: 0 });
    // A count given back to zero is forgotten, not kept at zero (or below) for the window.
    await limiter.consume('three', key);
    expect(await limiter.reward('three', key)).toEqual({ count: 0, limited: false, retryAfter: 0 });
    expect(await limiter.reward('three', key)).toEqual({ count: 0, limited: false, retryAfter: 0 });
    expect((await limiter.consume('three', key)).count).toBe(1);
  });

  it('a consume may name the window of the key it creates; set writes a count for a chosen time', async () => {
    const gate = uniqueKey('gate');
    expect(await limiter.consume('gate', gate, { seconds: 7 })).toMatchObject({ count: 1, limited: false });
    const second = await limiter.consume('gate', gate, { seconds: 50 });
    expect(second.limited).toBe(true);
    expect(second.retryAfter).toBeLessThanOrEqual(7); // the window is the first caller's
    const marked = uniqueKey('mark');
    await limiter.set('ninety', marked, 1, 30);
    const read = await limiter.get('ninety', marked);
    expect(read.count).toBe(1);
    expect(read.retryAfter).toBeGreaterThan(25);
    expect(read.retryAfter).toBeLessThanOrEqual(30);
  });

  it('forgets the attempts when the window ends, not before', async () => {
    const key = uniqueKey('expiry');
    const windowStart = Date.now();
    await limiter.consume('tiny', key);
    expect((await limiter.consume('tiny', key)).limited).toBe(true);
    // An attempt inside the window is refused (and cannot stretch it: the window is fixed); the first
    // one after it counts afresh. (Asking `get` first and then consuming raced Redis's millisecond
    // expiry: PTTL 0 read as "ended" while the key still took the next increment.)
    await eventually('the 1 s window to end', async () => !(await limiter.consume('tiny', key)).limited, 5_000);
    // "Not before" is the behaviour here, and only the wall clock shows it: the limiter (memory timers,
    // Redis TTLs) keeps its windows on it. A lower bound, so load can only make it pass more easily.
    expect(Date.now() - windowStart).toBeGreaterThanOrEqual(900);
    expect(await limiter.get('tiny', key)).toMatchObject({ count: 1, limited: false });
  });
});

describe('memory rate limiter', () => {
  it('drops every key whose window has ended: memory does not grow with each email or address ever seen', async () => {
    const limiter = createMemoryRateLimiter(POLICIES);
    try {
      for (let i = 0; i < 200; i++) await limiter.consume('tiny', `someone-${i}@example.com`);
      await limiter.consume('ninety', 'still-counting');
      expect(limiter.size!()).toBe(201);
      await eventually('the 1 s windows to be dropped', () => limiter.size!() === 1, 5_000); // only the 90 s window is left
      // A key read after its window (before its timer ran, or never counted) reads as empty.
      expect(await limiter.get('tiny', 'someone-0@example.com')).toEqual({ count: 0, limited: false, retryAfter: 0 });
      expect(limiter.size!()).toBe(1);
    } finally {
      await limiter.close();
    }
    expect(limiter.size!()).toBe(0);
  });
});

describe('redis rate limiter', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(inject('redisUrl'));
  });
  afterAll(() => redis.quit());
  const keysOf = (pattern: string) => redis.keys(pattern);

  it('writes every key under the prefix with its window as TTL, and Redis drops it when the window ends', async () => {
    const prefix = uniquePrefix();
    const limiter = createRedisRateLimiter(inject('redisUrl'), prefix, POLICIES);
    await limiter.ready!();
    try {
      for (let i = 0; i < 20; i++) await limiter.consume('tiny', `someone-${i}@example.com`);
      await limiter.consume('ninety', 'kept');
      await limiter.reward('three', 'never-counted'); // a reward on nothing leaves nothing behind
      const keys = await keysOf(`${prefix}:*`);
      expect(keys).toHaveLength(21);
      expect(keys).toContain(`${prefix}:rl:ninety:kept`);
      for (const key of keys) {
        const ttl = await redis.pttl(key);
        expect(ttl, key).toBeGreaterThan(0);
        expect(ttl, key).toBeLessThanOrEqual(90_000);
      }
      await eventually('the 1 s windows to expire in Redis', async () => (await keysOf(`${prefix}:*`)).length === 1, 5_000);
    } finally {
      await limiter.close();
    }
  });

  it('counts attempts made on different api nodes together, and a reset on one clears both', async () => {
    const prefix = uniquePrefix();
    const [nodeA, nodeB] = [limiterFor('scaled', prefix), limiterFor('scaled', prefix)];
    await Promise.all([nodeA.ready!(), nodeB.ready!()]);
    try {
      const key = uniqueKey('shared');
      expect((await nodeA.consume('three', key)).limited).toBe(false);
      expect((await nodeB.consume('three', key)).limited).toBe(false);
      expect((await nodeA.consume('three', key)).limited).toBe(false);
      expect((await nodeB.consume('three', key)).limited).toBe(true);
      expect((await nodeA.get('three', key)).limited).toBe(true);
      await nodeB.reset('three', key);
      expect((await nodeA.get('three', key)).count).toBe(0);
    } finally {
      await Promise.all([nodeA.close(), nodeB.close()]);
    }
  });

  it("the platform's limiter keeps its keys under REDIS_PREFIX, each with a TTL", async () => {
    const prefix = uniquePrefix();
    const platform = await testPlatform('scaled', { REDIS_PREFIX: prefix });
    try {
      await platform.rateLimiter.consume('login.pair', 'someone@example.com|203.0.113.9');
      await platform.rateLimiter.set('login.known', 'someone@example.com|tag', 1);
      const keys = await keysOf(`${prefix}:*`);
      const rateKeys = keys.filter((k) => k.includes(':rl:'));
      expect(rateKeys).toHaveLength(2);
      for (const key of rateKeys) {
        expect(key.startsWith(`${prefix}:`)).toBe(true);
        expect(await redis.pttl(key)).toBeGreaterThan(0);
      }
    } finally {
      await platform.close();
    }
  });
});

describe.each(MODES)('rate limited answers (%s mode)', (mode) => {
  it('a refused login answers 429 rate_limited with a Retry-After header', async () => {
    const env = await testServer(mode, { LOGIN_MAX_ATTEMPTS: '2', LOGIN_WINDOW_SECONDS: '120' });
    try {
      const attempt = () =>
        fetch(`${env.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
        });
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(401);
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(120);
    } finally {
      await env.stop();
    }
  });
});
