import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../http/api-client.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from '../orders/support.ts';
import { balanceOf, depositServer, type Env } from '../payments/support.ts';

const HOUR = 3600_000;

/**
 * Issue 32 item 1 (RTS 12): the member's deposit, spend and loss limits. A lower limit applies at
 * once; a raise or removal only after 24 hours and a second confirmation; past a limit a deposit,
 * a PIN or an order is refused with `limit_reached` and nothing is charged, even 20 at once.
 */
describe('responsible play: limits', () => {
  let env: Env;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await depositServer('embedded', { ...SLOW_CAB01, DEPOSIT_DAILY_MAX_POINTS: '100000000', AGE_UNVERIFIED_DEPOSIT_MAX_POINTS: '100000000', PIN_MAX_FAILURES: '100' });
  });
  afterAll(() => env?.stop());

  const put = (token: string, json: unknown) => call(env.url, 'PUT', '/api/me/limits', { token, json });
  const pins = async (count: number, points: number) => (await env.services.pins.createBatch({ count, points })).codes;
  const redeem = (token: string, code: string) => env.api.post('/api/pins/redeem', { token, json: { code } });
  const deposit = (token: string, amount = 1_000) => env.api.post('/api/deposits', { token, json: { amount, currency: 'USD', method: 'card' }, headers: { 'Idempotency-Key': crypto.randomUUID() } });

  // The orders first: the tests after them move the clock a day on, past the keno calendar seeded.
  it('20 parallel orders never pass the spend limit, and a refused order charges nothing', async () => {
    const m = await member('Orders');
    await grantPoints(env.platform, Number(m.id), 100_000);
    const { issue } = await openIssue(env.platform, 8_000);
    const probe = await env.api.post('/api/orders/quote', { token: m.token, json: threeUnits(issue) });
    const cost = probe.body.total as number;
    expect(cost, JSON.stringify(probe.body)).toBeGreaterThan(0);
    await put(m.token, { spend: { day: cost * 5 } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => env.api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 422 && r.body.error.code === 'limit_reached' && r.body.error.details.kind === 'spend')).toBe(true);
    expect(await balanceOf(env, m.token)).toBe(100_000 - cost * 5);
    const orders = await env.platform.db.selectFrom('orders').select('id').where('user_id', '=', Number(m.id)).execute();
    expect(orders).toHaveLength(5);
  });

  it('a loss limit counts stakes less prizes', async () => {
    const m = await member('Loss');
    await grantPoints(env.platform, Number(m.id), 100_000);
    const { issue } = await openIssue(env.platform, 8_000);
    const first = await env.api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
    expect(first.status).toBe(201);
    const cost = first.body.order.pointsSpent as number;
    await put(m.token, { loss: { day: cost } });
    const second = await env.api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
    expect(second.body.error).toMatchObject({ code: 'limit_reached', details: { kind: 'loss', period: 'day', limit: cost, used: cost } });
    // A prize credited in the window makes room again (the first order won its stake back).
    await env.platform.db.updateTable('orders').set({ prize: cost, settled_at: env.clock.now() }).where('id', '=', first.body.order.id).execute();
    expect((await env.api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } })).status).toBe(201);
  });

  it('a lower limit applies at once; a raise waits 24 hours and the member confirming, the old one holding meanwhile', async () => {
    const m = await member('Limits');
    const set = await put(m.token, { deposit: { day: 5_000 } });
    expect(set.status).toBe(200);
    expect(set.body.changes).toEqual([expect.objectContaining({ kind: 'deposit', period: 'day', amount: 5_000, applied: 'now' })]);

    const raised = await put(m.token, { deposit: { day: 20_000 } });
    const effectiveAt = new Date(raised.body.changes[0].effectiveAt).getTime();
    expect(raised.body.changes[0]).toMatchObject({ applied: 'pending', amount: 20_000 });
    expect(effectiveAt - env.clock.now().getTime()).toBeGreaterThan(23.9 * HOUR);
    expect(raised.body.limits.deposit.day).toMatchObject({ amount: 5_000, pending: { amount: 20_000 } });

    // Too early: the old limit holds, and confirming is refused.
    const early = await env.api.post('/api/me/limits/confirm', { token: m.token });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'cooling_off', details: { effectiveAt: new Date(effectiveAt).toISOString() } });
    const [a, b] = await pins(2, 4_000);
    expect((await redeem(m.token, a!)).status).toBe(200);
    const refused = await redeem(m.token, b!);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'limit_reached', details: { kind: 'deposit', period: 'day', limit: 5_000, used: 4_000, remaining: 1_000 } });
    expect(refused.body.error.details.resetsAt).toEqual(expect.any(String));
    expect(await balanceOf(env, m.token)).toBe(4_000);

    // 24 hours on, the raise still waits for the member's confirmation.
    env.clock.advance(24 * HOUR + 1_000);
    expect((await env.api.get('/api/me/limits', { token: m.token })).body.limits.deposit.day.amount).toBe(5_000);
    const confirmed = await env.api.post('/api/me/limits/confirm', { token: m.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.limits.deposit.day).toMatchObject({ amount: 20_000, pending: null });
  });

  it('a removal is a raise: pending, and nothing to confirm answers not_found', async () => {
    const m = await member('Removal');
    await put(m.token, { spend: { week: 10_000 } });
    const removed = await put(m.token, {});
    expect(removed.body.changes).toEqual([expect.objectContaining({ kind: 'spend', period: 'week', amount: null, applied: 'pending' })]);
    expect(removed.body.limits.spend.week.amount).toBe(10_000);
    // Asking for the limit in force again cancels the pending removal.
    const kept = await put(m.token, { spend: { week: 10_000 } });
    expect(kept.body.limits.spend.week.pending).toBeNull();
    expect((await env.api.post('/api/me/limits/confirm', { token: m.token })).body.error.code).toBe('not_found');
  });

  it('a PIN past a deposit limit credits nothing; the rolling day ends and it counts again', async () => {
    const m = await member('Rolling');
    await put(m.token, { deposit: { day: 3_000, week: 5_000 } });
    const codes = await pins(3, 2_500);
    expect((await redeem(m.token, codes[0]!)).status).toBe(200);
    expect((await redeem(m.token, codes[1]!)).body.error).toMatchObject({ code: 'limit_reached', details: { period: 'day' } });
    env.clock.advance(24 * HOUR + 1_000);
    // The day's window is past, the week's is not: 2,500 + 2,500 = 5,000 fits the week exactly.
    expect((await redeem(m.token, codes[1]!)).status).toBe(200);
    expect((await redeem(m.token, codes[2]!)).body.error).toMatchObject({ code: 'limit_reached', details: { period: 'week', limit: 5_000, used: 5_000 } });
    expect(await balanceOf(env, m.token)).toBe(5_000);
    const redeemedBy = await env.platform.db.selectFrom('pins').select('redeemed_by').where('code_hash', 'is not', null).where('redeemed_by', '=', Number(m.id)).execute();
    expect(redeemedBy).toHaveLength(2);
  });

  it('20 parallel deposits never pass the deposit limit', async () => {
    const m = await member('Deposits');
    await put(m.token, { deposit: { day: 5_000 } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deposit(m.token, 1_000)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 422 && r.body.error.code === 'limit_reached')).toBe(true);
    const rows = await env.platform.db.selectFrom('deposits').select('points').where('user_id', '=', Number(m.id)).execute();
    expect(rows.reduce((sum, r) => sum + r.points, 0)).toBe(5_000);
  });

  it('20 parallel PIN redemptions never pass the deposit limit', async () => {
    const m = await member('PinRace');
    await put(m.token, { deposit: { month: 3_000 } });
    const codes = await pins(20, 1_000);
    const answers = await Promise.all(codes.map((code) => redeem(m.token, code)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 422 && r.body.error.code === 'limit_reached')).toHaveLength(17);
    expect(await balanceOf(env, m.token)).toBe(3_000);
  });

  it('refuses bad input, guests and staff sessions', async () => {
    const m = await member('Input');
    expect((await put(m.token, { deposit: { day: -1 } })).body.error).toMatchObject({ code: 'validation_failed', fields: { 'deposit.day': 'invalid' } });
    expect((await put(m.token, { deposit: { day: 10.5 } })).status).toBe(422);
    expect((await put(m.token, { bets: { day: 100 } })).status).toBe(422);
    expect((await call(env.url, 'PUT', '/api/me/limits', { json: { deposit: { day: 100 } } })).status).toBe(401);
    await env.services.auth.ensureOperator();
    const staff = (await env.api.post('/api/auth/login', { json: { email: 'desk@example.com', password: 'desk-password-1' } })).body.token as string;
    expect((await env.api.get('/api/me/limits', { token: staff })).status).toBe(403);
  });
});
