import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePins } from '../../src/pins/service.ts';
import { walletService } from '../../src/wallet/service.ts';
import { balanceOf, depositIn, depositServer, payByCard, startDeposit, type Env } from '../payments/support.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';
import { connectSocket, record } from '../support/sockets.ts';
import { atLeast, eventually } from '../support/wait.ts';

/**
 * The member page of the console (issue 13) and the back office's side of issue 14: held deposits
 * credited once by a supervisor, members with a debt, and a PIN that pays a debt before anything else.
 */
describe('back office: member detail, held deposits, debts', () => {
  let env: Env;
  let operator: Awaited<ReturnType<typeof newStaff>>;
  let supervisor: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await depositServer('embedded', { ...BACK_OFFICE_ENV, DEPOSIT_DAILY_MAX_POINTS: '500000' });
    operator = await newStaff(env, 'operator', 'Opal');
    supervisor = await newStaff(env, 'supervisor', 'Sam');
  });
  afterAll(() => env.stop());

  /** A member who deposited 20 USD by card, spent 15 GP of it, and was refunded: 15 GP owed. */
  async function memberInDebt(name: string) {
    const m = await newMember(env.services, name);
    const deposit = await startDeposit(env, m.token, { amount: 2_000, currency: 'USD', method: 'card' });
    await payByCard(deposit.start);
    await depositIn(env, m.token, deposit.id, 'paid');
    await env.platform.db.transaction().execute((trx) => walletService.debit(trx, { userId: Number(m.id), account: 'real', kind: 'adjustment', amount: 1_500, refType: 'test-spend', refId: deposit.id }));
    const refunded = await env.api.post(`/api/admin/deposits/${deposit.id}/refund`, { token: operator.token });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    return { ...m, depositId: deposit.id };
  }

  /** A barcode deposit of NT$500 the provider says was paid NT$400: held, never credited. */
  async function heldDeposit(name: string) {
    const m = await newMember(env.services, name);
    const deposit = await startDeposit(env, m.token, { amount: 50_000, currency: 'TWD', method: 'cvs_barcode' });
    const merchantRef = deposit.start?.kind === 'form' ? deposit.start.fields.MerchantTradeNo! : '';
    const outcome = await env.services.deposits.apply('ecpay', { outcome: 'paid', merchantRef, providerTxnId: `T-${deposit.id}`, amount: 40_000, currency: 'TWD' });
    expect(outcome).toBe('held');
    return { ...m, depositId: deposit.id };
  }

  it('the member page shows balances, the debt with its deposit, deposits, and the ledger in pages', async () => {
    const m = await memberInDebt('Debby Owes');
    for (let i = 0; i < 30; i += 1) await grantPoints(env.platform, Number(m.id), 1); // 30 more lines; each 0.01 GP goes to the debt only when settled
    const page1 = await env.api.get(`/api/admin/members/${m.id}`, { token: operator.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ member: { id: m.id, name: 'Debby Owes' }, balance: 30, debt: { outstanding: 1_500, debts: [{ refType: 'deposit-reversal', refId: m.depositId, remaining: 1_500 }] } });
    expect(page1.body.deposits.items).toEqual([expect.objectContaining({ id: m.depositId, state: 'refunded', amount: 2_000, currency: 'USD' })]);
    // deposit credit, spend, reversal, 30 grants: 33 lines, 25 a page, newest first.
    expect(page1.body.ledger).toMatchObject({ page: 1, pageSize: 25, total: 33 });
    expect(page1.body.ledger.items).toHaveLength(25);
    const page2 = await env.api.get(`/api/admin/members/${m.id}?ledgerPage=2`, { token: operator.token });
    expect(page2.body.ledger.items).toHaveLength(8);
    expect(page2.body.ledger.items.at(-1)).toMatchObject({ refType: 'deposit', refId: m.depositId, amount: 2_000 });
    expect((await env.api.get(`/api/admin/members/${m.id}?ledgerPage=0`, { token: operator.token })).body.error.code).toBe('validation_failed');

    const debts = await env.api.get('/api/admin/debts', { token: operator.token });
    expect(debts.body.items).toContainEqual(expect.objectContaining({ userId: m.id, name: 'Debby Owes', remaining: 1_500, refType: 'deposit-reversal', refId: m.depositId }));
    expect((await env.api.get('/api/admin/debts', { token: m.token })).status).toBe(403);
  });

  it('a PIN redeemed by a member in debt pays the debt first, and ordering opens again', async () => {
    const m = await memberInDebt('Pinny');
    const { codes } = await issuePins(env.platform, { count: 1, points: 2_000 });
    const redeemed = await env.api.post('/api/pins/redeem', { token: m.token, json: { code: codes[0] } });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body).toEqual({ points: 2_000, balance: 500 });
    expect(await balanceOf(env, m.token)).toBe(500);
    expect((await env.api.get('/api/deposits/debt', { token: m.token })).body.outstanding).toBe(0);
    expect((await env.api.get('/api/admin/debts', { token: operator.token })).body.items.map((d: { userId: string }) => d.userId)).not.toContain(m.id);
    await env.platform.db.transaction().execute((trx) => walletService.debit(trx, { userId: Number(m.id), account: 'real', kind: 'order', amount: 100, refType: 'order', refId: `after-pin-${m.id}` }));
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  it('a staff adjustment to a member in debt pays the debt first', async () => {
    const m = await memberInDebt('Addie Owes');
    const posted = await env.api.post('/api/admin/adjustments', { token: operator.token, headers: { 'Idempotency-Key': `adj-debt-${m.id}` }, json: { userId: m.id, amount: 500, reason: 'goodwill' } });
    expect(posted.body).toMatchObject({ status: 'queued' });
    await eventually('the adjustment applied', async () => ((await env.api.get('/api/deposits/debt', { token: m.token })).body.outstanding === 1_000 ? true : undefined));
    expect(await balanceOf(env, m.token)).toBe(0);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  it('a deposit held for review reaches the live queue: staff sockets hear queue_changed and the queue lists it; credited, it leaves', async () => {
    const staffSocket = await connectSocket(env.url, operator.token);
    try {
      const heard = record(staffSocket, 'queue_changed') as unknown as Array<{ reason: string }>;
      const m = await heldDeposit('Quincy Queue');
      expect((await atLeast(heard, 1)).map((e) => e.reason)).toContain('deposit');
      const queue = await env.api.get('/api/admin/queue', { token: operator.token });
      expect(queue.body.items.map((i: { key: string }) => i.key)).toContain(`deposit:${m.depositId}`);

      heard.length = 0;
      expect((await env.api.post(`/api/admin/deposits/${m.depositId}/credit`, { token: supervisor.token, json: { reason: 'paid in full at the counter' } })).status).toBe(200);
      await atLeast(heard, 1);
      expect((await env.api.get('/api/admin/queue', { token: operator.token })).body.items.map((i: { key: string }) => i.key)).not.toContain(`deposit:${m.depositId}`);
      // Credited by the back office, the member's inbox says so, once.
      await eventually('the inbox message', async () => {
        const inbox = await env.api.get('/api/inbox', { token: m.token });
        return inbox.body.items?.filter((i: { kind: string }) => i.kind === 'deposit_credited').length === 1 ? true : undefined;
      });
    } finally {
      staffSocket.close();
    }
  });

  it('a held deposit is credited anyway by a supervisor, for what was received, once under 20 parallel calls; audited', async () => {
    const m = await heldDeposit('Helda');
    const held = await env.api.get('/api/admin/deposits?state=held', { token: operator.token });
    expect(held.body.items).toContainEqual(expect.objectContaining({ id: m.depositId, userId: m.id, amount: 50_000, problem: expect.objectContaining({ reported: { amount: 40_000, currency: 'TWD' } }) }));

    const byOperator = await env.api.post(`/api/admin/deposits/${m.depositId}/credit`, { token: operator.token, json: { reason: 'paid at the counter' } });
    expect(byOperator.status).toBe(403);
    expect((await env.api.post(`/api/admin/deposits/${m.depositId}/credit`, { token: supervisor.token, json: { reason: ' ' } })).status).toBe(422);

    const calls = await Promise.all(Array.from({ length: 20 }, () => env.api.post(`/api/admin/deposits/${m.depositId}/credit`, { token: supervisor.token, json: { reason: 'member showed the store receipt' } })));
    const statuses = calls.map((c) => c.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(19);
    expect(calls.find((c) => c.status === 200)!.body).toMatchObject({ id: m.depositId, state: 'paid', amount: 40_000, currency: 'TWD' });
    // NT$400 at the configured TWD rate, as a deposit of NT$400 would have been credited.
    const credited = calls.find((c) => c.status === 200)!.body.points as number;
    expect(credited).toBeGreaterThan(0);
    expect(await balanceOf(env, m.token)).toBe(credited);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
    expect((await env.api.get('/api/admin/deposits?state=held', { token: operator.token })).body.items.map((d: { id: string }) => d.id)).not.toContain(m.depositId);

    const audit = await env.api.get(`/api/admin/audit?targetType=deposit&targetId=${m.depositId}`, { token: supervisor.token });
    expect(audit.body.items).toEqual([expect.objectContaining({ action: 'deposit.held_credited' })]);
  });

  it('a held store-barcode deposit cannot be refunded through ECPay: refused with payment_issue, still held, nothing moved', async () => {
    const m = await heldDeposit('Barry Code');
    const res = await env.api.post(`/api/admin/deposits/${m.depositId}/refund`, { token: operator.token });
    expect(res).toMatchObject({ status: 502, body: { error: { code: 'payment_issue' } } });
    const held = await env.api.get('/api/admin/deposits?state=held', { token: operator.token });
    expect(held.body.items.map((d: { id: string }) => d.id)).toContain(m.depositId);
    expect(await balanceOf(env, m.token)).toBe(0);
  });

  it('a held card deposit is refunded through the provider for what it received; the late "paid" and "refunded" events change nothing', async () => {
    const m = await newMember(env.services, 'Cardy');
    // The provider's own events are held back, so our side sees the mismatch first.
    env.sandbox.deliverer.rules.holdBack = true;
    try {
      const deposit = await startDeposit(env, m.token, { amount: 2_000, currency: 'USD', method: 'card' });
      await payByCard(deposit.start);
      const session = [...env.sandbox.stripe.sessions.values()].find((s) => s.metadata.depositId === deposit.id)!;
      const outcome = await env.services.deposits.apply('stripe', { outcome: 'paid', merchantRef: session.client_reference_id!, providerTxnId: session.payment_intent!, amount: 1_500, currency: 'usd' });
      expect(outcome).toBe('held');
      const refunded = await env.api.post(`/api/admin/deposits/${deposit.id}/refund`, { token: operator.token });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      expect(refunded.body.state).toBe('refunded');
      env.sandbox.deliverer.rules.holdBack = false;
      await env.sandbox.deliverer.flush();
      await env.sandbox.deliverer.idle();
      expect((await env.api.get(`/api/deposits/${deposit.id}`, { token: m.token })).body.state).toBe('refunded');
      expect(await balanceOf(env, m.token)).toBe(0);
      expect((await env.api.get('/api/deposits/debt', { token: m.token })).body.outstanding).toBe(0);
      const audit = await env.api.get(`/api/admin/audit?targetType=deposit&targetId=${deposit.id}`, { token: supervisor.token });
      expect(audit.body.items).toEqual([expect.objectContaining({ action: 'deposit.held_refunded', after: expect.objectContaining({ amount: 1_500 }) })]);
    } finally {
      env.sandbox.deliverer.rules.holdBack = false;
    }
  });

  it('a held deposit credited anyway pays the member’s debt first', async () => {
    const m = await memberInDebt('Double Trouble');
    const deposit = await startDeposit(env, m.token, { amount: 100_000, currency: 'TWD', method: 'cvs_barcode' });
    const merchantRef = deposit.start?.kind === 'form' ? deposit.start.fields.MerchantTradeNo! : '';
    await env.services.deposits.apply('ecpay', { outcome: 'paid', merchantRef, providerTxnId: `T-${deposit.id}`, amount: 90_000, currency: 'TWD' });
    const res = await env.api.post(`/api/admin/deposits/${deposit.id}/credit`, { token: supervisor.token, json: { reason: 'receipt' } });
    expect(res.status).toBe(200);
    expect(res.body.points).toBeGreaterThan(1_500);
    expect(await balanceOf(env, m.token)).toBe(res.body.points - 1_500);
    expect((await env.api.get(`/api/admin/members/${m.id}`, { token: operator.token })).body.debt.outstanding).toBe(0);
  });
});
