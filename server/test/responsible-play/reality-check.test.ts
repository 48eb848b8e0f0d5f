import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletService } from '../../src/wallet/service.ts';
import { call } from '../http/api-client.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from '../orders/support.ts';
import { depositServer, type Env } from '../payments/support.ts';

const MINUTE = 60_000;

/**
 * Issue 32 item 3 (RTS 13): a member chooses a reality-check interval; when it has passed since
 * sign-in (or the last answer) the session's play state says a check is due, with the time since
 * sign-in and the session's net result, and the server refuses orders, deposits and PINs
 * (`reality_check_due`) from every tab and client of the session until the member answers.
 */
describe('responsible play: reality checks', () => {
  let env: Env;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await depositServer('embedded', { ...SLOW_CAB01 });
  });
  afterAll(() => env?.stop());

  const order = (token: string, issue: string) => env.api.post('/api/orders', { token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
  const deposit = (token: string) => env.api.post('/api/deposits', { token, json: { amount: 1_000, currency: 'USD', method: 'card' }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
  const setCheck = (token: string, json: unknown) => call(env.url, 'PUT', '/api/me/reality-check', { token, json });
  const check = async (token: string) => (await env.api.get('/api/me/play-state', { token })).body.realityCheck;
  /** A prize settled now, credited as the settlement credits it (ids as the HTTP answers give them). */
  const creditPrize = async (memberId: string, amount: number, orderIdText: string) => {
    const [userId, orderId] = [Number(memberId), Number(orderIdText)];
    await env.platform.db.updateTable('orders').set({ prize: amount, settled_at: env.clock.now() }).where('id', '=', orderId).execute();
    await env.platform.db.transaction().execute((trx) => walletService.credit(trx, { userId, account: 'real', kind: 'prize', amount, refType: 'order', refId: orderId }));
  };

  it('only the listed intervals are accepted, and only members set them', async () => {
    const m = await member('Intervals');
    for (const minutes of [0, 10, 15.5, -15, '15', 100_000]) {
      const bad = await setCheck(m.token, { minutes });
      expect(bad.status, String(minutes)).toBe(422);
      expect(bad.body.error.code).toBe('validation_failed');
    }
    expect((await setCheck(m.token, {})).status).toBe(422);
    expect((await call(env.url, 'PUT', '/api/me/reality-check', { json: { minutes: 15 } })).status).toBe(401);
    const set = await setCheck(m.token, { minutes: 30 });
    expect(set.status).toBe(200);
    expect(set.body.realityCheck).toMatchObject({ minutes: 30, due: false });
    const off = await setCheck(m.token, { minutes: null });
    expect(off.body.realityCheck).toMatchObject({ minutes: null, nextCheckAt: null, due: false });
  });

  it('at the interval orders, deposits and PINs wait for an answer on the server (any tab or client of the session); the net result is the session’s own', async () => {
    const m = await member('Reality');
    await grantPoints(env.platform, Number(m.id), 50_000);
    const { issue: firstIssue } = await openIssue(env.platform, 8_000);
    // Play before this sign-in: not the new session's.
    const earlier = await order(m.token, firstIssue);
    expect(earlier.status).toBe(201);
    await creditPrize(m.id, 1_000, earlier.body.order.id);
    env.clock.advance(1_000);

    const login = await env.api.post('/api/auth/login', { json: { email: m.email, password: m.password } });
    const token = login.body.token as string;
    const signedInAt = env.clock.now().getTime();
    const set = await setCheck(token, { minutes: 15 });
    expect(set.body.realityCheck).toMatchObject({ minutes: 15, due: false, stakes: 0, prizes: 0, net: 0 });
    const nextAt = Date.parse(set.body.realityCheck.nextCheckAt);
    expect(nextAt - signedInAt).toBeGreaterThanOrEqual(15 * MINUTE - 1_000);
    expect(nextAt - signedInAt).toBeLessThanOrEqual(15 * MINUTE + 1_000);

    const { issue } = await openIssue(env.platform, 8_000);
    const played = await order(token, issue);
    expect(played.status).toBe(201);
    const stake = played.body.order.pointsSpent as number;
    await creditPrize(m.id, 250, played.body.order.id);

    // 15 minutes on: due, with the session's figures (the earlier order and prize are not in them).
    env.clock.advanceTo(nextAt + 1_000);
    const due = await check(token);
    expect(due).toMatchObject({ minutes: 15, due: true, stakes: stake, prizes: 250, net: stake - 250 });
    expect(Date.parse(due.sessionStartedAt)).toBeLessThanOrEqual(signedInAt);

    const { issue: later } = await openIssue(env.platform, 8_000);
    const refused = await order(token, later);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'reality_check_due', details: { dueAt: new Date(nextAt).toISOString() } });
    expect((await deposit(token)).body.error.code).toBe('reality_check_due');
    const [code] = (await env.services.pins.createBatch({ count: 1, points: 500 })).codes;
    expect((await env.api.post('/api/pins/redeem', { token, json: { code } })).body.error.code).toBe('reality_check_due');
    const orders = await env.platform.db.selectFrom('orders').select('id').where('user_id', '=', Number(m.id)).execute();
    expect(orders).toHaveLength(2);

    // The answer, from this session, lets play go on; the next check is one interval on.
    const answered = await env.api.post('/api/me/reality-check/ack', { token });
    expect(answered.status).toBe(200);
    expect(answered.body.realityCheck.due).toBe(false);
    expect(Date.parse(answered.body.realityCheck.nextCheckAt) - env.clock.now().getTime()).toBeGreaterThan(14 * MINUTE);
    expect((await order(token, later)).status).toBe(201);
    expect((await env.api.post('/api/pins/redeem', { token, json: { code } })).status).toBe(200);
  });

  it('an answer before the check is due does not push the next one away', async () => {
    const m = await member('Early');
    await setCheck(m.token, { minutes: 15 });
    const first = await check(m.token);
    env.clock.advance(10 * MINUTE);
    const early = await env.api.post('/api/me/reality-check/ack', { token: m.token });
    expect(early.body.realityCheck).toMatchObject({ due: false, nextCheckAt: first.nextCheckAt });
    // Saving the same interval again does not push it away either.
    expect((await setCheck(m.token, { minutes: 15 })).body.realityCheck.nextCheckAt).toBe(first.nextCheckAt);
    env.clock.advance(6 * MINUTE);
    expect((await deposit(m.token)).body.error.code).toBe('reality_check_due');
    // Nor does a new interval while the check is due: it must be answered first.
    const changed = await setCheck(m.token, { minutes: 120 });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('reality_check_due');
    expect((await check(m.token)).due).toBe(true);
  });

  it('a member without a reality check is never stopped, however long the session', async () => {
    const m = await member('NoCheck');
    env.clock.advance(25 * MINUTE);
    expect(await check(m.token)).toMatchObject({ minutes: null, due: false });
    expect((await deposit(m.token)).status).toBe(201);
  });
});
