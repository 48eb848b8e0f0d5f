import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletService } from '../../src/wallet/service.ts';
import { BACK_OFFICE_ENV, newStaff } from '../admin/support.ts';
import { balanceOf, depositIn, depositServer, payByCard, startDeposit, submitForm, type Env } from '../payments/support.ts';
import { expectLedgerMatchesBalance, newMember } from '../support/members.ts';
import { eventually } from '../support/wait.ts';
import { verified, winPrize, WITHDRAWAL_ENV, withdrawalMessagesOf } from './support.ts';

/**
 * Issue 33 item 2, the refund rail: deposited points not yet played go back to their own Stripe
 * payment, through the real Stripe protocol (the official package against the local sandbox).
 */
describe('withdrawals back to a Stripe payment (refunds)', () => {
  let env: Env;
  let sue: Awaited<ReturnType<typeof newStaff>>;
  let otto: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await depositServer('embedded', { ...BACK_OFFICE_ENV, ...WITHDRAWAL_ENV });
    [sue, otto] = await Promise.all([newStaff(env, 'supervisor', 'Sue'), newStaff(env, 'operator', 'Otto')]);
  });
  afterAll(() => env?.stop());

  const refundWithdrawal = (token: string, depositId: string, amount: number, key: string = crypto.randomUUID()) =>
    env.api.post('/api/withdrawals', { token, headers: { 'Idempotency-Key': key }, json: { amount, method: 'stripe_refund', depositId } });
  const terms = async (token: string) => (await env.api.get('/api/withdrawals', { token })).body.terms;
  const paymentIntentOf = async (depositId: string) =>
    (await env.platform.db.selectFrom('deposits').select('provider_txn_id').where('id', '=', Number(depositId)).executeTakeFirstOrThrow()).provider_txn_id!;
  const withdrawalLedger = (userId: string) =>
    env.platform.db.selectFrom('ledger').select(['amount', 'ref_type']).where('user_id', '=', Number(userId)).where('kind', '=', 'withdrawal').orderBy('id').execute();
  /** Points spent on play (what an order's debit posts), so that part of a deposit is played. */
  const play = (userId: string, amount: number) =>
    env.platform.db.transaction().execute((trx) => walletService.debit(trx, { userId: Number(userId), account: 'real', kind: 'order', amount, refType: 'test-play', refId: crypto.randomUUID() }));

  /** A verified member with a paid US$20 card deposit (2,000 = 20 GP). */
  async function memberWithCardDeposit(name: string, existing?: Awaited<ReturnType<typeof newMember>>) {
    const m = existing ?? (await newMember(env.services, name));
    await verified(env.url, m.token, sue.token);
    const deposit = await startDeposit(env, m.token, { amount: 2_000, currency: 'USD', method: 'card' });
    expect((await payByCard(deposit.start)).status).toBe(303);
    await depositIn(env, m.token, deposit.id, 'paid');
    return { ...m, deposit };
  }

  it('offers only the unplayed points, refunds them once though the first answer is lost, and marks it paid with Stripe’s refund id', async () => {
    const m = await memberWithCardDeposit('Refunder');
    await play(m.id, 500); // 5 GP of it played
    await winPrize(env.platform, m.id, 1_000); // 10 GP won: those leave by bank, not by refund
    expect(await balanceOf(env, m.token)).toBe(2_500);

    const offered = await terms(m.token);
    expect(offered.refundable).toEqual([{ depositId: m.deposit.id, method: 'card', points: 1_500, payout: 1_500, currency: 'USD', depositPoints: 2_000, depositAmount: 2_000, paidAt: expect.any(String) }]);
    expect(offered.withdrawable).toBe(1_000);
    // More than is unplayed: refused, nothing held.
    expect((await refundWithdrawal(m.token, m.deposit.id, 1_600)).body.error.code).toBe('refund_unavailable');
    expect(await balanceOf(env, m.token)).toBe(2_500);

    const requested = await refundWithdrawal(m.token, m.deposit.id, 1_500);
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    expect(requested.body).toMatchObject({ method: 'stripe_refund', depositId: m.deposit.id, amount: 1_500, fee: 0, payout: 1_500, currency: 'USD', state: 'requested' });
    expect(await balanceOf(env, m.token)).toBe(1_000);
    expect((await terms(m.token)).refundable).toEqual([]);
    // Paid by its refund, never by a bank reference.
    const id = requested.body.id as string;
    expect((await env.api.post(`/api/admin/withdrawals/${id}/approve`, { token: otto.token })).body.state).toBe('approved');
    expect((await env.api.post(`/api/admin/withdrawals/${id}/paid`, { token: otto.token, json: { reference: 'BANK-1' } })).body.error.code).toBe('withdrawal_state');

    // Stripe makes the refund, and its answer is lost every time (the package's own retries too).
    const pi = await paymentIntentOf(m.deposit.id);
    env.sandbox.stripe.refunds.loseRefundReplies(3);
    const lost = await env.api.post(`/api/admin/withdrawals/${id}/refund`, { token: otto.token });
    expect(lost.body.error.code).toBe('payment_issue');
    expect(env.sandbox.stripe.refunds.refundsOf(pi)).toHaveLength(1);
    expect((await env.api.get('/api/admin/withdrawals?state=approved', { token: otto.token })).body.items.map((w: { id: string }) => w.id)).toContain(id);

    // The retry looks it up first: the same refund, paid with its id; Stripe still holds one refund.
    env.sandbox.stripe.refunds.loseRefundReplies(0);
    const paid = await env.api.post(`/api/admin/withdrawals/${id}/refund`, { token: otto.token });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [refund] = env.sandbox.stripe.refunds.refundsOf(pi);
    expect(env.sandbox.stripe.refunds.refundsOf(pi)).toHaveLength(1);
    expect(refund).toMatchObject({ amount: 1_500, status: 'succeeded' });
    expect(paid.body).toMatchObject({ state: 'paid', paidReference: refund!.id });
    // The member is told it was approved and paid, as a refund to the payment (not a bank transfer).
    const told = (await withdrawalMessagesOf(env.platform, m.id)).filter((x) => x.withdrawalId === id);
    expect(told.map((x) => [x.step, (x as { rail?: string }).rail])).toEqual([
      ['requested', 'stripe_refund'],
      ['approved', 'stripe_refund'],
      ['paid', 'stripe_refund'],
    ]);
    expect(told[2]!.reference).toBe(refund!.id);
    expect((await env.api.post(`/api/admin/withdrawals/${id}/refund`, { token: otto.token })).body.error.code).toBe('withdrawal_state');

    // Stripe's charge.refunded for it arrives: the deposit is not reversed again (its points left with the hold).
    await env.sandbox.deliverer.idle();
    expect((await env.api.get(`/api/deposits/${m.deposit.id}`, { token: m.token })).body.state).toBe('paid');
    expect(await balanceOf(env, m.token)).toBe(1_000);
    expect(await withdrawalLedger(m.id)).toEqual([{ amount: -1_500, ref_type: 'withdrawal' }]);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));

    // The back office refunding the deposit afterwards gives back the rest of it and takes only that rest.
    await play(m.id, 1_000);
    const rest = await env.api.post(`/api/admin/deposits/${m.deposit.id}/refund`, { token: otto.token });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(env.sandbox.stripe.refunds.refundsOf(pi).map((r) => r.amount).sort()).toEqual([1_500, 500]);
    const debt = await env.api.get('/api/deposits/debt', { token: m.token });
    expect(debt.body.outstanding).toBe(500);
  });

  it('a refund Stripe fails returns the held points once, however many clicks race', async () => {
    const m = await memberWithCardDeposit('Closed card');
    const requested = await refundWithdrawal(m.token, m.deposit.id, 2_000);
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const id = requested.body.id as string;
    expect(await balanceOf(env, m.token)).toBe(0);
    // While the member's refund is open, the back office cannot refund the deposit whole under it.
    expect((await env.api.post(`/api/admin/deposits/${m.deposit.id}/refund`, { token: otto.token })).body.error.code).toBe('refund_pending');
    expect((await env.api.post(`/api/admin/withdrawals/${id}/approve`, { token: otto.token })).status).toBe(200);

    const pi = await paymentIntentOf(m.deposit.id);
    env.sandbox.stripe.refunds.failRefundsOf(pi);
    const clicks = await Promise.all(Array.from({ length: 6 }, () => env.api.post(`/api/admin/withdrawals/${id}/refund`, { token: [otto, sue][Math.floor(Math.random() * 2)]!.token })));
    const answers = clicks.map((c) => (c.status === 200 ? c.body.state : c.body.error.code));
    expect(answers.filter((a) => a === 'rejected')).toHaveLength(1);
    expect(answers.every((a) => a === 'rejected' || a === 'refund_pending' || a === 'withdrawal_state')).toBe(true);
    expect(env.sandbox.stripe.refunds.refundsOf(pi)).toHaveLength(1);

    const [closed] = (await env.api.get('/api/withdrawals', { token: m.token })).body.items;
    expect(closed).toMatchObject({ id, state: 'rejected', reason: 'refund_failed: expired_or_canceled_card' });
    expect(await balanceOf(env, m.token)).toBe(2_000);
    expect(await withdrawalLedger(m.id)).toEqual([
      { amount: -2_000, ref_type: 'withdrawal' },
      { amount: 2_000, ref_type: 'withdrawal-return' },
    ]);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  it('twenty parallel refund requests of one deposit hold its points once', async () => {
    const m = await memberWithCardDeposit('Racer');
    const answers = await Promise.all(Array.from({ length: 20 }, () => refundWithdrawal(m.token, m.deposit.id, 1_200)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.body.error.code === 'refund_unavailable')).toBe(true);
    expect(await balanceOf(env, m.token)).toBe(800);
    expect((await terms(m.token)).refundable).toEqual([expect.objectContaining({ depositId: m.deposit.id, points: 800, payout: 800 })]);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  it('is not offered for other deposit methods, nor for another member’s deposit, nor to a staff member on their own', async () => {
    const m = await newMember(env.services, 'Barcode payer');
    await verified(env.url, m.token, sue.token);
    const deposit = await startDeposit(env, m.token, { amount: 65_000, currency: 'TWD', method: 'cvs_barcode' });
    await submitForm(deposit.start);
    await eventually('the barcode', async () => (await env.api.get(`/api/deposits/${deposit.id}`, { token: m.token })).body.barcode);
    const ref = deposit.start?.kind === 'form' ? deposit.start.fields.MerchantTradeNo : '';
    await fetch(`${env.sandbox.url}/__sandbox/ecpay/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ merchantTradeNo: ref }) });
    await depositIn(env, m.token, deposit.id, 'paid');
    expect(await balanceOf(env, m.token)).toBe(2_000);

    expect((await terms(m.token)).refundable).toEqual([]);
    expect((await refundWithdrawal(m.token, deposit.id, 2_000)).body.error.code).toBe('refund_unavailable');
    // A bank transfer names no deposit, a refund must name one.
    const mixed = await env.api.post('/api/withdrawals', { token: m.token, headers: { 'Idempotency-Key': crypto.randomUUID() }, json: { amount: 2_000, method: 'bank_transfer', depositId: deposit.id } });
    expect(mixed.body.error).toMatchObject({ code: 'validation_failed', fields: { depositId: 'invalid' } });
    const bare = await env.api.post('/api/withdrawals', { token: m.token, headers: { 'Idempotency-Key': crypto.randomUUID() }, json: { amount: 2_000, method: 'stripe_refund' } });
    expect(bare.body.error).toMatchObject({ code: 'validation_failed', fields: { depositId: 'invalid' } });

    // Someone else's Stripe deposit: refused as unavailable, nothing held.
    const other = await memberWithCardDeposit('Other');
    expect((await refundWithdrawal(m.token, other.deposit.id, 1_000)).body.error.code).toBe('refund_unavailable');
    expect(await balanceOf(env, m.token)).toBe(2_000);

    // A staff member's own refund is sent by someone else.
    const self = await newStaff(env, 'operator', 'Self');
    // Her staff session is her account's session too (the role change ended her member one).
    const mine = await memberWithCardDeposit('Self', { id: self.id, email: self.email, token: self.token, password: self.password });
    const own = await refundWithdrawal(mine.token, mine.deposit.id, 2_000);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect((await env.api.post(`/api/admin/withdrawals/${own.body.id}/approve`, { token: otto.token })).status).toBe(200);
    expect((await env.api.post(`/api/admin/withdrawals/${own.body.id}/refund`, { token: self.token })).body.error.code).toBe('own_account');
  });

  it('a refund Stripe leaves pending stays approved; the reconciler looks it up and settles it, paid or failed, once', async () => {
    const settle = () => env.services.withdrawals.settlePendingRefunds();
    const state = async (token: string, id: string) => ((await env.api.get('/api/withdrawals', { token })).body.items as any[]).find((w) => w.id === id);
    const pendingRefund = async (name: string) => {
      const m = await memberWithCardDeposit(name);
      const id = (await refundWithdrawal(m.token, m.deposit.id, 2_000)).body.id as string;
      expect((await env.api.post(`/api/admin/withdrawals/${id}/approve`, { token: otto.token })).status).toBe(200);
      const pi = await paymentIntentOf(m.deposit.id);
      env.sandbox.stripe.refunds.holdRefundsOf(pi);
      expect((await env.api.post(`/api/admin/withdrawals/${id}/refund`, { token: otto.token })).body.error.code).toBe('refund_pending');
      expect(env.sandbox.stripe.refunds.refundsOf(pi).map((r) => r.status)).toEqual(['pending']);
      return { m, id, pi };
    };

    // Stripe still says pending: the reconciler looks, changes nothing, asks for no second refund.
    const paid = await pendingRefund('Slow bank');
    await settle();
    expect(await state(paid.m.token, paid.id)).toMatchObject({ state: 'approved' });
    expect(env.sandbox.stripe.refunds.refundsOf(paid.pi)).toHaveLength(1);
    // It succeeds at Stripe, whose two events arrive out of order: `charge.refunded` first (the deposit
    // is not reversed: that refund is the withdrawal's), then `charge.refund.updated`, on which the
    // withdrawal is looked up and paid with the refund's id, before any reconciler pass.
    env.sandbox.deliverer.rules.holdBack = true;
    env.sandbox.stripe.refunds.settlePendingRefunds(paid.pi, 'succeeded');
    env.sandbox.deliverer.rules.holdBack = false;
    await env.sandbox.deliverer.flush();
    await env.sandbox.deliverer.idle();
    const [refund] = env.sandbox.stripe.refunds.refundsOf(paid.pi);
    expect(await state(paid.m.token, paid.id)).toMatchObject({ state: 'paid', paidReference: refund!.id });
    expect((await env.api.get(`/api/deposits/${paid.m.deposit.id}`, { token: paid.m.token })).body.state).toBe('paid');
    expect(env.sandbox.stripe.refunds.refundsOf(paid.pi)).toHaveLength(1);
    expect(await balanceOf(env, paid.m.token)).toBe(0);
    expect(await withdrawalLedger(paid.m.id)).toEqual([{ amount: -2_000, ref_type: 'withdrawal' }]);
    expect((await withdrawalMessagesOf(env.platform, paid.m.id)).map((x) => x.step)).toEqual(['requested', 'approved', 'paid']);

    // It fails at Stripe and the event never comes: the reconciler rejects it with Stripe's reason and
    // returns the held points once, however many passes run at once.
    const failed = await pendingRefund('Closed later');
    env.sandbox.deliverer.rules.holdBack = true;
    env.sandbox.stripe.refunds.settlePendingRefunds(failed.pi, 'failed');
    await Promise.all([settle(), settle(), settle()]);
    await settle();
    expect(await state(failed.m.token, failed.id)).toMatchObject({ state: 'rejected', reason: 'refund_failed: expired_or_canceled_card' });
    expect(await balanceOf(env, failed.m.token)).toBe(2_000);
    expect(await withdrawalLedger(failed.m.id)).toEqual([
      { amount: -2_000, ref_type: 'withdrawal' },
      { amount: 2_000, ref_type: 'withdrawal-return' },
    ]);
    // The late event changes nothing.
    env.sandbox.deliverer.rules.holdBack = false;
    await env.sandbox.deliverer.flush();
    await env.sandbox.deliverer.idle();
    expect(await balanceOf(env, failed.m.token)).toBe(2_000);
    const audit = await env.platform.db.selectFrom('audit_log').select(['action', 'actor_role']).where('target_type', '=', 'withdrawal').where('target_id', '=', paid.id).where('action', '=', 'withdrawal.paid').execute();
    expect(audit).toEqual([{ action: 'withdrawal.paid', actor_role: 'system' }]);
    await expectLedgerMatchesBalance(env.platform, Number(paid.m.id));
    await expectLedgerMatchesBalance(env.platform, Number(failed.m.id));
  });
});
