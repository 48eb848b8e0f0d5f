import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustmentBody, LedgerEntry, Paged } from '@gp/common';
import { ADJUSTMENTS_QUEUE, adjustmentJobId, createAdjustmentService, type AdjustmentJob } from '../../src/admin/service.ts';
import { apiClient } from '../http/api-client.ts';
import { membersWithLedgerCheck, grantPoints } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { jobSettles, queueDrains } from '../support/queues.ts';
import { type ClientSocket, balanceEvent, connectSocket } from '../support/sockets.ts';

describe.each(MODES)('operator wallet adjustments, api → worker → socket (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operatorToken: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    // This file is about the api → worker → socket path: one operator adjusts all day, so the approval bound is out of the way (admin/money-bounds.test.ts has its own tests).
    env = await testServer(mode, { ADJUSTMENT_APPROVAL_POINTS: '100000000' });
    api = apiClient(`${env.url}/api`);
    const email = `operator-${crypto.randomBytes(4).toString('hex')}@example.com`;
    ({ token: operatorToken } = await env.services.auth.createAccount({ name: 'Back office', email, password: 'operator-pass-1', promoOptIn: false }, 'operator'));
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => env?.stop());

  const member = membersWithLedgerCheck(() => env);
  const socketOf = async (token: string) => {
    const socket = await connectSocket(env.url, token);
    sockets.push(socket);
    return socket;
  };
  const adjust = (body: Partial<AdjustmentBody>, key: string | null = crypto.randomUUID(), token = operatorToken) =>
    api.post<{ adjustmentId: string } & { error: { code: string; fields?: Record<string, string> } }>('/admin/adjustments', {
      token,
      json: body,
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  /** The member's ledger entries posted by operator adjustments (test grants excluded). */
  const adjustmentsOf = async (token: string) =>
    (await api.get<Paged<LedgerEntry>>('/wallet/ledger?pageSize=100', { token })).body.items.filter((e) => e.kind === 'adjustment' && e.refType === 'adjustment');
  const queue = () => env.platform.queues.queue<AdjustmentJob>(ADJUSTMENTS_QUEUE);
  const adjustmentRecord = (id: number) => env.platform.db.selectFrom('adjustments').selectAll().where('id', '=', id).executeTakeFirst();

  it('a credit is applied by the worker and pushed to the member’s socket; /api/me and the ledger show it once', async () => {
    const m = await member('Credited');
    const socket = await socketOf(m.token);
    const pushed = balanceEvent(socket, 12_345);

    const res = await adjust({ userId: m.id, amount: 12_345, reason: 'goodwill: delayed draw' }, 'credit-key-1');
    expect(res.status).toBe(202);
    expect(res.body.adjustmentId).toMatch(/^\d+$/);

    expect(await pushed).toMatchObject({ balance: 12_345, trialBalance: 0 });
    expect((await api.get('/me', { token: m.token })).body).toMatchObject({ balance: 12_345, trialBalance: 0 });
    const entries = await adjustmentsOf(m.token);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ account: 'real', amount: 12_345, balanceAfter: 12_345, refType: 'adjustment', refId: res.body.adjustmentId });
    // The back office keeps who did it, to whom, why, and the outcome.
    expect(await adjustmentRecord(Number(res.body.adjustmentId))).toMatchObject({
      user_id: Number(m.id),
      operator_id: expect.any(Number),
      amount: 12_345,
      reason: 'goodwill: delayed draw',
      status: 'applied',
      settled_at: expect.any(Date),
    });
  });

  it('a job that runs again for an applied adjustment posts nothing more', async () => {
    const m = await member('Replayed');
    const socket = await socketOf(m.token);
    const pushed = balanceEvent(socket, 700);
    const res = await adjust({ userId: m.id, amount: 700, reason: 'refund of fee' });
    await pushed;
    const again = await createAdjustmentService(env.platform).apply(Number(res.body.adjustmentId));
    expect(again).toMatchObject({ status: 'already_applied', balances: { balance: 700 } });
    expect((await adjustmentsOf(m.token)).map((e) => e.amount)).toEqual([700]);
  });

  it('a debit takes points back and a trial credit goes to the trial account', async () => {
    const m = await member('Debited');
    await grantPoints(env.platform, Number(m.id), 10_000);
    const socket = await socketOf(m.token);

    const debited = balanceEvent(socket, 7_500);
    expect((await adjust({ userId: m.id, amount: -2_500, reason: 'duplicate deposit' })).status).toBe(202);
    expect(await debited).toMatchObject({ balance: 7_500, trialBalance: 0 });

    const trialCredited = balanceEvent(socket, { balance: 7_500, trialBalance: 50_000 });
    expect((await adjust({ userId: m.id, amount: 50_000, account: 'trial', reason: 'trial top-up' })).status).toBe(202);
    await trialCredited;
    expect((await api.get('/me', { token: m.token })).body).toMatchObject({ balance: 7_500, trialBalance: 50_000 });
    expect((await adjustmentsOf(m.token)).map((e) => [e.account, e.amount])).toEqual([
      ['trial', 50_000],
      ['real', -2_500],
    ]);
  });

  it('the same Idempotency-Key posted twice (even at once) applies once; reusing it for another body is refused', async () => {
    const m = await member('Twice');
    const socket = await socketOf(m.token);
    const body = { userId: m.id, amount: 4_000, reason: 'compensation' };
    const [first, second] = await Promise.all([adjust(body, 'same-key'), adjust(body, 'same-key')]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.adjustmentId).toBe(first.body.adjustmentId);

    // A later, different adjustment as a barrier; then nothing may be left to run.
    const both = balanceEvent(socket, 4_001);
    expect((await adjust({ userId: m.id, amount: 1, reason: 'barrier' }, 'other-key')).status).toBe(202);
    await both;
    await queueDrains(queue());
    expect((await api.get('/me', { token: m.token })).body.balance).toBe(4_001);
    expect((await adjustmentsOf(m.token)).map((e) => e.amount).sort()).toEqual([1, 4_000]);

    const reused = await adjust({ ...body, amount: 9_999 }, 'same-key');
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
  });

  it('a debit that would overdraw fails at once (no retries) and leaves the balance unchanged', async () => {
    const m = await member('Overdrawn');
    await grantPoints(env.platform, Number(m.id), 1_000);
    const res = await adjust({ userId: m.id, amount: -5_000, reason: 'chargeback' });
    expect(res.status).toBe(202);

    const { job, state } = await jobSettles(queue(), adjustmentJobId(Number(res.body.adjustmentId)));
    expect(state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toContain('insufficient_points');
    expect(await adjustmentRecord(Number(res.body.adjustmentId))).toMatchObject({ status: 'refused', reason: 'chargeback', amount: -5_000 });
    expect((await api.get('/me', { token: m.token })).body.balance).toBe(1_000);
    expect(await adjustmentsOf(m.token)).toEqual([]);
  });

  it('only operators may adjust, with an Idempotency-Key and a valid body naming a real member', async () => {
    const m = await member('Guarded');
    const valid = { userId: m.id, amount: 100, reason: 'test' };
    expect((await api.post('/admin/adjustments', { json: valid, headers: { 'Idempotency-Key': 'k' } })).status).toBe(401);
    const asMember = await adjust(valid, 'k', m.token);
    expect([asMember.status, asMember.body.error.code]).toEqual([403, 'forbidden']);
    const keyless = await adjust(valid, null);
    expect([keyless.status, keyless.body.error.code]).toEqual([400, 'idempotency_key_required']);

    const cases: [Partial<AdjustmentBody>, Record<string, string>][] = [
      [{ ...valid, amount: 0 }, { amount: 'invalid' }],
      [{ ...valid, amount: 1.5 }, { amount: 'invalid' }],
      [{ ...valid, amount: 100_000_001 }, { amount: 'invalid' }],
      [{ ...valid, amount: undefined }, { amount: 'required' }],
      [{ ...valid, reason: '  ' }, { reason: 'required' }],
      [{ ...valid, reason: 'x'.repeat(201) }, { reason: 'invalid' }],
      [{ ...valid, account: 'bonus' as never }, { account: 'invalid' }],
      [{ ...valid, userId: 'abc' }, { userId: 'invalid' }],
      [{ ...valid, userId: '987654321' }, { userId: 'invalid' }], // well-formed, but no such member
    ];
    for (const [body, fields] of cases) {
      const res = await adjust(body);
      expect([res.status, res.body.error?.code, res.body.error?.fields], JSON.stringify(body)).toEqual([422, 'validation_failed', fields]);
    }
    expect(await env.platform.db.selectFrom('adjustments').select('id').where('user_id', '=', 987654321).execute()).toEqual([]);
    expect(await adjustmentsOf(m.token)).toEqual([]);
  });
});
