import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

/**
 * Issue 28 item 3: the approval threshold counts cumulatively, per staff member and per member,
 * over a rolling day; and staff never act on their own member account.
 */
describe('money moved by staff: bounded per person per rolling day, never on their own account', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let sue: Awaited<ReturnType<typeof newStaff>>;
  let sam: Awaited<ReturnType<typeof newStaff>>;
  let otto: Awaited<ReturnType<typeof newStaff>>;
  let olga: Awaited<ReturnType<typeof newStaff>>;
  let oscar: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    // The default bound (1,000 GP a rolling day); staff sessions outlast the test's jump of a day.
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, STAFF_SESSION_TTL_SECONDS: String(3 * 86_400) });
    api = apiClient(env.url);
    [sue, sam, otto, olga, oscar] = await Promise.all([
      newStaff(env, 'supervisor', 'Sue'),
      newStaff(env, 'supervisor', 'Sam'),
      newStaff(env, 'operator', 'Otto'),
      newStaff(env, 'operator', 'Olga'),
      newStaff(env, 'operator', 'Oscar'),
    ]);
  });
  afterAll(() => env.stop());

  const adjust = (token: string, userId: string, amount: number) =>
    api.post('/api/admin/adjustments', { token, headers: { 'Idempotency-Key': crypto.randomUUID() }, json: { userId, amount, reason: 'bound test' } });
  const balanceOf = async (token: string) => (await api.get('/api/me', { token })).body.balance as number;
  const adjustmentRows = (operatorId: number) => env.platform.db.selectFrom('adjustments').select(['id', 'status', 'amount']).where('operator_id', '=', operatorId).execute();

  it('twelve adjustments of 999.99 GP sent at once by one operator: one goes through, eleven wait for a supervisor', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, (_, i) => newMember(env.services, `Twelve${i}`)));
    const answers = await Promise.all(members.map((m) => adjust(otto.token, m.id, 99_999)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(202));
    const statuses = answers.map((a) => a.body.status as string);
    expect(statuses.filter((s) => s === 'queued')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'pending_approval')).toHaveLength(11);
    // Only the one is applied: 999.99 GP moved by Otto alone, not 11,999.88.
    const credited = members[statuses.indexOf('queued')]!;
    await eventually('the queued one applied', async () => (await balanceOf(credited.token)) === 99_999);
    const balances = await Promise.all(members.map((m) => balanceOf(m.token)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(99_999);

    // A supervisor approves one of the waiting ones: it is applied, and being approved it does not eat Otto's bound further.
    const waiting = answers.find((a) => a.body.status === 'pending_approval')!;
    const approved = await api.post(`/api/admin/adjustments/${waiting.body.adjustmentId}/decision`, { token: sue.token, json: { approve: true } });
    expect(approved.body).toMatchObject({ status: 'queued' });
    await eventually('the approved one applied', async () => (await env.platform.db.selectFrom('adjustments').select('status').where('id', '=', waiting.body.adjustmentId).executeTakeFirstOrThrow()).status === 'applied');
  });

  it('a small one after the bound is spent also waits; debits count too (the amount either way)', async () => {
    const m = await newMember(env.services, 'AfterBound');
    // Otto has moved 999.99 GP on his own today: even 0.02 GP more needs a second person.
    expect((await adjust(otto.token, m.id, 2)).body.status).toBe('pending_approval');
    expect((await adjust(otto.token, m.id, -2)).body.status).toBe('pending_approval');
  });

  it('two operators crediting one member: the member’s own rolling-day sum also counts', async () => {
    const m = await newMember(env.services, 'Shared');
    expect((await adjust(olga.token, m.id, 60_000)).body.status).toBe('queued');
    // Oscar is well within his own bound, but the member would get 1,200 GP without a second person.
    expect((await adjust(oscar.token, m.id, 60_000)).body.status).toBe('pending_approval');
    // Another member is fine for Oscar.
    const other = await newMember(env.services, 'Other');
    expect((await adjust(oscar.token, other.id, 30_000)).body.status).toBe('queued');
  });

  it('PIN batches count against the same bound: a batch after adjustments waits for approval', async () => {
    const m = await newMember(env.services, 'Mixed');
    expect((await adjust(oscar.token, m.id, 50_000)).body.status).toBe('queued');
    // Oscar has now moved 800 GP on his own (300 + 500): a 300 GP batch would take him past 1,000.
    const batch = await api.post('/api/admin/pin-batches', { token: oscar.token, json: { count: 3, points: 10_000 } });
    expect(batch.status).toBe(201);
    expect(batch.body.approval).toBe('pending');
  });

  it('the bound is a rolling day: a day later the same operator’s adjustment goes straight through again', async () => {
    const m = await newMember(env.services, 'NextDay');
    expect((await adjust(otto.token, m.id, 100)).body.status).toBe('pending_approval');
    env.clock.advance(24 * 3600_000 + 1000);
    expect((await adjust(otto.token, m.id, 100)).body.status).toBe('queued');
  });

  it('nobody adjusts their own member account, approves money for it, nor locks or unlocks it', async () => {
    const own = await adjust(otto.token, otto.id, 500);
    expect(own).toMatchObject({ status: 403, body: { error: { code: 'own_account' } } });
    expect((await adjustmentRows(Number(otto.id))).filter((r) => r.amount === 500)).toEqual([]);
    expect((await adjust(sue.token, sue.id, -500)).body.error.code).toBe('own_account');

    // Otto asks for money for Sam (a supervisor's member account); Sam may not approve it, Sue may.
    const forSam = await adjust(olga.token, sam.id, 200_000);
    expect(forSam.body.status).toBe('pending_approval');
    const bySam = await api.post(`/api/admin/adjustments/${forSam.body.adjustmentId}/decision`, { token: sam.token, json: { approve: true } });
    expect(bySam).toMatchObject({ status: 403, body: { error: { code: 'own_account' } } });
    expect((await api.post(`/api/admin/adjustments/${forSam.body.adjustmentId}/decision`, { token: sue.token, json: { approve: false } })).body.status).toBe('rejected');

    const lockSelf = await api.post(`/api/admin/members/${sue.id}/lock`, { token: sue.token, json: { locked: false, reason: 'let me in' } });
    expect(lockSelf).toMatchObject({ status: 403, body: { error: { code: 'own_account' } } });
    const audit = await env.platform.db.selectFrom('audit_log').select('action').where('target_id', '=', sue.id).where('action', 'like', 'member.%').execute();
    expect(audit).toEqual([]);
  });
});
