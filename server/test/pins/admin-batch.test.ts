import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_ALPHABET } from '@gp/common';
import { testServer } from '../support/platform.ts';
import { expectLedgerMatchesBalance, newMember } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';

const PIN_FORMAT = new RegExp(`^[${PIN_ALPHABET}]{4}(-[${PIN_ALPHABET}]{4}){3}$`);

describe('POST /api/admin/pins', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: string;
  beforeAll(async () => {
    env = await testServer('embedded', { OPERATOR_EMAIL: 'desk@example.com', OPERATOR_PASSWORD: 'desk-password-1' });
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    operator = (await api.post('/api/auth/login', { json: { email: 'desk@example.com', password: 'desk-password-1' } })).body.token;
  });
  afterAll(() => env.stop());

  it('returns exactly the requested number of distinct, readable codes, each worth the points asked for', async () => {
    const res = await api.post('/api/admin/pins', { token: operator, json: { count: 50, points: 1_250 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ batchId: expect.any(String), points: 1_250 });
    expect(res.body.codes).toHaveLength(50);
    expect(new Set(res.body.codes).size).toBe(50);
    for (const code of res.body.codes) expect(code).toMatch(PIN_FORMAT);

    const stored = await env.platform.db.selectFrom('pins').select(['points', 'redeemed_at']).where('batch_id', '=', res.body.batchId).execute();
    expect(stored).toHaveLength(50);
    expect(stored.every((p) => p.points === 1_250 && p.redeemed_at === null)).toBe(true);
  });

  it('every code of a batch redeems once for its points', async () => {
    const { body } = await api.post('/api/admin/pins', { token: operator, json: { count: 3, points: 200 } });
    const m = await newMember(env.services, 'Spender');
    for (const [i, code] of (body.codes as string[]).entries()) {
      const res = await api.post('/api/pins/redeem', { token: m.token, json: { code } });
      expect(res.body).toEqual({ points: 200, balance: 200 * (i + 1) });
    }
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  const invalid: Array<[string, unknown, Record<string, string>]> = [
    ['a count of 0', { count: 0, points: 100 }, { count: 'invalid' }],
    ['a negative count', { count: -3, points: 100 }, { count: 'invalid' }],
    ['a count over 10,000', { count: 10_001, points: 100 }, { count: 'invalid' }],
    ['a fractional count', { count: 2.5, points: 100 }, { count: 'invalid' }],
    ['a count sent as text', { count: '5', points: 100 }, { count: 'invalid' }],
    ['points sent as text', { count: 1, points: '12.50' }, { points: 'invalid' }],
    ['no count', { points: 100 }, { count: 'required' }],
    ['0 points', { count: 1, points: 0 }, { points: 'invalid' }],
    ['fractional points (12.5 hundredths)', { count: 1, points: 12.5 }, { points: 'invalid' }],
    ['no points', { count: 1 }, { points: 'required' }],
  ];
  it.each(invalid)('%s is refused with 422 naming the field, and no PIN is created', async (_label, body, fields) => {
    const before = await env.platform.db.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await api.post('/api/admin/pins', { token: operator, json: body });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual(fields);
    const after = await env.platform.db.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('the batch records which operator created it', async () => {
    const { body } = await api.post('/api/admin/pins', { token: operator, json: { count: 1, points: 100 } });
    const me = await api.get('/api/me', { token: operator });
    const batch = await env.platform.db.selectFrom('pin_batches').select(['created_by', 'count', 'points']).where('id', '=', body.batchId).executeTakeFirstOrThrow();
    expect(batch).toEqual({ created_by: Number(me.body.user.id), count: 1, points: 100 });
  });
});
