import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMacValue, ecpayDate } from '../../src/payments/ecpay/check-mac.ts';
import { SANDBOX_KEYS } from '../../src/payments/sandbox/server.ts';
import { walletService } from '../../src/wallet/service.ts';
import { MODES } from '../support/platform.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { eventually } from '../support/wait.ts';
import { balanceOf, browserPost, depositIn, depositServer, operatorToken, payByCard, readDeposit, startDeposit, submitForm, type Env } from './support.ts';

const signer = new Stripe('sk_test_signer');
const ecpayForm = (fields: Record<string, string>) => new URLSearchParams({ ...fields, CheckMacValue: checkMacValue(fields, SANDBOX_KEYS.ecpay.hashKey, SANDBOX_KEYS.ecpay.hashIv) }).toString();

describe.each(MODES)('deposits through the provider sandbox (%s)', (mode) => {
  let env: Env;
  let operator: string;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await depositServer(mode, { DEPOSIT_DAILY_MAX_POINTS: '200000' });
    operator = await operatorToken(env);
  });
  afterAll(() => env?.stop());

  const ledgerRowsFor = (depositId: string) =>
    env.platform.db.selectFrom('ledger').select(['amount']).where('ref_type', '=', 'deposit').where('ref_id', '=', depositId).execute();

  it('a card deposit through Stripe Checkout with a 3-D Secure challenge is credited once, at the posted rate', async () => {
    const m = await member('Card');
    const deposit = await startDeposit(env, m.token, { amount: 2_000, currency: 'USD', method: 'card' });
    expect(deposit).toMatchObject({ state: 'pending', provider: 'stripe', points: 2_000, sandbox: true });
    const paid = await payByCard(deposit.start, '4000002760003184');
    expect(paid.status).toBe(303);
    expect(paid.location).toContain(`/payment-result-h8?id=${deposit.id}`);
    const done = await depositIn(env, m.token, deposit.id, 'paid');
    expect(done.paidAt).not.toBeNull();
    expect(await balanceOf(env, m.token)).toBe(2_000);
    expect(await ledgerRowsFor(deposit.id)).toEqual([{ amount: 2_000 }]);
  });

  it('each Stripe event delivered four times at once still credits once', async () => {
    const m = await member('Duplicates');
    env.sandbox.deliverer.rules.duplicates = 3;
    try {
      const deposit = await startDeposit(env, m.token, { amount: 5_000, currency: 'CNY', method: 'alipay' });
      expect(deposit.points).toBe(700); // ¥50 × 14/100
      if (deposit.start?.kind !== 'redirect') throw new Error('Stripe opens a redirect');
      expect((await browserPost(`${deposit.start.url}/wallet`, { result: 'approve' })).status).toBe(303);
      await depositIn(env, m.token, deposit.id, 'paid');
      await env.sandbox.deliverer.idle();
      expect(await balanceOf(env, m.token)).toBe(700);
      expect(await ledgerRowsFor(deposit.id)).toHaveLength(1);
    } finally {
      env.sandbox.deliverer.rules.duplicates = 0;
    }
  });

  it('a declined card leaves the deposit open and credits nothing', async () => {
    const m = await member('Declined');
    const deposit = await startDeposit(env, m.token, { amount: 1_000, currency: 'USD', method: 'card' });
    const declined = await payByCard(deposit.start, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('declined');
    expect((await readDeposit(env, m.token, deposit.id)).state).toBe('pending');
    expect(await balanceOf(env, m.token)).toBe(0);
  });

  it('a store barcode is issued, paid two minutes later, and credited (points rounded down)', async () => {
    const m = await member('Barcode');
    const deposit = await startDeposit(env, m.token, { amount: 30_000, currency: 'TWD', method: 'cvs_barcode' });
    // NT$300 × 2/65 GP hundredths per cent = 923.07… → 923 (9.23 GP): never more than was paid for.
    expect(deposit.points).toBe(923);
    const page = await submitForm(deposit.start);
    expect(page.status).toBe(200);
    const issued = await eventually('the barcode', async () => {
      const d = await readDeposit(env, m.token, deposit.id);
      return d.barcode ? d : undefined;
    });
    expect(issued.barcode).toHaveLength(3);
    expect(issued.state).toBe('pending');
    expect(new Date(issued.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    env.clock.advance(2 * 60_000);
    const ref = deposit.start?.kind === 'form' ? deposit.start.fields.MerchantTradeNo : '';
    const store = await fetch(`${env.sandbox.url}/__sandbox/ecpay/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ merchantTradeNo: ref }) });
    expect(store.status).toBe(200);
    const done = await depositIn(env, m.token, deposit.id, 'paid');
    expect(new Date(done.paidAt!).getTime()).toBeGreaterThanOrEqual(new Date(done.createdAt).getTime() + 2 * 60_000);
    expect(await balanceOf(env, m.token)).toBe(923);

    // The same notification 20 times at once: every copy is acknowledged, the points move once.
    await env.sandbox.deliverer.idle();
    const result = env.sandbox.deliverer.log.filter((n) => n.provider === 'ecpay' && n.body.includes(ref!) && n.body.includes('RtnCode=1&')).at(-1)!;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => fetch(result.url, { method: 'POST', headers: result.headers, body: result.body }).then(async (r) => [r.status, await r.text()])),
    );
    expect(replies.every(([status, text]) => status === 200 && text === '1|OK')).toBe(true);
    expect(await balanceOf(env, m.token)).toBe(923);
    expect(await ledgerRowsFor(deposit.id)).toHaveLength(1);

    // Tampered: the amount changed without the key: refused, nothing changes.
    const tampered = await fetch(result.url, { method: 'POST', headers: result.headers, body: result.body.replace('TradeAmt=300', 'TradeAmt=3000') });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('CheckMacValue');

    // Out of order: a "failed" result after the "paid" one leaves it paid.
    const failed = await fetch(result.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: ecpayForm({ MerchantID: '3002607', MerchantTradeNo: ref!, RtnCode: '10100248', RtnMsg: 'failed', TradeNo: 'X1', TradeAmt: '300', PaymentDate: ecpayDate(new Date()), PaymentType: 'BARCODE_BARCODE', SimulatePaid: '0' }),
    });
    expect(await failed.text()).toBe('1|OK');
    expect((await readDeposit(env, m.token, deposit.id)).state).toBe('paid');
    expect(await balanceOf(env, m.token)).toBe(923);
  });

  it('a notification for another amount is held for the back office, never credited', async () => {
    const m = await member('Mismatch');
    const deposit = await startDeposit(env, m.token, { amount: 50_000, currency: 'TWD', method: 'cvs_barcode' });
    const ref = deposit.start?.kind === 'form' ? deposit.start.fields.MerchantTradeNo! : '';
    const res = await fetch(`${env.url}/api/payments/ecpay/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: ecpayForm({ MerchantID: '3002607', MerchantTradeNo: ref, RtnCode: '1', RtnMsg: '交易成功', TradeNo: 'T-MISMATCH', TradeAmt: '5', PaymentDate: ecpayDate(new Date()), PaymentType: 'BARCODE_BARCODE', SimulatePaid: '0' }),
    });
    expect(await res.text()).toBe('1|OK');
    expect((await readDeposit(env, m.token, deposit.id)).state).toBe('held');
    expect(await balanceOf(env, m.token)).toBe(0);
    const held = await env.api.get('/api/admin/deposits?state=held', { token: operator });
    expect(held.status).toBe(200);
    expect(held.body.items).toContainEqual(expect.objectContaining({ id: deposit.id, problem: { reason: 'amount_mismatch', reported: { amount: 500, currency: 'TWD' } } }));
    expect((await env.api.get('/api/admin/deposits?state=held', { token: m.token })).status).toBe(403);
  });

  it('Stripe events: a stale signature is refused, an "expired" after "paid" changes nothing', async () => {
    const m = await member('Stale');
    const deposit = await startDeposit(env, m.token, { amount: 1_500, currency: 'USD', method: 'card' });
    await payByCard(deposit.start);
    await depositIn(env, m.token, deposit.id, 'paid');
    const session = [...env.sandbox.stripe.sessions.values()].find((s) => s.client_reference_id && s.metadata.depositId === deposit.id)!;
    const send = (type: string, timestamp: number) => {
      const payload = JSON.stringify({ id: `evt_${type}_${timestamp}`, object: 'event', type, data: { object: { ...session, status: 'expired' } } });
      return fetch(`${env.url}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: SANDBOX_KEYS.stripe.webhookSecret, timestamp }) },
        body: payload,
      });
    };
    const nowSeconds = Math.floor(env.clock.now().getTime() / 1000);
    expect((await send('checkout.session.expired', nowSeconds - 301)).status).toBe(400);
    expect((await send('checkout.session.expired', nowSeconds)).status).toBe(200);
    expect((await readDeposit(env, m.token, deposit.id)).state).toBe('paid');
    expect(await balanceOf(env, m.token)).toBe(1_500);
  });

  it('a refund after the points were spent leaves a debt that blocks ordering until it is settled', async () => {
    const m = await member('Refund');
    const deposit = await startDeposit(env, m.token, { amount: 2_000, currency: 'USD', method: 'card' });
    await payByCard(deposit.start);
    await depositIn(env, m.token, deposit.id, 'paid');
    // 15 GP spent elsewhere.
    await env.platform.db.transaction().execute((trx) => walletService.debit(trx, { userId: Number(m.id), account: 'real', kind: 'adjustment', amount: 1_500, refType: 'test-spend', refId: deposit.id }));

    const refunded = await env.api.post(`/api/admin/deposits/${deposit.id}/refund`, { token: operator });
    expect(refunded.status).toBe(200);
    expect(refunded.body.state).toBe('refunded');
    expect(await balanceOf(env, m.token)).toBe(0);
    expect((await env.api.get('/api/deposits/debt', { token: m.token })).body.outstanding).toBe(1_500);
    // The provider's own charge.refunded event arrives too: nothing more is taken.
    await env.sandbox.deliverer.idle();
    expect((await env.api.get('/api/deposits/debt', { token: m.token })).body.outstanding).toBe(1_500);

    await grantPoints(env.platform, Number(m.id), 1_000);
    await expect(
      env.platform.db.transaction().execute((trx) => walletService.debit(trx, { userId: Number(m.id), account: 'real', kind: 'order', amount: 100, refType: 'order', refId: `blocked-${deposit.id}` })),
    ).rejects.toMatchObject({ code: 'wallet_debt' });

    const partly = await env.api.post('/api/deposits/debt/settle', { token: m.token });
    expect(partly.body.outstanding).toBe(500);
    await grantPoints(env.platform, Number(m.id), 800);
    expect((await env.api.post('/api/deposits/debt/settle', { token: m.token })).body.outstanding).toBe(0);
    expect(await balanceOf(env, m.token)).toBe(300);
    await env.platform.db.transaction().execute((trx) => walletService.debit(trx, { userId: Number(m.id), account: 'real', kind: 'order', amount: 100, refType: 'order', refId: `allowed-${deposit.id}` }));
  });

  it('a new deposit first pays what a refunded one left owing', async () => {
    const m = await member('Repay');
    const first = await startDeposit(env, m.token, { amount: 1_000, currency: 'USD', method: 'card' });
    await payByCard(first.start);
    await depositIn(env, m.token, first.id, 'paid');
    await env.platform.db.transaction().execute((trx) => walletService.debit(trx, { userId: Number(m.id), account: 'real', kind: 'adjustment', amount: 1_000, refType: 'test-spend', refId: first.id }));
    await env.api.post(`/api/admin/deposits/${first.id}/refund`, { token: operator });
    expect((await env.api.get('/api/deposits/debt', { token: m.token })).body.outstanding).toBe(1_000);
    const second = await startDeposit(env, m.token, { amount: 2_500, currency: 'USD', method: 'card' });
    await payByCard(second.start);
    await depositIn(env, m.token, second.id, 'paid');
    expect(await balanceOf(env, m.token)).toBe(1_500);
    expect((await env.api.get('/api/deposits/debt', { token: m.token })).body.outstanding).toBe(0);
  });

  it('a chargeback (Stripe dispute) takes the points back', async () => {
    const m = await member('Dispute');
    const deposit = await startDeposit(env, m.token, { amount: 1_000, currency: 'USD', method: 'card' });
    await payByCard(deposit.start);
    await depositIn(env, m.token, deposit.id, 'paid');
    const pi = [...env.sandbox.stripe.sessions.values()].find((s) => s.metadata.depositId === deposit.id)!.payment_intent!;
    expect(env.sandbox.stripe.dispute(pi)).toBe(true);
    await depositIn(env, m.token, deposit.id, 'refunded');
    expect(await balanceOf(env, m.token)).toBe(0);
  });

  it('the reconciler credits a JKO payment whose notification never came; the late notification is then a no-op', async () => {
    const m = await member('Jko');
    env.sandbox.deliverer.rules.holdBack = true;
    try {
      const deposit = await startDeposit(env, m.token, { amount: 60_000, currency: 'TWD', method: 'jko' });
      expect(deposit.start?.kind).toBe('redirect');
      const url = deposit.start?.kind === 'redirect' ? deposit.start.url : '';
      const paid = await browserPost(url, { action: 'pay' });
      expect(paid.location).toContain(`/payment-result-h8?id=${deposit.id}`);
      expect((await readDeposit(env, m.token, deposit.id)).state).toBe('pending');
      env.clock.advance(61_000);
      await env.services.deposits.reconcile();
      await depositIn(env, m.token, deposit.id, 'paid');
      expect(await balanceOf(env, m.token)).toBe(1_846);
      env.sandbox.deliverer.rules.holdBack = false;
      await env.sandbox.deliverer.flush();
      expect(await balanceOf(env, m.token)).toBe(1_846);
      expect(await ledgerRowsFor(deposit.id)).toHaveLength(1);
    } finally {
      env.sandbox.deliverer.rules.holdBack = false;
    }
  });

  it('an unpaid barcode expires once the reconciler finds it past its expiry', async () => {
    const m = await member('Expiry');
    const deposit = await startDeposit(env, m.token, { amount: 15_000, currency: 'TWD', method: 'cvs_barcode' });
    await submitForm(deposit.start);
    const issued = await eventually('the barcode', async () => (await readDeposit(env, m.token, deposit.id)).barcode ?? undefined);
    expect(issued).toHaveLength(3);
    env.clock.advance(8 * 86_400_000);
    await env.services.deposits.reconcile();
    // Read from the books: eight days on, the member's session has expired too.
    const row = await env.platform.db.selectFrom('deposits').select(['state']).where('id', '=', Number(deposit.id)).executeTakeFirstOrThrow();
    expect(row.state).toBe('expired');
  });

  it('refuses amounts outside the limits, unknown methods, and another member’s deposit', async () => {
    const m = await member('Limits');
    const other = await member('Other');
    const post = (json: unknown) => env.api.post('/api/deposits', { token: m.token, json, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect((await post({ amount: 100, currency: 'USD', method: 'card' })).body.error).toMatchObject({ code: 'deposit_limit', details: { problem: 'below_minimum' } });
    expect((await post({ amount: 30_050, currency: 'TWD', method: 'jko' })).body.error).toMatchObject({ code: 'deposit_limit', details: { problem: 'whole_units' } });
    expect((await post({ amount: 2_000, currency: 'TWD', method: 'card' })).body.error).toMatchObject({ code: 'validation_failed', fields: { currency: 'invalid' } });
    expect((await post({ amount: 2_000, currency: 'USD', method: 'bitcoin' })).status).toBe(422);
    expect((await post({ amount: 20.5, currency: 'USD', method: 'card' })).status).toBe(422);
    expect((await env.api.post('/api/deposits', { token: m.token, json: { amount: 2_000, currency: 'USD', method: 'card' } })).body.error.code).toBe('idempotency_key_required');
    const mine = await startDeposit(env, m.token, { amount: 2_000, currency: 'USD', method: 'card' });
    expect((await env.api.get(`/api/deposits/${mine.id}`, { token: other.token })).status).toBe(404);
  });

  it('the daily limit counts open and paid deposits; a retried create answers the same deposit', async () => {
    const m = await member('Daily');
    const key = crypto.randomUUID();
    const body = { amount: 100_000, currency: 'USD', method: 'card' };
    const [a, b] = await Promise.all([
      env.api.post('/api/deposits', { token: m.token, json: body, headers: { 'Idempotency-Key': key } }),
      env.api.post('/api/deposits', { token: m.token, json: body, headers: { 'Idempotency-Key': key } }),
    ]);
    expect(a.body.deposit.id).toBe(b.body.deposit.id);
    await startDeposit(env, m.token, body);
    const third = await env.api.post('/api/deposits', { token: m.token, json: { ...body, amount: 500 }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(third.body.error).toMatchObject({ code: 'deposit_limit', details: { problem: 'daily_limit', remaining: 0 } });
    const options = await env.api.get('/api/deposits/options', { token: m.token });
    expect(options.body.dailyRemaining).toBe(0);
    expect(options.body.sandbox).toBe(true);
  });
});
