import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiResponse } from './api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember, signUp } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from '../orders/support.ts';

const NUL = '\u0000';

/** PostgreSQL text cannot hold U+0000: every such input is refused as the caller's mistake, never a 500. */
describe('a NUL character in any text input', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded', { ...SLOW_CAB01, PURCHASE_LATENCY_MS: '150', LOGIN_MAX_ATTEMPTS: '2', PIN_MAX_FAILURES: '2' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  const expectRefused = (res: ApiResponse, fields: Record<string, string>) => {
    expect({ status: res.status, code: res.body.error?.code, fields: res.body.error?.fields }).toEqual({ status: 422, code: 'validation_failed', fields });
  };
  const countUsers = async (email: string) => (await env.platform.db.selectFrom('users').select('id').where('email', 'like', `${email}%`).execute()).length;

  it('sign-up: refused with the field marked, and no account is created', async () => {
    const form = { name: 'Nul Person', email: 'nul-signup@example.com', password: 'long-enough-1', passwordCheck: 'long-enough-1', birthDate: '1990-01-01', promoOptIn: false };
    expectRefused(await api.post('/api/auth/signup', { json: { ...form, name: `Nul${NUL}Person` } }), { name: 'invalid' });
    expectRefused(await api.post('/api/auth/signup', { json: { ...form, email: `nul-signup@example.com${NUL}` } }), { email: 'invalid' });
    expectRefused(await api.post('/api/auth/signup', { json: { ...form, password: `long${NUL}enough`, passwordCheck: `long${NUL}enough` } }), {
      password: 'invalid',
      passwordCheck: 'invalid',
    });
    expect(await countUsers('nul-signup@example.com')).toBe(0);
    // The same form without the NUL goes through: nothing was left half-done.
    expect((await signUp(env, form)).status).toBe(201);
  });

  it('login: refused before any check, so it is not even counted as an attempt', async () => {
    const member = await newMember(env.services, 'NulLogin');
    for (let i = 0; i < 4; i++) {
      expectRefused(await api.post('/api/auth/login', { json: { email: member.email, password: `${member.password}${NUL}` } }), { password: 'invalid' });
      expectRefused(await api.post('/api/auth/login', { json: { email: `${member.email}${NUL}`, password: member.password } }), { email: 'invalid' });
    }
    // Past LOGIN_MAX_ATTEMPTS refusals, the member still logs in: none of them counted.
    expect((await api.post('/api/auth/login', { json: { email: member.email, password: member.password } })).status).toBe(200);
  });

  it('PIN redeem: refused, the balance is unchanged and it is not counted as a wrong code', async () => {
    const member = await newMember(env.services, 'NulPin');
    const { codes } = await env.services.pins.createBatch({ count: 1, points: 300 });
    for (let i = 0; i < 3; i++) {
      expectRefused(await api.post('/api/pins/redeem', { token: member.token, json: { code: `${codes[0]}${NUL}` }, headers: { 'Idempotency-Key': key() } }), { code: 'invalid' });
    }
    expect((await api.get('/api/me', { token: member.token })).body.balance).toBe(0);
    const redeemed = await api.post('/api/pins/redeem', { token: member.token, json: { code: codes[0] }, headers: { 'Idempotency-Key': key() } });
    expect(redeemed.status).toBe(200); // past PIN_MAX_FAILURES refusals: none counted
    expect(redeemed.body).toEqual({ points: 300, balance: 300 });
    await expectLedgerMatchesBalance(env.platform, Number(member.id));
  });

  it('order placement: refused wherever the NUL sits in the body, and nothing is ordered or charged', async () => {
    const member = await newMember(env.services, 'NulOrder');
    await grantPoints(env.platform, Number(member.id), 10_000);
    const { issue } = await openIssue(env.platform, 3000);
    const place = (body: unknown) => api.post('/api/orders', { token: member.token, json: body, headers: { 'Idempotency-Key': key() } });
    expectRefused(await place(threeUnits(`${issue}${NUL}`)), { issue: 'invalid' });
    expectRefused(await place(threeUnits(issue, { productCode: `CAB01${NUL}` })), { productCode: 'invalid' });
    expectRefused(await place(threeUnits(issue, { plays: [{ type: `pick${NUL}`, stars: 1, numbers: [1] }] })), { 'plays.0.type': 'invalid' });
    expectRefused(await place({ ...threeUnits(issue), [`note${NUL}`]: 'x' }), { note: 'invalid' });
    const orders = await env.platform.db.selectFrom('orders').select('id').where('user_id', '=', member.id as never).execute();
    expect(orders).toEqual([]);
    expect((await api.get('/api/me', { token: member.token })).body.balance).toBe(10_000);
    await expectLedgerMatchesBalance(env.platform, Number(member.id));
  });

  it('query strings and path parameters are checked too', async () => {
    const member = await newMember(env.services, 'NulQuery');
    expectRefused(await api.get('/api/orders?status=%00', { token: member.token }), { status: 'invalid' });
    expectRefused(await api.get('/api/football/events?from=2026%00', {}), { from: 'invalid' });
    expectRefused(await api.get('/api/orders/12%0034', { token: member.token }), { path: 'invalid' });
    expectRefused(await api.get('/api/products/CAB01%00/draws'), { path: 'invalid' });
  });

  it('a deeply nested body is walked without recursion', async () => {
    const depth = 20_000; // about 40 kb of brackets, under the 100 kb body limit
    const raw = `${'['.repeat(depth)}"${'\\u0000'}"${']'.repeat(depth)}`;
    const res = await api.post('/api/auth/signup', { raw, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
  });
});
