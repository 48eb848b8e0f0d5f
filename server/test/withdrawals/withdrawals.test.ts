import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_ENV, newStaff } from '../admin/support.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { kycForm, PDF, PNG, sendKyc, verified, winPrize, withdraw, WITHDRAWAL_ENV } from './support.ts';

/** Issue 33 items 1 and 2: a member verifies, withdraws and sees it paid; holds and returns post once. */
describe('identity checks and withdrawals', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let sue: Awaited<ReturnType<typeof newStaff>>;
  let otto: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, ...WITHDRAWAL_ENV });
    api = apiClient(env.url);
    [sue, otto] = await Promise.all([newStaff(env, 'supervisor', 'Sue'), newStaff(env, 'operator', 'Otto')]);
  });
  afterAll(() => env?.stop());

  const balanceOf = async (token: string) => (await api.get('/api/me', { token })).body.balance as number;
  const get = (path: string, token: string) => fetch(`${env.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const ledgerOf = (userId: string) =>
    env.platform.db.selectFrom('ledger').select(['kind', 'amount', 'ref_type', 'ref_id']).where('user_id', '=', Number(userId)).where('kind', '=', 'withdrawal').orderBy('id').execute();

  it('a member who won verifies, withdraws and sees it paid with the bank’s reference', async () => {
    const m = await newMember(env.services, 'Winner');
    await winPrize(env.platform, m.id, 150_000); // 1,500 GP won

    // Nothing without an identity check.
    expect((await api.get('/api/me/kyc', { token: m.token })).body.state).toBe('none');
    expect((await withdraw(env.url, m.token, 100_000)).body.error.code).toBe('kyc_required');

    const sent = await sendKyc(env.url, m.token, kycForm({ document: PDF, selfie: PNG }));
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ state: 'pending', accountLast4: '8901', bankCode: '8120123' });
    // One waits at a time.
    expect((await sendKyc(env.url, m.token, kycForm({ document: PDF, selfie: PNG }))).body.error.code).toBe('kyc_pending');
    expect((await withdraw(env.url, m.token, 100_000)).body.error.code).toBe('kyc_required');

    // The files: to the member and to staff, as sandboxed attachments, typed by their bytes; to nobody else.
    const mine = await get(`/api/me/kyc/${sent.body.submissionId}/document`, m.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(mine.headers.get('content-security-policy')).toContain('sandbox');
    const stranger = await newMember(env.services, 'Peeker');
    expect((await get(`/api/me/kyc/${sent.body.submissionId}/document`, stranger.token)).status).toBe(404);
    expect((await get(`/api/admin/kyc/${sent.body.submissionId}/selfie`, stranger.token)).status).toBe(403);
    const queue = (await api.get('/api/admin/kyc', { token: otto.token })).body.items as any[];
    const item = queue.find((i) => i.id === sent.body.submissionId);
    expect(item).toMatchObject({ memberEmail: m.email, accountName: 'Chen Mei-Ling', accountNumber: '012345678901' });
    const selfie = await get(item.selfieUrl, otto.token);
    expect(selfie.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await selfie.arrayBuffer()).equals(PNG)).toBe(true);

    // A rejection needs a reason; approval is once.
    expect((await api.post(`/api/admin/kyc/${sent.body.submissionId}/decision`, { token: otto.token, json: { decision: 'reject' } })).body.error.fields).toEqual({ reason: 'required' });
    expect((await api.post(`/api/admin/kyc/${sent.body.submissionId}/decision`, { token: otto.token, json: { decision: 'approve' } })).status).toBe(200);
    expect((await api.post(`/api/admin/kyc/${sent.body.submissionId}/decision`, { token: sue.token, json: { decision: 'reject', reason: 'late' } })).body.error.code).toBe('kyc_decided');
    expect((await api.get('/api/me/kyc', { token: m.token })).body.state).toBe('approved');

    // The terms before confirming: 1,500 GP withdrawable, a 1 GP fee, NT$ at the published rate (2/65).
    const before = (await api.get('/api/withdrawals', { token: m.token })).body;
    expect(before.terms).toMatchObject({ withdrawable: 150_000, fee: 100, currency: 'TWD', rate: { numerator: 2, denominator: 65 }, minimum: 1000, kyc: 'approved' });

    // 1,000 GP, less 1 GP fee = 999 GP = 99,900 × 65 / 2 = 3,246,750 cents → NT$32,467 (whole dollars).
    const key = crypto.randomUUID();
    const requested = await withdraw(env.url, m.token, 100_000, key);
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({ state: 'requested', amount: 100_000, fee: 100, payout: 3_246_700, currency: 'TWD', accountLast4: '8901' });
    expect(await balanceOf(m.token)).toBe(50_000); // held at once
    // The same key answers the same withdrawal, and holds nothing more.
    const replay = await withdraw(env.url, m.token, 100_000, key);
    expect(replay.body.id).toBe(requested.body.id);
    expect(await balanceOf(m.token)).toBe(50_000);

    // Staff approve it (within every bound: alone), it is in the batch file, then marked paid.
    const approved = await api.post(`/api/admin/withdrawals/${requested.body.id}/approve`, { token: otto.token });
    expect(approved.body).toMatchObject({ state: 'approved', approvedBy: otto.id });
    const batch = await get('/api/admin/withdrawals/batch?format=csv', otto.token);
    expect(batch.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await batch.text()).split('\r\n');
    expect(lines[0]).toBe('bank_code,account_number,account_name,amount,reference,memo');
    expect(lines).toContain(`812,012345678901,Chen Mei-Ling,32467,W${requested.body.id},GPoints withdrawal ${requested.body.id}`);
    expect((await api.post(`/api/admin/withdrawals/${requested.body.id}/paid`, { token: otto.token, json: {} })).body.error.fields).toEqual({ reference: 'required' });
    const paid = await api.post(`/api/admin/withdrawals/${requested.body.id}/paid`, { token: otto.token, json: { reference: 'TXN-20260101-0042' } });
    expect(paid.body).toMatchObject({ state: 'paid', paidReference: 'TXN-20260101-0042' });
    expect((await api.post(`/api/admin/withdrawals/${requested.body.id}/paid`, { token: otto.token, json: { reference: 'again' } })).body.error.code).toBe('withdrawal_state');
    // Paid is final: neither rejected nor cancelled, nothing returned.
    expect((await api.post(`/api/admin/withdrawals/${requested.body.id}/reject`, { token: sue.token, json: { reason: 'late' } })).body.error.code).toBe('withdrawal_state');
    expect((await api.post(`/api/withdrawals/${requested.body.id}/cancel`, { token: m.token })).body.error.code).toBe('withdrawal_state');

    const mineNow = (await api.get('/api/withdrawals', { token: m.token })).body;
    expect(mineNow.items[0]).toMatchObject({ id: requested.body.id, state: 'paid', paidReference: 'TXN-20260101-0042' });
    expect(mineNow.terms.withdrawable).toBe(50_000);
    expect(await ledgerOf(m.id)).toEqual([{ kind: 'withdrawal', amount: -100_000, ref_type: 'withdrawal', ref_id: requested.body.id }]);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
    expect(await env.services.withdrawals.dailyTotals(new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000))).toEqual(
      expect.arrayContaining([expect.objectContaining({ held: expect.any(Number), paid: expect.any(Number) })]),
    );
  });

  it('20 parallel requests never hold more than the balance', async () => {
    const m = await newMember(env.services, 'Racer');
    await winPrize(env.platform, m.id, 100_000); // 1,000 GP
    await verified(env.url, m.token, otto.token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(env.url, m.token, 15_000)));
    const held = answers.filter((a) => a.status === 201);
    expect(held).toHaveLength(6); // 6 × 150 GP = 900 GP; a seventh would need 1,050
    for (const refused of answers.filter((a) => a.status !== 201)) expect(['winnings_insufficient', 'insufficient_points']).toContain(refused.body.error.code);
    expect(await balanceOf(m.token)).toBe(10_000);
    expect(await ledgerOf(m.id)).toHaveLength(6);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  it('only points won can leave by bank: deposited (here: granted) and trial points cannot', async () => {
    const m = await newMember(env.services, 'Depositor');
    await grantPoints(env.platform, Number(m.id), 100_000, 'real');
    await grantPoints(env.platform, Number(m.id), 100_000, 'trial');
    await verified(env.url, m.token, otto.token);
    expect((await api.get('/api/withdrawals', { token: m.token })).body.terms.withdrawable).toBe(0);
    expect((await withdraw(env.url, m.token, 10_000)).body.error.code).toBe('winnings_insufficient');
    await winPrize(env.platform, m.id, 5_000);
    // Won 50 GP: 50 GP may go, not 51.
    expect((await withdraw(env.url, m.token, 5_100)).body.error.code).toBe('winnings_insufficient');
    expect((await withdraw(env.url, m.token, 5_000)).status).toBe(201);
  });

  it('limits are stated and enforced: minimum, maximum; bad input is 4xx, nothing held', async () => {
    const m = await newMember(env.services, 'Limits');
    await winPrize(env.platform, m.id, 2_000_000);
    await verified(env.url, m.token, otto.token);
    const below = await withdraw(env.url, m.token, 999);
    expect(below.status).toBe(422);
    expect(below.body.error).toMatchObject({ code: 'withdrawal_limit', details: { minimum: 1000, maximum: 1_000_000, fee: 100 } });
    expect((await withdraw(env.url, m.token, 1_000_001)).body.error.code).toBe('withdrawal_limit');
    for (const json of [{ amount: -5, method: 'bank_transfer' }, { amount: 1.5, method: 'bank_transfer' }, { amount: 5000, method: 'cash' }, { amount: '5000', method: 'bank_transfer' }, {}]) {
      const res = await api.post('/api/withdrawals', { token: m.token, headers: { 'Idempotency-Key': crypto.randomUUID() }, json });
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
    expect((await api.post('/api/withdrawals', { token: m.token, json: { amount: 5000, method: 'bank_transfer' } })).body.error.code).toBe('idempotency_key_required');
    expect((await api.post('/api/withdrawals', { json: { amount: 5000, method: 'bank_transfer' } })).status).toBe(401);
    expect((await api.get('/api/admin/withdrawals?state=paid', { token: m.token })).status).toBe(403);
    expect((await api.get('/api/admin/withdrawals?state=lost', { token: otto.token })).status).toBe(422);
    expect(await balanceOf(m.token)).toBe(2_000_000);
  });

  it('a cancel racing a reject: one wins, the held points come back exactly once', async () => {
    const m = await newMember(env.services, 'Canceller');
    await winPrize(env.platform, m.id, 100_000);
    await verified(env.url, m.token, otto.token);
    for (let round = 0; round < 5; round++) {
      const w = await withdraw(env.url, m.token, 20_000);
      expect(w.status).toBe(201);
      const [cancel, reject] = await Promise.all([
        api.post(`/api/withdrawals/${w.body.id}/cancel`, { token: m.token }),
        api.post(`/api/admin/withdrawals/${w.body.id}/reject`, { token: sue.token, json: { reason: 'Name does not match the account' } }),
      ]);
      expect([cancel.status, reject.status].sort()).toEqual([200, 409]);
      expect(await balanceOf(m.token)).toBe(100_000);
    }
    const returns = (await ledgerOf(m.id)).filter((e) => e.ref_type === 'withdrawal-return');
    expect(returns).toHaveLength(5);
    expect(returns.every((e) => e.amount === 20_000)).toBe(true);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
    // Another member cannot cancel it, nor see it.
    const w = await withdraw(env.url, m.token, 20_000);
    const other = await newMember(env.services, 'Other');
    expect((await api.post(`/api/withdrawals/${w.body.id}/cancel`, { token: other.token })).body.error.code).toBe('withdrawal_not_found');
    // Otto approved 1,000 GP alone today (the first test): his rolling-day bound (ADJUSTMENT_APPROVAL_POINTS,
    // 1,000 GP) is spent, so even 200 GP now needs a second approver.
    expect((await api.post(`/api/admin/withdrawals/${w.body.id}/approve`, { token: otto.token })).body).toMatchObject({ state: 'requested', awaitingSecondApproval: true });
    expect((await api.post(`/api/admin/withdrawals/${w.body.id}/approve`, { token: sue.token })).body).toMatchObject({ state: 'approved' });
    // Rejected after approval (the bank returned it): back once too.
    expect((await api.post(`/api/withdrawals/${w.body.id}/cancel`, { token: m.token })).body.error.code).toBe('withdrawal_state');
    expect((await api.post(`/api/admin/withdrawals/${w.body.id}/reject`, { token: sue.token, json: { reason: 'Bank returned it' } })).body).toMatchObject({ state: 'rejected', reason: 'Bank returned it' });
    expect(await balanceOf(m.token)).toBe(100_000);
  });

  it('staff never approve or review their own; a large one needs two different approvers', async () => {
    // Olga, an operator, is also a member who won.
    const olga = await newStaff(env, 'operator', 'Olga');
    await winPrize(env.platform, olga.id, 300_000);
    // Her staff session is her account's session too (the role change ended her member one).
    const sent = await sendKyc(env.url, olga.token, kycForm({ document: PNG, selfie: PNG }));
    expect((await api.post(`/api/admin/kyc/${sent.body.submissionId}/decision`, { token: olga.token, json: { decision: 'approve' } })).body.error.code).toBe('own_account');
    expect((await api.post(`/api/admin/kyc/${sent.body.submissionId}/decision`, { token: otto.token, json: { decision: 'approve' } })).status).toBe(200);
    const own = await withdraw(env.url, olga.token, 50_000);
    expect(own.status).toBe(201);
    expect((await api.post(`/api/admin/withdrawals/${own.body.id}/approve`, { token: olga.token })).body.error.code).toBe('own_account');
    expect((await api.post(`/api/admin/withdrawals/${own.body.id}/paid`, { token: olga.token, json: { reference: 'x' } })).body.error.code).toBe('own_account');

    // 2,500 GP is above WITHDRAWAL_FOUR_EYES_POINTS (2,000 GP): Sue's approval is the first of two.
    const m = await newMember(env.services, 'BigWinner');
    await winPrize(env.platform, m.id, 300_000);
    await verified(env.url, m.token, otto.token);
    const big = await withdraw(env.url, m.token, 250_000);
    const first = await api.post(`/api/admin/withdrawals/${big.body.id}/approve`, { token: sue.token });
    expect(first.body).toMatchObject({ state: 'requested', awaitingSecondApproval: true, firstApprovedBy: sue.id });
    expect((await api.post(`/api/admin/withdrawals/${big.body.id}/approve`, { token: sue.token })).body.error.code).toBe('approval_required');
    expect((await api.get(`/api/withdrawals`, { token: m.token })).body.items[0]).toMatchObject({ state: 'requested', awaitingSecondApproval: true });
    const second = await api.post(`/api/admin/withdrawals/${big.body.id}/approve`, { token: otto.token });
    expect(second.body).toMatchObject({ state: 'approved', approvedBy: otto.id, firstApprovedBy: sue.id });
    const audit = await env.platform.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_type', '=', 'withdrawal').where('target_id', '=', big.body.id).orderBy('id').execute();
    expect(audit.map((a) => [a.action, String(a.actor_id)])).toEqual([
      ['withdrawal.first_approval', sue.id],
      ['withdrawal.approved', otto.id],
    ]);
  });

  it('uploads are checked by content and bounded', async () => {
    const m = await newMember(env.services, 'Uploader');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await sendKyc(env.url, m.token, kycForm({ document: html, selfie: PNG }))).body.error.code).toBe('upload_invalid');
    expect((await sendKyc(env.url, m.token, kycForm({ document: PDF, selfie: PDF }))).body.error.code).toBe('upload_invalid'); // a selfie is a photo
    expect((await sendKyc(env.url, m.token, kycForm({ document: PDF }))).body.error.fields).toEqual({ selfie: 'required' });
    const badAccount = await sendKyc(env.url, m.token, kycForm({ document: PDF, selfie: PNG }, { accountName: '', accountNumber: '12ab', bankCode: '81' }));
    expect(badAccount.body.error.fields).toEqual({ accountName: 'required', accountNumber: 'invalid', bankCode: 'invalid' });
    const huge = Buffer.concat([PNG, Buffer.alloc(env.platform.config.KYC_MAX_BYTES)]);
    expect((await sendKyc(env.url, m.token, kycForm({ document: huge, selfie: PNG }))).body.error.code).toBe('upload_invalid');
    expect((await api.get('/api/me/kyc', { token: m.token })).body.state).toBe('none');
    // Two sent at once: one waits, the other is refused.
    const both = await Promise.all([sendKyc(env.url, m.token, kycForm({ document: PDF, selfie: PNG })), sendKyc(env.url, m.token, kycForm({ document: PDF, selfie: PNG }))]);
    expect(both.map((b) => b.status).sort()).toEqual([201, 409]);
    // More needed, then sent again: pending again, with staff's words kept on the old one.
    const pending = both.find((b) => b.status === 201)!.body.submissionId;
    await api.post(`/api/admin/kyc/${pending}/decision`, { token: otto.token, json: { decision: 'more_needed', reason: 'The photo is blurred' } });
    expect((await api.get('/api/me/kyc', { token: m.token })).body).toMatchObject({ state: 'more_needed', reason: 'The photo is blurred' });
    expect((await sendKyc(env.url, m.token, kycForm({ document: PDF, selfie: PNG }))).status).toBe(201);
  });
});
