import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, testServer } from '../support/platform.ts';
import { expectLedgerMatchesBalance, newMember } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';
import { eventually } from '../support/wait.ts';

const MAX_FAILURES = 3;
const WINDOW_SECONDS = 2;

describe.each(MODES)('PIN guessing is rate limited (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer(mode, { PIN_MAX_FAILURES: String(MAX_FAILURES), PIN_WINDOW_SECONDS: String(WINDOW_SECONDS) });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  const redeem = (token: string, code: string) => api.post('/api/pins/redeem', { token, json: { code } });
  const wrongCode = (i: number) => `WXYZ-WXYZ-WXYZ-WX${String(i + 22).slice(-2)}`;

  it(`after ${MAX_FAILURES} wrong codes a member must wait; meanwhile even a valid PIN is refused and stays unspent for later`, async () => {
    const m = await newMember(env.services, 'Guesser');
    const { codes, batchId } = await env.services.pins.createBatch({ count: 1, points: 800 });
    const valid = codes[0]!;

    for (let i = 0; i < MAX_FAILURES; i++) {
      const miss = await redeem(m.token, wrongCode(i));
      expect(miss.status).toBe(404);
      expect(miss.body.error.code).toBe('pin_not_found');
    }
    const blocked = await redeem(m.token, wrongCode(9));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    const validWhileBlocked = await redeem(m.token, valid);
    expect(validWhileBlocked.status).toBe(429);
    expect(validWhileBlocked.body.error.code).toBe('rate_limited');
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(0);
    const pin = await env.platform.db.selectFrom('pins').select(['redeemed_at', 'redeemed_by']).where('batch_id', '=', Number(batchId)).executeTakeFirstOrThrow();
    expect(pin).toEqual({ redeemed_at: null, redeemed_by: null });

    // Once the window has passed (the limiter keeps it on the wall clock), the same valid code is redeemed in full.
    await eventually('the failure window to pass', async () => (await env.platform.rateLimiter.get('pin.failures', m.id)).count < MAX_FAILURES, (retryAfter + 5) * 1000);
    const later = await redeem(m.token, valid);
    expect(later.status).toBe(200);
    expect(later.body).toEqual({ points: 800, balance: 800 });
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  it("one member's wrong guesses never block another member", async () => {
    const guesser = await newMember(env.services, 'Noisy');
    const neighbour = await newMember(env.services, 'Quiet');
    for (let i = 0; i <= MAX_FAILURES; i++) await redeem(guesser.token, wrongCode(i));
    expect((await redeem(guesser.token, wrongCode(7))).status).toBe(429);

    const { codes } = await env.services.pins.createBatch({ count: 1, points: 100 });
    const res = await redeem(neighbour.token, codes[0]!);
    expect(res.status).toBe(200);
    await expectLedgerMatchesBalance(env.platform, Number(neighbour.id));
  });

  it('redeeming valid PINs, and re-trying an already redeemed one, does not count as guessing', async () => {
    const m = await newMember(env.services, 'Honest');
    const { codes } = await env.services.pins.createBatch({ count: MAX_FAILURES + 2, points: 10 });
    for (const code of codes) expect((await redeem(m.token, code)).status).toBe(200);
    for (let i = 0; i <= MAX_FAILURES; i++) expect((await redeem(m.token, codes[0]!)).status).toBe(409);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(10 * codes.length);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });
});
