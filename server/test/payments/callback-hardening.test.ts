import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMacValue, ecpayDate } from '../../src/payments/ecpay/check-mac.ts';
import { ECPAY_TEST_CARD } from '../../src/payments/sandbox/ecpay-sandbox.ts';
import { SANDBOX_KEYS } from '../../src/payments/sandbox/server.ts';
import { membersWithLedgerCheck } from '../support/members.ts';
import { balanceOf, browserPost, depositIn, depositServer, operatorToken, readDeposit, startDeposit, submitForm, type Env } from './support.ts';

const signed = (fields: Record<string, string>) => new URLSearchParams({ ...fields, CheckMacValue: checkMacValue(fields, SANDBOX_KEYS.ecpay.hashKey, SANDBOX_KEYS.ecpay.hashIv) }).toString();

/** ECPay's ReturnURL notification of a paid trade, signed with the sandbox merchant's keys. */
const paidNotice = (ref: string, tradeNo: string, tradeAmt: string, extra: Record<string, string> = {}) =>
  signed({ MerchantID: SANDBOX_KEYS.ecpay.merchantId, MerchantTradeNo: ref, RtnCode: '1', RtnMsg: '交易成功', TradeNo: tradeNo, TradeAmt: tradeAmt, PaymentDate: ecpayDate(new Date()), PaymentType: 'Credit_CreditCard', SimulatePaid: '0', ...extra });

/**
 * Issue 28 items 4 and 5: simultaneous notifications for one deposit, a NUL inside a signed
 * callback, amounts that are not plain decimal digits, and refunds asked for twice at once.
 */
describe('provider callbacks under pressure and with odd bytes', () => {
  let env: Env;
  let operator: string;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await depositServer('embedded');
    operator = await operatorToken(env);
  });
  afterAll(() => env?.stop());

  const post = async (channel: string, body: string) => {
    const started = Date.now();
    const res = await fetch(`${env.url}/api/payments/ecpay/${channel}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal: AbortSignal.timeout(30_000) });
    return { status: res.status, text: await res.text(), ms: Date.now() - started };
  };
  const cardDeposit = async (name: string, amount = 30_000) => {
    const m = await member(name);
    const deposit = await startDeposit(env, m.token, { amount, currency: 'TWD', method: 'tw_card' });
    const ref = deposit.start?.kind === 'form' ? deposit.start.fields.MerchantTradeNo! : '';
    return { m, deposit, ref };
  };
  const notificationsOf = (depositId: number) => env.platform.db.selectFrom('deposit_notifications').selectAll().where('deposit_id', '=', depositId).execute();

  it('50 signed notifications for one deposit at once, each with its own TradeNo: every one answered 1|OK, credited once', async () => {
    const { m, deposit, ref } = await cardDeposit('Burst');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post('result', paidNotice(ref, `T${String(i).padStart(6, '0')}`, '300'))));
    expect(answers.map((a) => `${a.status} ${a.text}`)).toEqual(Array(50).fill('200 1|OK'));
    expect((await readDeposit(env, m.token, deposit.id)).state).toBe('paid');
    expect(await balanceOf(env, m.token)).toBe(deposit.points);
    expect(await env.platform.db.selectFrom('ledger').select('amount').where('ref_type', '=', 'deposit').where('ref_id', '=', deposit.id).execute()).toEqual([{ amount: deposit.points }]);
    // Each was a different message: all fifty are on record.
    expect(await notificationsOf(Number(deposit.id))).toHaveLength(50);
  });

  it('a signed notification with a NUL in a field is recorded and answered 1|OK, never 500', async () => {
    const { m, deposit, ref } = await cardDeposit('Nul');
    const answer = await post('result', paidNotice(ref, 'TNUL0001', '300', { RtnMsg: 'paid\u0000then' }));
    expect(answer).toMatchObject({ status: 200, text: '1|OK' });
    expect((await readDeposit(env, m.token, deposit.id)).state).toBe('paid');
    const [recorded] = await notificationsOf(Number(deposit.id));
    // What arrived is kept byte for byte (JSON cannot hold a NUL, so the raw body is kept beside it).
    expect(Buffer.from((recorded!.body as { raw: string }).raw, 'base64').toString('utf8')).toContain('RtnMsg=paid%00then');
    // A NUL in the trade number itself (which names no deposit of ours) is recorded too, against no deposit.
    const stray = await post('result', paidNotice(`${ref}\u0000`, 'TNUL0002', '300'));
    expect(stray).toMatchObject({ status: 200, text: '1|OK' });
    const orphans = await env.platform.db.selectFrom('deposit_notifications').select('kind').where('deposit_id', 'is', null).where('dedupe_key', 'like', '%TNUL0002%').execute();
    expect(orphans).toHaveLength(1);
    expect(await balanceOf(env, m.token)).toBe(deposit.points);
  });

  it('an amount that is not plain decimal digits (0x12C, 3e2, " 300") is never read as a number: the deposit is held, nothing credited', async () => {
    for (const [i, amount] of ['0x12C', '3e2', ' 300', '300.5'].entries()) {
      const { m, deposit, ref } = await cardDeposit(`Hex${i}`);
      const answer = await post('result', paidNotice(ref, `THEX000${i}`, amount));
      expect(answer).toMatchObject({ status: 200, text: '1|OK' });
      const held = await readDeposit(env, m.token, deposit.id);
      expect(held.state, `TradeAmt ${JSON.stringify(amount)}`).toBe('held');
      expect(await balanceOf(env, m.token)).toBe(0);
      const [row] = (await env.api.get('/api/admin/deposits?state=held&limit=500', { token: operator })).body.items.filter((d: any) => d.id === deposit.id);
      expect(row.problem).toMatchObject({ reason: 'amount_unreadable', reported: { amount: null, text: amount, currency: 'TWD' } });
      // Crediting it anyway needs an amount to credit: refused, still held.
      const supervisorCredit = await env.api.post(`/api/admin/deposits/${deposit.id}/credit`, { token: operator, json: { reason: 'try' } });
      expect(supervisorCredit.status).toBeGreaterThanOrEqual(400);
      expect((await readDeposit(env, m.token, deposit.id)).state).toBe('held');
    }
  });

  it('staff never credit nor refund a held deposit of their own member account', async () => {
    const me = (await env.api.get('/api/me', { token: operator })).body.user;
    await env.services.staff.setRole(null, Number(me.id), 'supervisor');
    const supervisor = (await env.api.post('/api/auth/login', { json: { email: 'desk@example.com', password: 'desk-password-1' } })).body.token as string;
    try {
      const deposit = await startDeposit(env, supervisor, { amount: 30_000, currency: 'TWD', method: 'tw_card' });
      const ref = deposit.start?.kind === 'form' ? deposit.start.fields.MerchantTradeNo! : '';
      // The provider reports NT$3,000 for a NT$300 deposit: held for the back office.
      expect(await post('result', paidNotice(ref, 'TOWN0001', '3000'))).toMatchObject({ text: '1|OK' });
      expect((await readDeposit(env, supervisor, deposit.id)).state).toBe('held');
      for (const action of ['credit', 'refund']) {
        const res = await env.api.post(`/api/admin/deposits/${deposit.id}/${action}`, { token: supervisor, json: { reason: 'mine' } });
        expect(res, action).toMatchObject({ status: 403, body: { error: { code: 'own_account' } } });
      }
      expect((await readDeposit(env, supervisor, deposit.id)).state).toBe('held');
      expect(await balanceOf(env, supervisor)).toBe(0);
    } finally {
      await env.services.staff.setRole(null, Number(me.id), 'operator');
      operator = (await env.api.post('/api/auth/login', { json: { email: 'desk@example.com', password: 'desk-password-1' } })).body.token;
    }
  });

  it('two refunds of one ECPay card deposit at once reach ECPay once, under one refund reference', async () => {
    const { m, deposit, ref } = await cardDeposit('Refund');
    // The member pays on ECPay's (sandbox) card page; its notification credits the deposit.
    expect((await submitForm(deposit.start)).status).toBe(200);
    expect((await browserPost(`${env.sandbox.url}/ecpay/sandbox/card/${ref}`, { number: ECPAY_TEST_CARD, expiry: '12/34', cvc: '123' })).status).toBe(200);
    await depositIn(env, m.token, deposit.id, 'paid');
    const calls: string[] = [];
    const before = globalThis.fetch;
    globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      if (String(input).endsWith('/CreditDetail/DoAction')) {
        calls.push(String(init?.body ?? ''));
        await new Promise((resolve) => setTimeout(resolve, 300)); // ECPay takes its time: the other clicks arrive meanwhile
      }
      return before(input, init);
    }) as typeof fetch;
    try {
      const answers = await Promise.all([1, 2, 3].map(() => env.api.post(`/api/admin/deposits/${deposit.id}/refund`, { token: operator })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.body.error.code)).toEqual(['refund_pending', 'refund_pending']);
    } finally {
      globalThis.fetch = before;
    }
    expect(calls).toHaveLength(1);
    expect((await readDeposit(env, m.token, deposit.id)).state).toBe('refunded');
    const refunded = await env.platform.db.selectFrom('deposits').select(['refund_ref']).where('id', '=', Number(deposit.id)).executeTakeFirstOrThrow();
    expect(refunded.refund_ref).toBe(`R${ref}`);
    expect(await balanceOf(env, m.token)).toBe(0);
  });
});
