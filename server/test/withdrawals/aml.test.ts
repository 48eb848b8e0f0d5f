import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_ENV, newStaff } from '../admin/support.ts';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { kycForm, paidDeposit, PDF, PNG, sendKyc, staked, verified, winPrize, withdraw, WITHDRAWAL_ENV } from './support.ts';

/**
 * Issue 33 item 3: the anti-money-laundering rules. Each flags the request (never refuses it), puts
 * it in the order queue once, and its approval then takes two staff members who acknowledge the flags.
 */
describe('anti-money-laundering flags on withdrawals', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let sue: Awaited<ReturnType<typeof newStaff>>;
  let otto: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await testServer('embedded', {
      ...BACK_OFFICE_ENV,
      ...WITHDRAWAL_ENV,
      WITHDRAWAL_FOUR_EYES_POINTS: '100000000', // only the flags ask for two approvers here
      ADJUSTMENT_APPROVAL_POINTS: '100000000',
      AML_MIN_PLAY_PERCENT: '50',
      AML_SMALL_DEPOSITS_COUNT: '4',
      AML_SMALL_DEPOSIT_POINTS: '10000',
      AML_SMALL_DEPOSITS_DAYS: '7',
      AML_LARGE_WITHDRAWAL_POINTS: '50000',
      AML_BANK_CHANGE_DAYS: '30',
    });
    api = apiClient(env.url);
    [sue, otto] = await Promise.all([newStaff(env, 'supervisor', 'Sue'), newStaff(env, 'operator', 'Otto')]);
  });
  afterAll(() => env?.stop());

  const queueItems = async () => ((await api.get('/api/admin/queue?kind=aml_flag&claim=any', { token: otto.token })).body.items as any[]) ?? [];
  const staffView = async (id: string) => ((await api.get('/api/admin/withdrawals?state=requested', { token: otto.token })).body.items as any[]).find((w) => w.id === id);

  /** The flags raise one queue item; approval asks for acknowledgement, then two people; the item leaves once approved. */
  async function expectFlaggedThenApproved(id: string, rule: string) {
    const view = await staffView(id);
    expect(view.amlFlags.map((f: { rule: string }) => f.rule)).toContain(rule);
    const items = (await queueItems()).filter((i) => i.key === `withdrawal:${id}`);
    expect(items).toHaveLength(1); // one item per withdrawal, however often the queue is read
    expect((await queueItems()).filter((i) => i.key === `withdrawal:${id}`)).toHaveLength(1);
    expect(items[0].kind).toBe('aml_flag');
    expect(items[0].detail.flags.map((f: { rule: string }) => f.rule)).toContain(rule);

    expect((await api.post(`/api/admin/withdrawals/${id}/approve`, { token: otto.token })).body.error.code).toBe('aml_acknowledgement_required');
    expect((await api.post(`/api/admin/withdrawals/${id}/approve`, { token: otto.token, json: { acknowledgeFlags: 'yes' } })).status).toBe(422);
    const first = await api.post(`/api/admin/withdrawals/${id}/approve`, { token: otto.token, json: { acknowledgeFlags: true } });
    expect(first.body).toMatchObject({ state: 'requested', awaitingSecondApproval: true, amlAcknowledgedBy: otto.id });
    expect((await api.post(`/api/admin/withdrawals/${id}/approve`, { token: otto.token, json: { acknowledgeFlags: true } })).body.error.code).toBe('approval_required');
    expect((await api.post(`/api/admin/withdrawals/${id}/approve`, { token: sue.token })).body.error.code).toBe('aml_acknowledgement_required');
    const second = await api.post(`/api/admin/withdrawals/${id}/approve`, { token: sue.token, json: { acknowledgeFlags: true } });
    expect(second.body).toMatchObject({ state: 'approved', approvedBy: sue.id, amlAcknowledgedBy: sue.id });
    expect((await queueItems()).filter((i) => i.key === `withdrawal:${id}`)).toHaveLength(0);
  }

  it('little play: deposits withdrawn after staking under the set share of them', async () => {
    const m = await newMember(env.services, 'Launderer');
    await paidDeposit(env.platform, m.id, 100_000); // 1,000 GP in
    await staked(env.platform, m.id, 10_000); // 100 GP played: 10 % < 50 %
    await winPrize(env.platform, m.id, 30_000);
    await verified(env.url, m.token, otto.token);
    const w = await withdraw(env.url, m.token, 20_000);
    expect(w.status, JSON.stringify(w.body)).toBe(201); // never refused
    expect(w.body.state).toBe('requested');
    expect((await staffView(w.body.id)).amlFlags).toEqual([{ rule: 'little_play', detail: { deposited: 100_000, staked: 10_000, minPercent: 50, since: '' } }]);
    await expectFlaggedThenApproved(w.body.id, 'little_play');

    // A player who staked enough of what they deposited is not flagged, and is approved by one person.
    const p = await newMember(env.services, 'Player');
    await paidDeposit(env.platform, p.id, 100_000);
    await staked(env.platform, p.id, 60_000);
    await winPrize(env.platform, p.id, 30_000);
    await verified(env.url, p.token, otto.token);
    const ok = await withdraw(env.url, p.token, 20_000);
    expect((await staffView(ok.body.id)).amlFlags).toEqual([]);
    expect((await queueItems()).some((i) => i.key === `withdrawal:${ok.body.id}`)).toBe(false);
    expect((await api.post(`/api/admin/withdrawals/${ok.body.id}/approve`, { token: otto.token })).body.state).toBe('approved');
  });

  it('many small deposits, then a large withdrawal', async () => {
    const m = await newMember(env.services, 'Structurer');
    for (let i = 0; i < 4; i++) await paidDeposit(env.platform, m.id, 9_000); // four below 100 GP
    await staked(env.platform, m.id, 36_000); // all played: not "little play"
    await winPrize(env.platform, m.id, 80_000);
    await verified(env.url, m.token, otto.token);
    const small = await withdraw(env.url, m.token, 20_000); // below the large-withdrawal mark: no flag
    expect((await staffView(small.body.id)).amlFlags).toEqual([]);
    const large = await withdraw(env.url, m.token, 50_000);
    expect(large.status).toBe(201);
    expect((await staffView(large.body.id)).amlFlags).toEqual([{ rule: 'small_deposits', detail: { count: 4, deposited: 36_000, below: 10_000, days: 7, withdrawal: 50_000 } }]);
    await expectFlaggedThenApproved(large.body.id, 'small_deposits');
  });

  it('a changed bank account, then a withdrawal', async () => {
    const m = await newMember(env.services, 'Mover');
    await winPrize(env.platform, m.id, 80_000);
    await verified(env.url, m.token, otto.token);
    const before = await withdraw(env.url, m.token, 10_000); // the first account: nothing changed
    expect((await staffView(before.body.id)).amlFlags).toEqual([]);

    const sent = await sendKyc(env.url, m.token, kycForm({ document: PDF, selfie: PNG }, { accountName: 'Chen Mei-Ling', accountNumber: '998877665544', bankCode: '0040011' }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await api.post(`/api/admin/kyc/${sent.body.submissionId}/decision`, { token: sue.token, json: { decision: 'approve' } })).status).toBe(200);
    const after = await withdraw(env.url, m.token, 10_000);
    const view = await staffView(after.body.id);
    expect(view.accountNumber).toBe('998877665544');
    expect(view.amlFlags).toEqual([{ rule: 'bank_changed', detail: { changedAt: expect.any(String), days: 30, previousLast4: '8901' } }]);
    await expectFlaggedThenApproved(after.body.id, 'bank_changed');

    // A flagged one can still be rejected; its queue item goes with it.
    const third = await withdraw(env.url, m.token, 10_000);
    expect((await queueItems()).filter((i) => i.key === `withdrawal:${third.body.id}`)).toHaveLength(1);
    expect((await api.post(`/api/admin/withdrawals/${third.body.id}/reject`, { token: sue.token, json: { reason: 'account not verified by phone' } })).body.state).toBe('rejected');
    expect((await queueItems()).filter((i) => i.key === `withdrawal:${third.body.id}`)).toHaveLength(0);
  });
});
