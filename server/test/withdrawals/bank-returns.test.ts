import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileDay } from '../../src/reports/reconciliation.ts';
import { BACK_OFFICE_ENV, newStaff } from '../admin/support.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { verified, winPrize, withdraw, WITHDRAWAL_ENV, withdrawalMessagesOf } from './support.ts';

/**
 * Issue 33: a bank transfer the bank returns after it was marked paid. A supervisor records it; the
 * withdrawal becomes `returned` and its points come back once (ledger, inbox, audit, the daily
 * reconciliation); past the supervisor's rolling-day bound a second supervisor confirms it.
 */
describe('a paid bank transfer the bank returns', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let otto: Awaited<ReturnType<typeof newStaff>>;
  let sue: Awaited<ReturnType<typeof newStaff>>;
  let sam: Awaited<ReturnType<typeof newStaff>>;
  /** Each staff member's rolling-day bound (docs/money-controls.md): 500 GP. */
  const BOUND = 50_000;

  beforeAll(async () => {
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, ...WITHDRAWAL_ENV, ADJUSTMENT_APPROVAL_POINTS: String(BOUND) });
    api = apiClient(env.url);
    [otto, sue, sam] = await Promise.all([newStaff(env, 'operator', 'Otto'), newStaff(env, 'supervisor', 'Sue'), newStaff(env, 'supervisor', 'Sam')]);
  });
  afterAll(() => env?.stop());

  /** A verified winner's bank transfer of `amount`, approved and marked paid by `reference`; the member and the withdrawal id. */
  async function paidTransfer(name: string, amount: number, reference = `BANK-${name}`) {
    const m = await newMember(env.services, name);
    await winPrize(env.platform, m.id, amount);
    await verified(env.url, m.token, otto.token);
    const w = await withdraw(env.url, m.token, amount);
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    let approved = await api.post(`/api/admin/withdrawals/${w.body.id}/approve`, { token: otto.token });
    // Past Otto's bound: the first of two approvals; Sue's is the second.
    if (approved.body.state === 'requested') approved = await api.post(`/api/admin/withdrawals/${w.body.id}/approve`, { token: sue.token });
    expect(approved.body.state, JSON.stringify(approved.body)).toBe('approved');
    const paid = await api.post(`/api/admin/withdrawals/${w.body.id}/paid`, { token: otto.token, json: { reference } });
    expect(paid.body.state).toBe('paid');
    return { member: m, id: w.body.id as string };
  }
  const balanceOf = async (userId: string) => (await env.platform.db.selectFrom('wallets').select('balance').where('user_id', '=', Number(userId)).executeTakeFirstOrThrow()).balance;
  const returnsOf = (id: string) => env.platform.db.selectFrom('ledger').select(['amount', 'kind']).where('ref_type', '=', 'withdrawal-return').where('ref_id', '=', id).execute();
  const returned = (token: string, id: string, json: unknown = { reference: 'RTN-1', reason: 'account closed at the bank' }) => api.post(`/api/admin/withdrawals/${id}/returned`, { token, json });

  it('a supervisor records the return of a batch paid by the bank: returned, the points back once, the member told, audited, reconciled', async () => {
    const m = await newMember(env.services, 'Bounced');
    await winPrize(env.platform, m.id, 10_000);
    await verified(env.url, m.token, otto.token);
    const w = await withdraw(env.url, m.token, 10_000);
    expect((await api.post(`/api/admin/withdrawals/${w.body.id}/approve`, { token: otto.token })).body.state).toBe('approved');
    const id = w.body.id as string;
    // Exported in a batch the bank took; marked paid by the batch.
    const file = await fetch(`${env.url}/api/admin/withdrawals/batch?format=csv`, { headers: { Authorization: `Bearer ${otto.token}` } });
    const batchId = file.headers.get('x-batch-id');
    expect((await api.post(`/api/admin/withdrawals/batches/${batchId}/paid`, { token: otto.token, json: { reference: 'BATCH-REF-1' } })).status).toBe(200);
    expect(await balanceOf(m.id)).toBe(0);

    // Not for an operator, a member or a guest; nor with half a record.
    expect((await returned(otto.token, id)).status).toBe(403);
    expect((await returned(m.token, id)).status).toBe(403);
    expect((await api.post(`/api/admin/withdrawals/${id}/returned`, { json: { reference: 'x', reason: 'y' } })).status).toBe(401);
    expect((await returned(sue.token, id, { reference: 'RTN-1' })).body.error.fields).toEqual({ reason: 'required' });
    expect((await returned(sue.token, '999999999')).body.error.code).toBe('withdrawal_not_found');

    const done = await returned(sue.token, id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ state: 'returned', paidReference: 'BATCH-REF-1', returnReference: 'RTN-1', reason: 'account closed at the bank', returnFirstBy: null });
    expect(await balanceOf(m.id)).toBe(10_000);
    // Once: a second return, by either supervisor, moves nothing.
    expect((await returned(sam.token, id)).body.error.code).toBe('withdrawal_state');
    expect(await returnsOf(id)).toEqual([{ amount: 10_000, kind: 'withdrawal' }]);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));

    // The member sees it returned with the reason, and their inbox says so once.
    const mine = (await api.get('/api/withdrawals', { token: m.token })).body;
    expect(mine.items[0]).toMatchObject({ id, state: 'returned', reason: 'account closed at the bank' });
    expect(mine.terms.withdrawable).toBe(10_000); // the prize may leave again
    const messages = (await withdrawalMessagesOf(env.platform, m.id)).filter((x) => x.withdrawalId === id);
    expect(messages.map((x) => x.step)).toEqual(['requested', 'approved', 'paid', 'bank_returned']);
    expect(messages[3]!.reason).toBe('account closed at the bank');
    const audit = await env.platform.db.selectFrom('audit_log').select(['action', 'actor_id', 'after']).where('target_type', '=', 'withdrawal').where('target_id', '=', id).where('action', '=', 'withdrawal.returned').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: Number(sue.id), after: expect.objectContaining({ reference: 'RTN-1', step: 'alone', state: 'returned' }) });

    // The day's reconciliation: paid from its hold, the return balanced by its credit; nothing left over.
    const at = env.platform.now();
    const rec = await reconcileDay(env.platform.db, 'UTC', at.toISOString().slice(0, 10), at);
    const figure = (check: string) => rec.figures.find((f) => f.check === check)!;
    expect([figure('withdrawals_held').ok, figure('withdrawals_paid').ok, figure('withdrawals_returned').ok]).toEqual([true, true, true]);
    expect(rec.mismatches.filter((x) => x.refType === 'withdrawal' && x.refId === id)).toEqual([]);
    const totals = await env.services.withdrawals.dailyTotals(new Date(at.getTime() - 86_400_000), new Date(at.getTime() + 86_400_000));
    expect(totals.reduce((sum, d) => sum + d.returned, 0)).toBeGreaterThanOrEqual(10_000);
  });

  it('only a paid bank transfer can be returned', async () => {
    const m = await newMember(env.services, 'NotYet');
    await winPrize(env.platform, m.id, 10_000);
    await verified(env.url, m.token, otto.token);
    const w = await withdraw(env.url, m.token, 10_000);
    expect((await returned(sue.token, w.body.id)).body.error.code).toBe('withdrawal_not_returnable');
    await api.post(`/api/admin/withdrawals/${w.body.id}/approve`, { token: otto.token });
    expect((await returned(sue.token, w.body.id)).body.error.code).toBe('withdrawal_not_returnable');
    expect(await balanceOf(m.id)).toBe(0);
  });

  it('two supervisors racing to record one return credit the points once', async () => {
    const { member, id } = await paidTransfer('Raced', 10_000);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => returned((i % 2 ? sue : sam).token, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.error.code)).toEqual(Array(9).fill('withdrawal_state'));
    expect(await returnsOf(id)).toHaveLength(1);
    expect(await balanceOf(member.id)).toBe(10_000);
    await expectLedgerMatchesBalance(env.platform, Number(member.id));
  });

  it('past the supervisor’s rolling-day bound the return waits for a second supervisor, never the same one', async () => {
    const { member, id } = await paidTransfer('Large', 60_000);
    const first = await returned(sue.token, id, { reference: 'RTN-L', reason: 'name does not match' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ state: 'paid', returnFirstBy: sue.id, returnReference: 'RTN-L' });
    expect(await balanceOf(member.id)).toBe(0);
    // The member is not told before it is confirmed.
    expect((await api.get('/api/withdrawals', { token: member.token })).body.items[0]).toMatchObject({ state: 'paid', reason: null });
    expect((await returned(sue.token, id)).body.error.code).toBe('approval_required');

    const second = await returned(sam.token, id, { reference: 'RTN-L', reason: 'name does not match' });
    expect(second.body).toMatchObject({ state: 'returned', returnFirstBy: sue.id });
    expect(await balanceOf(member.id)).toBe(60_000);
    expect(await returnsOf(id)).toHaveLength(1);
    const actions = await env.platform.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_type', '=', 'withdrawal').where('target_id', '=', id).where('action', 'like', 'withdrawal.return%').orderBy('id').execute();
    expect(actions).toEqual([
      { action: 'withdrawal.return_recorded', actor_id: Number(sue.id) },
      { action: 'withdrawal.returned', actor_id: Number(sam.id) },
    ]);
    // A return confirmed by two does not count against the confirmer's own bound; one made alone does.
    const alone = await paidTransfer('Small', 40_000);
    expect((await returned(sam.token, alone.id)).body.state).toBe('returned');
    const past = await paidTransfer('Past', 20_000);
    expect((await returned(sam.token, past.id)).body).toMatchObject({ state: 'paid', returnFirstBy: sam.id });
  });
});
