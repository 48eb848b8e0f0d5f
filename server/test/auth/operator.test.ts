import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/platform.ts';
import { newMember, signUp } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';

const OPERATOR = { OPERATOR_EMAIL: 'Ops@Example.com', OPERATOR_PASSWORD: 'operator-secret-42', OPERATOR_NAME: 'Ops desk' };

describe('back-office role', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded', OPERATOR);
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
  });
  afterAll(() => env.stop());

  const operatorToken = async () => {
    const res = await api.post('/api/auth/login', { json: { email: OPERATOR.OPERATOR_EMAIL, password: OPERATOR.OPERATOR_PASSWORD } });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('the operator from the configuration can log in and is shown as an operator', async () => {
    const { token, user } = await operatorToken();
    expect(user).toMatchObject({ name: 'Ops desk', email: 'ops@example.com', role: 'operator' });
    const me = await api.get('/api/me', { token });
    expect(me.body.user.role).toBe('operator');
  });

  it('creating the operator again on the next boot changes nothing (one account, same password)', async () => {
    await env.services.auth.ensureOperator();
    await env.services.auth.ensureOperator();
    const rows = await env.platform.db.selectFrom('users').select(['role']).where('email', '=', 'ops@example.com').execute();
    expect(rows).toEqual([{ role: 'operator' }]);
    await operatorToken();
  });

  it('the operator can create PIN codes', async () => {
    const { token } = await operatorToken();
    const res = await api.post('/api/admin/pins', { token, json: { count: 2, points: 500 } });
    expect(res.status).toBe(201);
    expect(res.body.codes).toHaveLength(2);
  });

  it('a member cannot create PIN codes (403 forbidden) and no PIN is made', async () => {
    const member = await newMember(env.services, 'Sneaky');
    const before = await env.platform.db.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await api.post('/api/admin/pins', { token: member.token, json: { count: 5, points: 100_000 } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(res.body.codes).toBeUndefined();
    const after = await env.platform.db.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a guest cannot create PIN codes (401 unauthorized)', async () => {
    const res = await api.post('/api/admin/pins', { json: { count: 1, points: 100 } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('signing up with the public form never yields an operator, even when asked for', async () => {
    const res = await signUp(env, { name: 'Wannabe', email: 'wannabe@example.com', password: 'wannabe-secret-123', passwordCheck: 'wannabe-secret-123', role: 'operator' });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('member');
    const create = await api.post('/api/admin/pins', { token: res.body.token, json: { count: 1, points: 100 } });
    expect(create.status).toBe(403);
  });
});
