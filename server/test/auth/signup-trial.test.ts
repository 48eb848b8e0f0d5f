import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/platform.ts';
import { expectLedgerMatchesBalance, signUp } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';

const member = (email: string) => ({ name: 'Trial Taker', email, password: 'long-enough-1', passwordCheck: 'long-enough-1', promoOptIn: false });

describe('trial points at sign-up (TRIAL_POINTS_ON_SIGNUP)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded', { TRIAL_POINTS_ON_SIGNUP: '1000' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('a new member starts with 10.00 trial points and no real ones, written in the ledger with the sign-up', async () => {
    const res = await signUp(env, member('trial@example.com'));
    expect(res.status).toBe(201);
    const me = await api.get('/api/me', { token: res.body.token });
    expect(me.body).toMatchObject({ balance: 0, trialBalance: 1000 });
    const ledger = await api.get('/api/wallet/ledger', { token: res.body.token });
    expect(ledger.body.items).toEqual([expect.objectContaining({ kind: 'adjustment', account: 'trial', amount: 1000, refType: 'signup-trial' })]);
    await expectLedgerMatchesBalance(env.platform, res.body.user.id);
  });

  it('the site tells the client how many trial points a new account gets', async () => {
    const site = await api.get('/api/site');
    expect(site.body.trialPointsOnSignup).toBe(1000);
    expect(site.body.pointsRates.TWD).toEqual({ numerator: 2, denominator: 65 });
  });
});
