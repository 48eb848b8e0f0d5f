import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/platform/platform.ts';
import { MODES, testPlatform, testServer } from '../support/platform.ts';
import { eventually } from './helpers.ts';

const uniqueKey = (what: string) => `test:${what}:${crypto.randomBytes(4).toString('hex')}`;

describe.each(MODES)('rate limiter (%s mode)', (mode) => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await testPlatform(mode);
  });
  afterAll(() => platform.close());

  it('allows `limit` attempts in a window and refuses the next', async () => {
    const { rateLimiter } = platform;
    const key = uniqueKey('limit');
    expect(await rateLimiter.peek(key, 3)).toEqual({ limited: false, retryAfter: 0 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await rateLimiter.hit(key, 3, 60)).limited, `attempt ${attempt}`).toBe(false);
    }
    // At the limit, a peek already says the next attempt would be refused.
    expect((await rateLimiter.peek(key, 3)).limited).toBe(true);
    expect((await rateLimiter.hit(key, 3, 60)).limited).toBe(true);
    // Another key is counted on its own.
    expect((await rateLimiter.hit(uniqueKey('other'), 3, 60)).limited).toBe(false);
  });

  it('tells a refused caller how many whole seconds remain in the window (Retry-After)', async () => {
    const key = uniqueKey('retry-after');
    await platform.rateLimiter.hit(key, 1, 90);
    const refused = await platform.rateLimiter.hit(key, 1, 90);
    expect(refused.limited).toBe(true);
    expect(Number.isInteger(refused.retryAfter)).toBe(true);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(85);
    expect(refused.retryAfter).toBeLessThanOrEqual(90);
    const peeked = await platform.rateLimiter.peek(key, 1);
    expect(peeked.limited).toBe(true);
    expect(peeked.retryAfter).toBeLessThanOrEqual(refused.retryAfter);
  });

  it('reset clears the count at once', async () => {
    const key = uniqueKey('reset');
    await platform.rateLimiter.hit(key, 1, 60);
    expect((await platform.rateLimiter.hit(key, 1, 60)).limited).toBe(true);
    await platform.rateLimiter.reset(key);
    expect(await platform.rateLimiter.peek(key, 1)).toEqual({ limited: false, retryAfter: 0 });
    expect((await platform.rateLimiter.hit(key, 1, 60)).limited).toBe(false);
  });

  it('forgets the attempts when the window ends, not before', async () => {
    const key = uniqueKey('expiry');
    const windowStart = Date.now();
    await platform.rateLimiter.hit(key, 1, 1);
    expect((await platform.rateLimiter.hit(key, 1, 1)).limited).toBe(true);
    await eventually('the 1 s window to end', async () => !(await platform.rateLimiter.peek(key, 1)).limited, 5_000);
    expect(Date.now() - windowStart).toBeGreaterThanOrEqual(1000);
    expect((await platform.rateLimiter.hit(key, 1, 1)).limited).toBe(false);
  });

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

describe('rate limiter across api nodes (scaled mode)', () => {
  const deployment = `rl_${crypto.randomBytes(4).toString('hex')}`;
  let nodeA: Platform;
  let nodeB: Platform;
  beforeAll(async () => {
    [nodeA, nodeB] = await Promise.all([testPlatform('scaled', { REDIS_PREFIX: deployment }), testPlatform('scaled', { REDIS_PREFIX: deployment })]);
  });
  afterAll(() => Promise.all([nodeA?.close(), nodeB?.close()]));

  it('counts attempts made on different nodes together, and a reset on one clears both', async () => {
    const key = uniqueKey('shared');
    expect((await nodeA.rateLimiter.hit(key, 2, 60)).limited).toBe(false);
    expect((await nodeB.rateLimiter.hit(key, 2, 60)).limited).toBe(false);
    expect((await nodeA.rateLimiter.hit(key, 2, 60)).limited).toBe(true);
    expect((await nodeB.rateLimiter.peek(key, 2)).limited).toBe(true);
    await nodeB.rateLimiter.reset(key);
    expect((await nodeA.rateLimiter.peek(key, 2)).limited).toBe(false);
  });
});
