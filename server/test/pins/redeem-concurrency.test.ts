import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, testServer } from '../support/platform.ts';
import { authHeader, expectLedgerMatchesBalance, newMember } from '../support/members.ts';

describe.each(MODES)('PIN redemption under concurrency (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer(mode, { PIN_MAX_FAILURES: '1000' });
  });
  afterAll(() => env.stop());

  it('50 parallel redemptions of one PIN by 5 members credit it exactly once', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map((i) => newMember(env.services, `racer${i}`)));
    const { codes } = await env.services.pins.createBatch({ count: 1, points: 12_345 });
    const attempts = Array.from({ length: 50 }, (_, i) =>
      fetch(`${env.url}/api/pins/redeem`, {
        method: 'POST',
        headers: { ...authHeader(members[i % 5]!.token), 'content-type': 'application/json' },
        body: JSON.stringify({ code: codes[0] }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error: { code: string } } & Record<string, unknown> })),
    );
    const results = await Promise.all(attempts);

    const credited = results.filter((r) => r.status === 200);
    expect(credited).toHaveLength(1);
    expect(credited[0]!.body).toMatchObject({ points: 12_345, balance: 12_345 });
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 409 && r.body.error.code === 'pin_redeemed')).toBe(true);

    const balances = await Promise.all(members.map((m) => expectLedgerMatchesBalance(env.platform, Number(m.id))));
    expect(balances.reduce((sum, b) => sum + b.balance, 0)).toBe(12_345);
  });
});
