import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_ALPHABET, type PinBatch } from '@gp/common';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

const PIN_FORMAT = new RegExp(`^[${PIN_ALPHABET}]{4}(-[${PIN_ALPHABET}]{4}){3}$`);

describe('PIN batches in the console: issue, list, export once, void', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: Awaited<ReturnType<typeof newStaff>>;
  let supervisor: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await testServer('embedded', BACK_OFFICE_ENV);
    api = apiClient(env.url);
    operator = await newStaff(env, 'operator', 'Olga');
    supervisor = await newStaff(env, 'supervisor', 'Sven');
  });
  afterAll(() => env.stop());

  const issue = (json: unknown, token = operator.token) => api.post<PinBatch & { error?: { code: string; fields?: Record<string, string> } }>('/api/admin/pin-batches', { token, json });
  const exportCsv = (id: string, token = operator.token) => api.post<string>(`/api/admin/pin-batches/${id}/export`, { token });
  const codesOf = (csv: string) => csv.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]!);
  const listed = async (id: string) => (await api.get<{ items: PinBatch[] }>('/api/admin/pin-batches', { token: operator.token })).body.items.find((b) => b.id === id);

  it('issues a batch without showing its codes, lists it with who and when, and audits it', async () => {
    const expiresAt = new Date(env.clock.now().getTime() + 30 * 86_400_000).toISOString();
    const res = await issue({ count: 5, points: 1_000, expiresAt, note: 'Night market promo' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ count: 5, points: 1_000, note: 'Night market promo', expiresAt, exportedAt: null, voidedAt: null, redeemed: 0, voided: 0, createdByName: 'Olga' });
    expect(JSON.stringify(res.body)).not.toMatch(/[A-Z2-9]{4}-[A-Z2-9]{4}/);
    expect(await listed(res.body.id)).toMatchObject({ id: res.body.id, count: 5 });
    const audit = await env.platform.db.selectFrom('audit_log').select(['actor_id']).where('action', '=', 'pin_batch.issued').where('target_id', '=', res.body.id).execute();
    expect(audit.map((a) => String(a.actor_id))).toEqual([operator.id]);
  });

  it('refuses a batch that expires in the past or a bad count, before creating anything', async () => {
    const before = await env.platform.db.selectFrom('pin_batches').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect((await issue({ count: 5, points: 100, expiresAt: new Date(env.clock.now().getTime() - 1000).toISOString() })).body.error).toMatchObject({ code: 'validation_failed', fields: { expiresAt: 'invalid' } });
    expect((await issue({ count: 0, points: 100 })).body.error).toMatchObject({ code: 'validation_failed', fields: { count: 'invalid' } });
    const after = await env.platform.db.selectFrom('pin_batches').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('exports the codes once: of parallel exports exactly one gets the CSV, the rest `pins_exported`; the codes redeem', async () => {
    const { body: batch } = await issue({ count: 4, points: 250 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => exportCsv(batch.id)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => (a.body as unknown as { error: { code: string } }).error.code)).toEqual(Array(5).fill('pins_exported'));
    expect(ok[0]!.headers.get('content-type')).toMatch(/text\/csv/);
    expect(ok[0]!.headers.get('content-disposition')).toContain(`pins-batch-${batch.id}.csv`);
    const codes = codesOf(ok[0]!.body);
    expect(codes).toHaveLength(4);
    // Points in GP with two decimals, as the console shows them: 2.50 for 250 hundredths (issue 31 item 6).
    const [header, first] = ok[0]!.body.trim().split('\r\n');
    expect(header).toBe('code,points_gp,expires_at,batch');
    expect(first!.split(',')[1]).toBe('2.50');
    expect(new Set(codes).size).toBe(4);
    for (const code of codes) expect(code).toMatch(PIN_FORMAT);
    // Nothing of the codes stays behind to export again.
    const sealed = await env.platform.db.selectFrom('pins').select('code_sealed').where('batch_id', '=', Number(batch.id)).execute();
    expect(sealed.every((p) => p.code_sealed === null)).toBe(true);
    expect((await exportCsv(batch.id)).status).toBe(409);

    const m = await newMember(env.services, 'Redeemer');
    expect((await api.post('/api/pins/redeem', { token: m.token, json: { code: codes[0] } })).body).toEqual({ points: 250, balance: 250 });
    expect((await listed(batch.id))?.exportedAt).not.toBeNull();
    expect((await listed(batch.id))?.redeemed).toBe(1);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  it('a supervisor voids the unredeemed codes: redeemed ones stay, a voided code is an unknown PIN; an operator may not void', async () => {
    const { body: batch } = await issue({ count: 3, points: 500 });
    const codes = codesOf((await exportCsv(batch.id)).body);
    const m = await newMember(env.services, 'Early');
    expect((await api.post('/api/pins/redeem', { token: m.token, json: { code: codes[0] } })).body).toEqual({ points: 500, balance: 500 });

    const refused = await api.post(`/api/admin/pin-batches/${batch.id}/void`, { token: operator.token });
    expect(refused.status).toBe(403);
    expect((await listed(batch.id))?.voided).toBe(0);

    const voided = await api.post<PinBatch>(`/api/admin/pin-batches/${batch.id}/void`, { token: supervisor.token });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ redeemed: 1, voided: 2, voidedAt: expect.any(String) });

    const late = await newMember(env.services, 'Late');
    const again = await api.post('/api/pins/redeem', { token: late.token, json: { code: codes[1] } });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('pin_not_found');
    // The one redeemed before the void keeps its points.
    expect(await expectLedgerMatchesBalance(env.platform, Number(m.id))).toMatchObject({ balance: 500 });
    expect(await expectLedgerMatchesBalance(env.platform, Number(late.id))).toMatchObject({ balance: 0 });
    const audit = await env.platform.db.selectFrom('audit_log').select(['actor_id', 'after']).where('action', '=', 'pin_batch.voided').where('target_id', '=', batch.id).execute();
    expect(audit).toEqual([{ actor_id: expect.anything(), after: { voided: 2 } }]);
    expect(String(audit[0]!.actor_id)).toBe(supervisor.id);
  });

  it('an expired code is an unknown PIN', async () => {
    const expiresAt = new Date(env.clock.now().getTime() + 60_000).toISOString();
    const { body: batch } = await issue({ count: 1, points: 100, expiresAt });
    const [code] = codesOf((await exportCsv(batch.id)).body);
    env.clock.advanceTo(new Date(Date.parse(expiresAt) + 1000).toISOString());
    const m = await newMember(env.services, 'Tardy');
    expect((await api.post('/api/pins/redeem', { token: m.token, json: { code } })).body.error.code).toBe('pin_not_found');
  });

  it('a member cannot reach the batch routes', async () => {
    const m = await newMember(env.services, 'Nosy');
    expect((await api.get('/api/admin/pin-batches', { token: m.token })).status).toBe(403);
    expect((await issue({ count: 1, points: 100 }, m.token)).status).toBe(403);
  });
});
