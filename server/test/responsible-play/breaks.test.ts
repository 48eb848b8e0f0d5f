import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../http/api-client.ts';
import { grantPoints, membersWithLedgerCheck, signUp } from '../support/members.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from '../orders/support.ts';
import { balanceOf, depositServer, type Env } from '../payments/support.ts';
import { eventually } from '../support/wait.ts';

const DAY = 24 * 3600_000;

/**
 * Issue 32 items 2 and 4 (LCCP 3.5, age): time-outs and self-exclusion take effect at once, cannot
 * be lifted early, refuse deposits, PINs and orders while they run but leave sign-in, the balance
 * and orders already placed alone; a self-exclusion ends only when the member asks to return and
 * confirms a day later. Sign-up refuses the under-18s; a member without a birth date cannot play.
 */
describe('responsible play: breaks, self-exclusion and age', () => {
  let env: Env;
  const member = membersWithLedgerCheck(() => env);
  beforeAll(async () => {
    env = await depositServer('embedded', { ...SLOW_CAB01 });
  });
  afterAll(() => env?.stop());

  const order = (token: string, issue: string) => env.api.post('/api/orders', { token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
  const deposit = (token: string) => env.api.post('/api/deposits', { token, json: { amount: 1_000, currency: 'USD', method: 'card' }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
  /** A new session (the clock moved past the old one's idle end). */
  const signIn = async (m: { email: string; password: string }) => (await env.api.post('/api/auth/login', { json: { email: m.email, password: m.password } })).body.token as string;
  const state = async (token: string) => (await env.api.get('/api/me/play-state', { token })).body;

  it('a time-out refuses orders, deposits and PINs; the order placed before it is still bought; sign-in and the balance stay', async () => {
    const m = await member('Break');
    await grantPoints(env.platform, Number(m.id), 10_000);
    const { issue } = await openIssue(env.platform, 8_000);
    const before = await order(m.token, issue);
    expect(before.status).toBe(201);

    const taken = await env.api.post('/api/me/time-out', { token: m.token, json: { period: '7d' } });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ state: 'timed_out', until: expect.any(String) });
    const until = taken.body.until as string;

    const refusedOrder = await order(m.token, issue);
    expect(refusedOrder.status).toBe(403);
    expect(refusedOrder.body.error).toMatchObject({ code: 'timed_out', details: { until } });
    expect((await deposit(m.token)).body.error.code).toBe('timed_out');
    const [code] = (await env.services.pins.createBatch({ count: 1, points: 500 })).codes;
    expect((await env.api.post('/api/pins/redeem', { token: m.token, json: { code } })).body.error.code).toBe('timed_out');
    expect(await balanceOf(env, m.token)).toBe(10_000 - before.body.order.pointsSpent);

    // The order placed before the break is still bought.
    await eventually('the earlier order bought', async () => {
      const o = await env.api.get(`/api/orders/${before.body.order.id}`, { token: m.token });
      return o.body.order.status !== 0 && o.body.order.status;
    });

    // Signing in works and says so.
    const login = await env.api.post('/api/auth/login', { json: { email: m.email, password: m.password } });
    expect(login.status).toBe(200);
    expect(await state(login.body.token)).toMatchObject({ state: 'timed_out', until });

    // A shorter break cannot shorten it; nothing lifts it but time.
    expect((await env.api.post('/api/me/time-out', { token: m.token, json: { period: '24h' } })).body.until).toBe(until);
    env.clock.advanceTo(new Date(new Date(until).getTime() + 1_000));
    const again = await signIn(m);
    expect(await state(again)).toMatchObject({ state: 'active' });
    expect((await deposit(again)).status).toBe(201);
  });

  it('self-exclusion closes the account until the member asks to return and confirms a day later', async () => {
    const m = await member('Exclude');
    const unticked = await env.api.post('/api/me/self-exclusion', { token: m.token, json: { period: '6m' } });
    expect(unticked.body.error).toMatchObject({ code: 'validation_failed', fields: { confirm: 'required' } });
    const excluded = await env.api.post('/api/me/self-exclusion', { token: m.token, json: { period: '6m', confirm: true } });
    expect(excluded.body).toMatchObject({ state: 'self_excluded' });
    const until = new Date(excluded.body.until as string);
    expect(until.getTime() - env.clock.now().getTime()).toBeGreaterThan(180 * DAY);
    expect((await deposit(m.token)).body.error.code).toBe('self_excluded');
    // A break during an exclusion is refused, and asking to return before it ends too.
    expect((await env.api.post('/api/me/time-out', { token: m.token, json: { period: '7d' } })).body.error.code).toBe('self_excluded');
    expect((await env.api.post('/api/me/self-exclusion/return', { token: m.token })).body.error.code).toBe('self_excluded');
    const promo = await env.platform.db.selectFrom('users').select('promo_opt_in').where('id', '=', Number(m.id)).executeTakeFirstOrThrow();
    expect(promo.promo_opt_in).toBe(false);

    // Its end does not open the account by itself.
    env.clock.advanceTo(new Date(until.getTime() + 1_000));
    let token = await signIn(m);
    expect(await state(token)).toMatchObject({ state: 'exclusion_ended' });
    expect((await deposit(token)).body.error.code).toBe('self_excluded');
    const asked = await env.api.post('/api/me/self-exclusion/return', { token: token });
    expect(asked.body).toMatchObject({ state: 'exclusion_ended', returnRequestedAt: expect.any(String), returnConfirmableAt: expect.any(String) });
    const early = await env.api.post('/api/me/self-exclusion/return/confirm', { token: token });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('cooling_off');
    env.clock.advance(DAY + 1_000);
    token = await signIn(m);
    const back = await env.api.post('/api/me/self-exclusion/return/confirm', { token: token });
    expect(back.body).toMatchObject({ state: 'active' });
    expect((await deposit(token)).status).toBe(201);
  });

  it('periods outside the lists are refused; guests too', async () => {
    const m = await member('Periods');
    expect((await env.api.post('/api/me/time-out', { token: m.token, json: { period: '3d' } })).body.error).toMatchObject({ code: 'validation_failed', fields: { period: 'invalid' } });
    expect((await env.api.post('/api/me/self-exclusion', { token: m.token, json: { period: '1m', confirm: true } })).body.error.fields).toEqual({ period: 'invalid' });
    expect((await env.api.post('/api/me/time-out', { json: { period: '24h' } })).status).toBe(401);
    expect((await env.api.get('/api/me/play-state')).status).toBe(401);
  });

  it('sign-up refuses under-18s at the first step, before any mail', async () => {
    const today = env.clock.now();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const email = `young-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const res = await env.api.post('/api/auth/signup', { json: { name: 'Young', email, password: 'young-person-pass-1', passwordCheck: 'young-person-pass-1', birthDate: seventeen } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('underage');
    expect(await env.platform.db.selectFrom('pending_signups').select('email').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const adult = await signUp(env, { name: 'Adult', email: `adult-${crypto.randomBytes(4).toString('hex')}@example.com`, password: 'adult-person-pass-1', birthDate: '1980-02-29' });
    expect(adult.status).toBe(201);
    expect(await state(adult.body.token)).toMatchObject({ birthDate: '1980-02-29', ageCheck: 'declared' });
  });

  it('a member without a birth date (a messaging-app sign-up) gives it once before playing', async () => {
    const { token, user } = await env.services.auth.createAccount({ name: 'Line', email: `line-${crypto.randomBytes(4).toString('hex')}@example.com`, password: 'line-member-pass-1', promoOptIn: false });
    expect(await state(token)).toMatchObject({ ageCheck: 'missing' });
    expect((await deposit(token)).body.error.code).toBe('birth_date_required');
    const put = (birthDate: string) => call(env.url, 'PUT', '/api/me/birth-date', { token, json: { birthDate } });
    expect((await put(`${env.clock.now().getUTCFullYear() - 10}-06-01`)).body.error.code).toBe('underage');
    expect((await put('1999-13-01')).body.error.fields).toEqual({ birthDate: 'invalid' });
    expect((await put('1985-06-01')).body).toMatchObject({ birthDate: '1985-06-01', ageCheck: 'declared' });
    expect((await put('1970-06-01')).status).toBe(422);
    expect((await deposit(token)).status).toBe(201);
    expect(String(user.id)).toMatch(/^\d+$/);
  });

  it('an unverified member cannot deposit past AGE_UNVERIFIED_DEPOSIT_MAX_POINTS', async () => {
    const m = await member('Unverified');
    const cap = env.platform.config.AGE_UNVERIFIED_DEPOSIT_MAX_POINTS;
    const [code] = (await env.services.pins.createBatch({ count: 1, points: cap + 1 })).codes;
    const res = await env.api.post('/api/pins/redeem', { token: m.token, json: { code } });
    expect(res.body.error).toMatchObject({ code: 'limit_reached', details: { period: 'age_unverified', limit: cap } });
    await env.platform.db.updateTable('users').set({ age_verified_at: env.clock.now() }).where('id', '=', Number(m.id)).execute();
    expect((await env.api.post('/api/pins/redeem', { token: m.token, json: { code } })).status).toBe(200);
  });
});
