import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_QUEUE, purchaseJobId } from '../../src/orders/service.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { FAST_ONLY_CAB01, key, openIssue, threeUnits } from './support.ts';

describe.each(MODES)('a simulated gateway that always fails (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer(mode, { ...FAST_ONLY_CAB01, PURCHASE_LATENCY_MS: '10', PURCHASE_FAILURE_RATE: '1' });
  });
  afterAll(() => env.stop());

  it('the purchase job is retried, the order stays processing, and the timeout ends it in 9 with one refund', async () => {
    const api = apiClient(env.url);
    const m = await newMember(env.services, 'Unlucky');
    await grantPoints(env.platform, Number(m.id), 1000);
    const { issue } = await openIssue(env.platform, 1200);
    const res = await api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    const id = res.body.order.id as string;
    const job = await eventually('a failed purchase attempt', async () => {
      const found = await env.platform.queues.queue(PURCHASE_QUEUE).getJob(purchaseJobId(Number(id), res.body.order.createdAt));
      return found && found.attemptsMade >= 1 ? found : undefined;
    }, 5000);
    expect(job.attemptsMade).toBeGreaterThanOrEqual(1);
    const order = await eventually('the order to be refunded (9)', async () => {
      const read = await api.get(`/api/orders/${id}`, { token: m.token });
      return read.body.order.status === 9 ? read.body.order : undefined;
    }, 8000);
    expect(order.history.map((h: { from: number | null; to: number }) => [h.from, h.to])).toEqual([[null, 0], [0, 1], [1, 9]]);
    const refunds = await env.platform.db.selectFrom('ledger').selectAll().where('kind', '=', 'refund').where('ref_id', '=', id).execute();
    expect(refunds).toHaveLength(1);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(1000);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  }, 20_000);
});
