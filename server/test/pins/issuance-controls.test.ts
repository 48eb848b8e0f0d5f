import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PinBatch } from '@gp/common';
import { apiClient } from '../http/api-client.ts';
import { BACK_OFFICE_ENV, newStaff } from '../admin/support.ts';
import { expectLedgerMatchesBalance, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';

/**
 * Issue 28 item 2: nobody creates money alone. Every issue of PIN codes is an audited batch; a batch
 * past its issuer's rolling-day bound (ADJUSTMENT_APPROVAL_POINTS, here 1,000 GP) needs a second
 * supervisor before its codes leave the server; PIN_DAILY_MAX_POINTS (here 5,000 GP) caps what one
 * person issues a day; a staff account cannot redeem codes.
 */
describe('issuing PIN codes: audited, approved past the bound, capped per day, never redeemed by staff', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let olga: Awaited<ReturnType<typeof newStaff>>;
  let sven: Awaited<ReturnType<typeof newStaff>>;
  let sara: Awaited<ReturnType<typeof newStaff>>;
  let fred: Awaited<ReturnType<typeof newStaff>>;
  let exa: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    // Staff sessions outlast the test's jump of a day.
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, ADJUSTMENT_APPROVAL_POINTS: '100000', PIN_DAILY_MAX_POINTS: '500000', STAFF_SESSION_TTL_SECONDS: String(3 * 86_400) });
    api = apiClient(env.url);
    // All signed in before a test moves the clock (their codes come from the real one).
    [olga, sven, sara, fred, exa] = await Promise.all([
      newStaff(env, 'operator', 'Olga'),
      newStaff(env, 'supervisor', 'Sven'),
      newStaff(env, 'supervisor', 'Sara'),
      newStaff(env, 'operator', 'Fred'),
      newStaff(env, 'operator', 'Exa'),
    ]);
  });
  afterAll(() => env.stop());

  const batchesBy = (staffId: number) => env.platform.db.selectFrom('pin_batches').select(['id', 'approval', 'count', 'points']).where('created_by', '=', staffId).orderBy('id').execute();
  const auditOf = (batchId: string) => env.platform.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_type', '=', 'pin_batch').where('target_id', '=', batchId).orderBy('id').execute();
  const issue = (token: string, json: unknown) => api.post<PinBatch & { error?: { code: string } }>('/api/admin/pin-batches', { token, json });
  const codesOf = (csv: string) => csv.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]!);

  it('POST /api/admin/pins: 1,000,000 GP of codes by one operator is refused, so is 2,000 GP alone; nothing created; a small batch is handed out and audited', async () => {
    const huge = await api.post('/api/admin/pins', { token: olga.token, json: { count: 1, points: 100_000_000 } });
    expect(huge).toMatchObject({ status: 422, body: { error: { code: 'pin_daily_limit', details: { limit: 500_000, remaining: 500_000 } } } });
    const big = await api.post('/api/admin/pins', { token: olga.token, json: { count: 1, points: 200_000 } });
    expect(big).toMatchObject({ status: 409, body: { error: { code: 'approval_required' } } });
    expect(await batchesBy(Number(olga.id))).toEqual([]);

    const small = await api.post('/api/admin/pins', { token: olga.token, json: { count: 2, points: 10_000 } });
    expect(small.status).toBe(201);
    expect(small.body.codes).toHaveLength(2);
    const audit = await auditOf(small.body.batchId);
    expect(audit.map((a) => [a.action, String(a.actor_id)])).toEqual([['pin_batch.issued', olga.id]]);
  });

  it('a batch past the bound is pending: not exportable, not redeemable, not approvable by its issuer; another supervisor approves, then it exports', async () => {
    // Olga has moved 200 GP alone today; 10 × 100 GP takes her past 1,000.
    const pending = await issue(olga.token, { count: 10, points: 10_000, note: 'fair' });
    expect(pending.status).toBe(201);
    expect(pending.body).toMatchObject({ approval: 'pending', approvedAt: null });
    const id = pending.body.id;
    expect((await api.post(`/api/admin/pin-batches/${id}/export`, { token: olga.token })).body.error.code).toBe('approval_required');
    // An operator cannot approve (a supervisor's call), nor can a supervisor approve their own batch.
    expect((await api.post(`/api/admin/pin-batches/${id}/approve`, { token: olga.token })).status).toBe(403);
    const svensOwn = await issue(sven.token, { count: 11, points: 10_000 });
    expect(svensOwn.body.approval).toBe('pending');
    expect((await api.post(`/api/admin/pin-batches/${svensOwn.body.id}/approve`, { token: sven.token })).body.error.code).toBe('forbidden');

    const approved = await api.post<PinBatch>(`/api/admin/pin-batches/${id}/approve`, { token: sven.token });
    expect(approved.body).toMatchObject({ approval: 'approved', approvedByName: 'Sven' });
    expect((await api.post(`/api/admin/pin-batches/${id}/approve`, { token: sara.token })).status).toBe(404); // once
    const exported = await api.post<string>(`/api/admin/pin-batches/${id}/export`, { token: olga.token });
    expect(exported.status).toBe(200);
    const codes = codesOf(exported.body);
    expect(codes).toHaveLength(10);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['pin_batch.issued', 'pin_batch.approved', 'pin_batch.exported']);

    const m = await newMember(env.services, 'Customer');
    expect((await api.post('/api/pins/redeem', { token: m.token, json: { code: codes[0] } })).body).toEqual({ points: 10_000, balance: 10_000 });
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  it('PIN_DAILY_MAX_POINTS caps one issuer a rolling day: five 2,000 GP batches at once, two go through (a third would pass 5,000 GP)', async () => {
    const fresh = fred;
    const answers = await Promise.all(Array.from({ length: 5 }, () => issue(fresh.token, { count: 20, points: 10_000 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.error?.code])).toEqual(Array(3).fill([422, 'pin_daily_limit']));
    const made = await batchesBy(Number(fresh.id));
    expect(made).toHaveLength(2);
    expect(made.map((b) => b.approval).sort()).toEqual(['pending', 'pending']);
    // A day later the cap is free again.
    env.clock.advance(24 * 3600_000 + 1000);
    expect((await issue(fresh.token, { count: 1, points: 100 })).status).toBe(201);
  });

  it('a staff account cannot redeem a code (own_account), and the code stays good for a member', async () => {
    const { codes } = await env.services.pins.createBatch({ count: 1, points: 5_000 });
    for (const staff of [olga, sven]) {
      // Their ordinary (password) session, as the member pages use it.
      const token = (await api.post('/api/auth/login', { json: { email: staff.email, password: staff.password } })).body.token as string;
      const res = await api.post('/api/pins/redeem', { token, json: { code: codes[0] } });
      expect(res).toMatchObject({ status: 403, body: { error: { code: 'own_account' } } });
    }
    const m = await newMember(env.services, 'RealCustomer');
    expect((await api.post('/api/pins/redeem', { token: m.token, json: { code: codes[0] } })).body).toEqual({ points: 5_000, balance: 5_000 });
  });

  it('nor can whoever issued, approved or exported a batch redeem its codes once they are a member again', async () => {
    const ex = exa;
    const small = await api.post('/api/admin/pins', { token: ex.token, json: { count: 1, points: 1_000 } });
    expect(small.status).toBe(201);
    await env.services.staff.setRole(null, Number(ex.id), 'member');
    const asMember = (await api.post('/api/auth/login', { json: { email: ex.email, password: ex.password } })).body.token as string;
    expect((await api.post('/api/pins/redeem', { token: asMember, json: { code: small.body.codes[0] } })).body.error.code).toBe('own_account');
    const balance = (await api.get('/api/me', { token: asMember })).body.balance;
    expect(balance).toBe(0);
  });
});
