import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawEventPayload, DrawWire } from '@gp/common';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { enterResultTwice, secondOperator } from '../support/results.ts';
import { type ClientSocket, connectSocket, drained, emitWithAck, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';

/** CAB01 every 30 s, sales closing 1 s before: an issue is on sale at once, and the test moves the clock past its draw. */
const CAB01_30S = { KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 30, salesCloseSeconds: 1 } }) };

describe.each(MODES)('manual result source (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: string;
  let colleague: string;
  let member: string;
  let socket: ClientSocket;
  beforeAll(async () => {
    env = await testServer(mode, {
      ...CAB01_30S,
      RESULT_SOURCE: 'manual',
      KENO_PRODUCTS: 'CAB01,TWB01',
      OPERATOR_EMAIL: 'draws-op@example.com',
      OPERATOR_PASSWORD: 'draws-op-pass-1',
    });
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    operator = (await api.post('/api/auth/login', { json: { email: 'draws-op@example.com', password: 'draws-op-pass-1' } })).body.token;
    colleague = await secondOperator(env);
    member = (await newMember(env.services)).token;
    socket = await connectSocket(env.url);
  });
  afterAll(async () => {
    socket.close();
    await env.stop();
  });

  // Four eyes: the operator and a colleague each enter the numbers; the answer is the later entry's (or the first refusal).
  const post = async (id: string, numbers: unknown, token = operator) => (await enterResultTwice(env.url, [token, colleague], 'keno_draw', id, { numbers })).second;
  const twenty = Array.from({ length: 20 }, (_, i) => 80 - i * 3);

  it('the draw job leaves a due draw waiting for the operator, and the operator’s numbers are published once', async () => {
    const draws = record(socket, 'draw') as unknown as DrawEventPayload[];
    expect(await emitWithAck(socket, 'subscribe', 'draws:CAB01')).toEqual({ ok: true });
    const onSale = await eventually('an open CAB01 draw', async () => (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=open')).body[0], 3000);

    // Still on sale: nobody may enter its result yet.
    expect((await post(onSale.id, twenty)).body.error).toMatchObject({ code: 'validation_failed', fields: { draw: 'invalid' } });

    // Past its draw time (the clock moves there), its draw job leaves it undrawn: it waits in `closed`.
    env.clock.advanceTo(onSale.drawAt);
    expect(await env.services.keno.drawAtTime(Number(onSale.id))).toBe('manual');
    const closed = (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=closed&limit=100')).body;
    expect(closed.map((d) => d.issue)).toContain(onSale.issue);
    expect(JSON.stringify(closed)).not.toMatch(/"seed"/);
    expect(draws).toEqual([]);

    const accepted = await post(onSale.id, twenty);
    expect(accepted.status).toBe(200);
    expect(accepted.body.state).toBe('published');
    const drawn = (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=drawn&limit=100')).body.find((d) => d.issue === onSale.issue);
    expect(drawn).toMatchObject({
      issue: onSale.issue,
      status: 'drawn',
      resultSource: 'manual',
      result: { numbers: twenty, superNumber: twenty[19], bigSmall: expect.toBeOneOf(['big', 'small', null]) },
    });
    const event = await eventually('the draw event of the issue', () => draws.find((d) => d.issue === onSale.issue), 5000);
    expect(event.result.numbers).toEqual(twenty);

    const again = await post(onSale.id, [...twenty].reverse());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('result_exists');
    expect(again.body.error.fields).toBeUndefined();
    await drained(env.platform, 'draws:CAB01', 'draw', draws);
    expect(draws.filter((d) => d.issue === onSale.issue)).toHaveLength(1);
    const results = (await api.get('/api/results/CAB01')).body;
    expect(results.items[0]).toMatchObject({ issue: onSale.issue, result: { numbers: twenty } });
  });

  it('checks the operator’s numbers against the product: count, range, repeats; members are refused', async () => {
    // A draw waiting for its numbers: the next one on sale, once the clock has passed its cut-off.
    const next = await eventually('an open CAB01 draw', async () => (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=open')).body[0], 3000);
    env.clock.advanceTo(next.salesCloseAt);
    const due = await eventually('a closed CAB01 draw', async () => (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=closed&limit=1')).body[0], 6000);
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
    expect((await api.post('/api/admin/results', { json: { targetType: 'keno_draw', targetId: due.id, result: { numbers: twenty } } })).status).toBe(401);
    expect((await post('999999999', twenty)).body.error.code).toBe('not_found');
    // A malformed id is the one rule of every :id route (http/ids.test.ts): 422, fields.id.
    expect((await post('abc', twenty)).body.error).toMatchObject({ code: 'validation_failed', fields: { targetId: 'invalid' } });
    const row = await env.platform.db.selectFrom('draws').select('status').where('id', '=', Number(due.id)).executeTakeFirstOrThrow();
    expect(row.status).toBe('scheduled');
  });
});
