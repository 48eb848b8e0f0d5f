import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawEventPayload, DrawWire } from '@gp/common';
import { apiClient } from '../http/api-client.ts';
import { connectSocket, emitWithAck, record, type ClientSocket } from '../realtime/socket-client.ts';
import { newMember } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { FAST_CAB01, waitForValue } from './support.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(MODES)('manual result source (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: string;
  let member: string;
  let socket: ClientSocket;
  beforeAll(async () => {
    env = await testServer(mode, {
      ...FAST_CAB01,
      RESULT_SOURCE: 'manual',
      KENO_PRODUCTS: 'CAB01,TWB01',
      OPERATOR_EMAIL: 'draws-op@example.com',
      OPERATOR_PASSWORD: 'draws-op-pass-1',
    });
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    operator = (await api.post('/api/auth/login', { json: { email: 'draws-op@example.com', password: 'draws-op-pass-1' } })).body.token;
    member = (await newMember(env.services)).token;
    socket = await connectSocket(env.url);
  });
  afterAll(async () => {
    socket.close();
    await env.stop();
  });

  const post = (id: string, numbers: unknown, token = operator) => api.post(`/api/admin/draws/${id}/result`, { token, json: { numbers } });
  const twenty = Array.from({ length: 20 }, (_, i) => 80 - i * 3);

  it('the draw job leaves a due draw waiting for the operator, and the operator’s numbers are published once', async () => {
    const draws = record(socket, 'draw') as unknown as DrawEventPayload[];
    expect(await emitWithAck(socket, 'subscribe', 'draws:CAB01')).toEqual({ ok: true });
    // Sales are open 3 s of every 4: wait for an issue on sale.
    const onSale = await waitForValue(async () => (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=open')).body[0], 3000);

    // Still on sale: nobody may enter its result yet.
    expect((await post(onSale.id, twenty)).body.error).toMatchObject({ code: 'validation_failed', fields: { draw: 'invalid' } });

    // Past its draw time (and its job's), it is still not drawn: it waits in `closed`.
    await sleep(new Date(onSale.drawAt).getTime() - Date.now() + 1500);
    const closed = (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=closed&limit=100')).body;
    expect(closed.map((d) => d.issue)).toContain(onSale.issue);
    expect(JSON.stringify(closed)).not.toMatch(/"seed"/);
    expect(draws).toEqual([]);

    const accepted = await post(onSale.id, twenty);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      issue: onSale.issue,
      status: 'drawn',
      resultSource: 'manual',
      result: { numbers: twenty, superNumber: twenty[19], bigSmall: expect.toBeOneOf(['big', 'small', null]) },
    });
    const event = await waitForValue(() => draws.find((d) => d.issue === onSale.issue), 5000);
    expect(event.result.numbers).toEqual(twenty);

    const again = await post(onSale.id, [...twenty].reverse());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('result_exists');
    expect(again.body.error.fields).toBeUndefined();
    await sleep(300);
    expect(draws.filter((d) => d.issue === onSale.issue)).toHaveLength(1);
    const results = (await api.get('/api/results/CAB01')).body;
    expect(results.items[0]).toMatchObject({ issue: onSale.issue, result: { numbers: twenty } });
  });

  it('checks the operator’s numbers against the product: count, range, repeats; members are refused', async () => {
    const due = await waitForValue(async () => (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=closed&limit=1')).body[0], 6000);
    const cases: Array<[unknown, Record<string, string>]> = [
      [twenty.slice(1), { numbers: 'invalid' }],
      [[...twenty, 1], { numbers: 'too_many_numbers' }],
      [[...twenty.slice(1), 81], { numbers: 'number_out_of_range' }],
      [[...twenty.slice(1), twenty[1]], { numbers: 'duplicate_number' }],
      [[...twenty.slice(1), 1.5], { 'numbers.19': 'invalid' }],
      ['1,2,3', { numbers: 'required' }],
    ];
    for (const [numbers, fields] of cases) {
      const res = await post(due.id, numbers);
      expect({ numbers, status: res.status, fields: res.body.error?.fields }).toEqual({ numbers, status: 422, fields });
    }
    expect((await post(due.id, twenty, member)).status).toBe(403);
    expect((await api.post(`/api/admin/draws/${due.id}/result`, { json: { numbers: twenty } })).status).toBe(401);
    expect((await post('999999999', twenty)).body.error.code).toBe('not_found');
    expect((await post('abc', twenty)).body.error.code).toBe('not_found');
    const row = await env.platform.db.selectFrom('draws').select('status').where('id', '=', due.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('scheduled');
  });
});
