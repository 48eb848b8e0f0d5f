import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { connectSocket, balanceEvent } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

describe('staff sign-in, roles, approvals and the audit log', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let supervisor: Awaited<ReturnType<typeof newStaff>>;
  let operator: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, ADJUSTMENT_APPROVAL_POINTS: '10000' });
    api = apiClient(env.url);
    supervisor = await newStaff(env, 'supervisor', 'Sue');
    operator = await newStaff(env, 'operator', 'Oscar');
  });
  afterAll(() => env.stop());

  it('second sign-in asks for the enrolled TOTP (no new secret); a wrong or replayed code is refused; a recovery code works once', async () => {
    const login = await api.post('/api/admin/auth/login', { json: { email: operator.email, password: operator.password } });
    expect(login.status).toBe(200);
    expect(login.body.enrol).toBeUndefined();
    expect((await api.post('/api/admin/auth/verify', { json: { challenge: login.body.challenge, code: '000000' } })).body.error.code).toBe('totp_invalid');
    // The code used at enrolment (same 30 s step) cannot be replayed; the next step's code works.
    const next = await generate({ secret: operator.secret, epoch: Math.floor(env.clock.now().getTime() / 1000) + 30 });
    const ok = await api.post('/api/admin/auth/verify', { json: { challenge: login.body.challenge, code: next } });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toBeUndefined();
    expect((await api.post('/api/admin/auth/verify', { json: { challenge: login.body.challenge, code: next } })).body.error.code).toBe('totp_invalid');

    const recovery = operator.recoveryCodes[0]!;
    expect(operator.recoveryCodes).toHaveLength(10);
    const again = await api.post('/api/admin/auth/login', { json: { email: operator.email, password: operator.password } });
    expect((await api.post('/api/admin/auth/verify', { json: { challenge: again.body.challenge, code: recovery.toLowerCase() } })).status).toBe(200);
    expect((await api.post('/api/admin/auth/verify', { json: { challenge: again.body.challenge, code: recovery } })).body.error.code).toBe('totp_invalid');
  });

  it('a member cannot use the staff sign-in (same answer as a wrong password)', async () => {
    const m = await newMember(env.services, 'Nosy');
    const res = await api.post('/api/admin/auth/login', { json: { email: m.email, password: m.password } });
    expect(res).toMatchObject({ status: 401, body: { error: { code: 'invalid_credentials' } } });
  });

  it('a role change ends the staff sessions of that user at once, and is audited with before/after', async () => {
    const victim = await newStaff(env, 'operator', 'Vic');
    expect((await api.get('/api/admin/me', { token: victim.token })).status).toBe(200);
    const socket = await connectSocket(env.url, victim.token);
    const closed = new Promise((resolve) => socket.on('disconnect', resolve));
    expect((await api.post(`/api/admin/staff/${victim.id}/role`, { token: supervisor.token, json: { role: 'supervisor' } })).status).toBe(204);
    expect((await api.get('/api/admin/me', { token: victim.token })).body.error.code).toBe('session_expired');
    await closed;
    const audit = await api.get(`/api/admin/audit?action=staff.role_changed&targetId=${victim.id}`, { token: supervisor.token });
    expect(audit.body.items[0]).toMatchObject({ actorId: supervisor.id, actorName: 'Sue', before: { role: 'operator' }, after: { role: 'supervisor' } });
    // An operator may not change roles, nor read the audit log.
    expect((await api.post(`/api/admin/staff/${victim.id}/role`, { token: operator.token, json: { role: 'member' } })).status).toBe(403);
  });

  it('an adjustment above ADJUSTMENT_APPROVAL_POINTS waits for a supervisor, who is not its author; approved, it is applied once', async () => {
    const m = await newMember(env.services, 'Adjusted');
    await grantPoints(env.platform, Number(m.id), 100);
    const socket = await connectSocket(env.url, m.token);
    // Listening before each request: the push can come back before the answer does.
    const smallCredited = balanceEvent(socket, 600);
    const small = await api.post('/api/admin/adjustments', { token: operator.token, headers: { 'Idempotency-Key': 'small-1' }, json: { userId: m.id, amount: 500, reason: 'goodwill' } });
    expect(small.body.status).toBe('queued');
    await smallCredited;

    const large = await api.post('/api/admin/adjustments', { token: operator.token, headers: { 'Idempotency-Key': 'large-1' }, json: { userId: m.id, amount: 25_000, reason: 'lost deposit found' } });
    expect(large).toMatchObject({ status: 202, body: { status: 'pending_approval' } });
    const id = large.body.adjustmentId as string;
    // Nothing moves while it waits; the operator cannot approve it (403), nor can its author.
    expect((await api.post(`/api/admin/adjustments/${id}/decision`, { token: operator.token, json: { approve: true } })).status).toBe(403);
    const pending = await api.get('/api/admin/adjustments?status=pending_approval', { token: operator.token });
    expect(pending.body.items.map((a: any) => a.id)).toContain(id);

    const approvedCredited = balanceEvent(socket, 25_600);
    const [a, b] = await Promise.all([1, 2].map(() => api.post(`/api/admin/adjustments/${id}/decision`, { token: supervisor.token, json: { approve: true } })));
    expect([a!.status, b!.status].sort()).toEqual([200, 404]);
    await approvedCredited;
    await eventually('applied', async () => (await env.platform.db.selectFrom('adjustments').select('status').where('id', '=', Number(id)).executeTakeFirst())?.status === 'applied');
    const posts = await env.platform.db.selectFrom('ledger').selectAll().where('ref_type', '=', 'adjustment').where('ref_id', '=', id).execute();
    expect(posts).toHaveLength(1);
    const audit = await api.get(`/api/admin/audit?action=adjustment.approved&targetId=${id}`, { token: supervisor.token });
    expect(audit.body.items).toHaveLength(1);
    socket.close();
  });

  it('the seeded operator becomes a supervisor', async () => {
    await env.services.auth.ensureOperator();
    await env.services.staff.promoteSeededOperator(env.platform.config.OPERATOR_EMAIL);
    const row = await env.platform.db.selectFrom('users').select('role').where('email', '=', env.platform.config.OPERATOR_EMAIL).executeTakeFirstOrThrow();
    expect(row.role).toBe('supervisor');
  });
});
