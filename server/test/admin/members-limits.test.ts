import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../http/api-client.ts';
import { depositServer, type Env } from '../payments/support.ts';
import { newMember } from '../support/members.ts';
import { eventually } from '../support/wait.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

/**
 * Issue 32 item 6: the console's member page shows the member's limits (with pending raises),
 * breaks and exclusions and their history; a supervisor lowers limits, never raises or removes
 * them, with a reason, audited, never on their own account; the lower limit applies at once and
 * the member is told in their inbox.
 */
describe('back office: a member’s responsible play', () => {
  let env: Env;
  let operator: Awaited<ReturnType<typeof newStaff>>;
  let supervisor: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await depositServer('embedded', { ...BACK_OFFICE_ENV, AGE_UNVERIFIED_DEPOSIT_MAX_POINTS: '100000000' });
    operator = await newStaff(env, 'operator', 'Opal');
    supervisor = await newStaff(env, 'supervisor', 'Sam');
  });
  afterAll(() => env.stop());

  const lower = (token: string, id: string, json: unknown) => call(env.url, 'PUT', `/api/admin/members/${id}/limits`, { token, json });
  const view = (token: string, id: string) => env.api.get(`/api/admin/members/${id}/responsible-play`, { token });
  const deposit = (token: string, amount: number) => env.api.post('/api/deposits', { token, json: { amount, currency: 'USD', method: 'card' }, headers: { 'Idempotency-Key': crypto.randomUUID() } });

  it('shows limits with a pending raise, breaks and their history, to operators and supervisors', async () => {
    const m = await newMember(env.services, 'Rita Limits');
    await call(env.url, 'PUT', '/api/me/limits', { token: m.token, json: { deposit: { day: 5_000 } } });
    await call(env.url, 'PUT', '/api/me/limits', { token: m.token, json: { deposit: { day: 9_000 } } });
    await env.api.post('/api/me/time-out', { token: m.token, json: { period: '24h' } });
    for (const token of [operator.token, supervisor.token]) {
      const res = await view(token, m.id);
      expect(res.status).toBe(200);
      expect(res.body.limits.deposit.day).toMatchObject({ amount: 5_000, pending: { amount: 9_000, effectiveAt: expect.any(String) } });
      expect(res.body.state).toMatchObject({ state: 'timed_out' });
      expect(res.body.breaks).toEqual([expect.objectContaining({ kind: 'time_out', period: '24h' })]);
      expect(res.body.limitChanges.map((c: { change: string }) => c.change)).toEqual(['requested', 'lowered']);
    }
    expect((await view(m.token, m.id)).status).toBe(403);
    expect((await view(operator.token, '999999999')).status).toBe(404);
  });

  it('a supervisor lowers a limit at once, with a reason, audited; the member sees it and is told', async () => {
    const m = await newMember(env.services, 'Lou Lowered');
    await call(env.url, 'PUT', '/api/me/limits', { token: m.token, json: { deposit: { day: 50_000 } } });
    await call(env.url, 'PUT', '/api/me/limits', { token: m.token, json: { deposit: { day: 80_000 } } }); // a raise, pending

    const lowered = await lower(supervisor.token, m.id, { limits: { deposit: { day: 2_000 }, spend: { week: 10_000 } }, reason: 'Called in worried about his spending' });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body.limits.deposit.day).toMatchObject({ amount: 2_000, pending: null });
    expect(lowered.body.limits.spend.week).toMatchObject({ amount: 10_000 });
    expect(lowered.body.limitChanges[0]).toMatchObject({ change: 'staff_lowered', staff: 'Sam', reason: 'Called in worried about his spending' });

    // In force at once for the member: their view, and a deposit over it refused.
    const mine = await env.api.get('/api/me/limits', { token: m.token });
    expect(mine.body.limits.deposit.day).toMatchObject({ amount: 2_000, pending: null });
    const refused = await deposit(m.token, 3_000);
    expect(refused.body.error).toMatchObject({ code: 'limit_reached', details: { kind: 'deposit', period: 'day', limit: 2_000 } });

    // Audited with the reason; the member's inbox says so.
    const audit = await env.platform.db.selectFrom('audit_log').selectAll().where('action', '=', 'member.limits_lowered').where('target_id', '=', m.id).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).toContain('Called in worried about his spending');
    const inbox = await eventually('the inbox message', async () => {
      const res = await env.api.get('/api/inbox', { token: m.token });
      return res.body.items?.find((i: { kind: string }) => i.kind === 'limit_lowered');
    });
    expect(inbox.link).toBe('/account#responsible-play');
  });

  it('a raise, a removal or an equal amount is refused and changes nothing; an operator, the member and one’s own account are refused', async () => {
    const m = await newMember(env.services, 'Ray Raise');
    await call(env.url, 'PUT', '/api/me/limits', { token: m.token, json: { loss: { month: 40_000 } } });
    for (const limits of [{ loss: { month: 50_000 } }, { loss: { month: null } }, { loss: { month: 40_000 } }, { loss: { month: 30_000 }, deposit: { day: null } }]) {
      const res = await lower(supervisor.token, m.id, { limits, reason: 'Testing the rule' });
      expect(res.status, JSON.stringify(limits)).toBe(422);
      expect(res.body.error.code).toBe('limit_raise_refused');
    }
    expect((await env.api.get('/api/me/limits', { token: m.token })).body.limits.loss.month.amount).toBe(40_000);
    const changes = await env.platform.db.selectFrom('play_limit_changes').select('change').where('user_id', '=', Number(m.id)).execute();
    expect(changes.map((c) => c.change)).toEqual(['lowered']);

    expect((await lower(supervisor.token, m.id, { limits: { loss: { month: 30_000 } } })).body.error.code).toBe('validation_failed');
    expect((await lower(supervisor.token, m.id, { limits: {}, reason: 'Nothing named' })).body.error.code).toBe('validation_failed');
    expect((await lower(supervisor.token, m.id, { limits: { loss: { month: -5 } }, reason: 'Bad amount' })).status).toBe(422);
    expect((await lower(operator.token, m.id, { limits: { loss: { month: 30_000 } }, reason: 'Operator' })).status).toBe(403);
    expect((await lower(m.token, m.id, { limits: { loss: { month: 30_000 } }, reason: 'Member' })).status).toBe(403);
    const own = await lower(supervisor.token, supervisor.id, { limits: { loss: { month: 30_000 } }, reason: 'Myself' });
    expect(own).toMatchObject({ status: 403, body: { error: { code: 'own_account' } } });
    expect((await lower(supervisor.token, operator.id, { limits: { loss: { month: 30_000 } }, reason: 'Staff, not a member' })).status).toBe(404);
  });
});
