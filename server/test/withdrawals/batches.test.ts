import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_ENV, newStaff } from '../admin/support.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { verified, winPrize, withdraw, WITHDRAWAL_ENV, withdrawalMessagesOf } from './support.ts';

/** Issue 33: the bank batch file is a recorded batch (never paid twice), and the member's inbox tells each step once. */
describe('bank-transfer batches and the inbox of a withdrawal', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let sue: Awaited<ReturnType<typeof newStaff>>;
  let otto: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    // Each approver's rolling-day bound far off: these approvals are alone (four eyes is withdrawals.test.ts's).
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, ...WITHDRAWAL_ENV, ADJUSTMENT_APPROVAL_POINTS: '100000000' });
    api = apiClient(env.url);
    [sue, otto] = await Promise.all([newStaff(env, 'supervisor', 'Sue'), newStaff(env, 'operator', 'Otto')]);
  });
  afterAll(() => env?.stop());

  /** A verified winner with `count` approved withdrawals of 100 GP each; their ids. */
  async function approvedWithdrawals(name: string, count: number) {
    const m = await newMember(env.services, name);
    await winPrize(env.platform, m.id, count * 10_000 + 10_000);
    await verified(env.url, m.token, otto.token);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const w = await withdraw(env.url, m.token, 10_000);
      expect(w.status, JSON.stringify(w.body)).toBe(201);
      const approved = await api.post(`/api/admin/withdrawals/${w.body.id}/approve`, { token: sue.token });
      expect(approved.body.state, JSON.stringify(approved.body)).toBe('approved');
      ids.push(w.body.id);
    }
    return { member: m, ids };
  }

  const exportBatch = async (query = '') => {
    const res = await fetch(`${env.url}/api/admin/withdrawals/batch?format=csv${query}`, { headers: { Authorization: `Bearer ${otto.token}` } });
    return { status: res.status, batchId: res.headers.get('x-batch-id'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  /** The withdrawal ids a batch file names (its reference column, `W<id>`). */
  const idsIn = (bytes: Buffer) => [...bytes.toString('utf8').matchAll(/,W(\d+),/g)].map((m) => m[1]!);

  it('an export records a batch: the same batch downloads byte for byte, the next export holds only what came after, the batch is paid once', async () => {
    // Whatever earlier tests left approved goes into a batch of its own first.
    await exportBatch();
    const { member, ids } = await approvedWithdrawals('Batched', 2);

    const first = await exportBatch();
    expect(first.status).toBe(200);
    expect(first.batchId).toMatch(/^\d+$/);
    expect(idsIn(first.bytes).sort()).toEqual([...ids].sort());

    // Downloading it again gives the same file; exporting again does not pay them twice.
    const again = await exportBatch(`&batchId=${first.batchId}`);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const empty = await exportBatch();
    expect(empty.batchId).toBeNull();
    expect(idsIn(empty.bytes)).toEqual([]);
    expect(empty.bytes.toString('utf8')).toBe('bank_code,account_number,account_name,amount,reference,memo\r\n');

    // A withdrawal approved after the export goes into the next batch, alone.
    const later = await approvedWithdrawals('Later', 1);
    const second = await exportBatch();
    expect(second.batchId).not.toBe(first.batchId);
    expect(idsIn(second.bytes)).toEqual(later.ids);
    // The first batch is still what it was.
    expect((await exportBatch(`&batchId=${first.batchId}`)).bytes.equals(first.bytes)).toBe(true);
    expect((await exportBatch('&batchId=999999999')).status).toBe(404);
    expect((await exportBatch('&batchId=abc')).status).toBe(422);

    // Sent to the bank: it can no longer be rejected (the bank may pay it), only marked paid.
    const refused = await api.post(`/api/admin/withdrawals/${ids[0]}/reject`, { token: sue.token, json: { reason: 'too late' } });
    expect(refused.body.error.code).toBe('withdrawal_in_batch');

    const list = (await api.get('/api/admin/withdrawals/batches', { token: otto.token })).body.items as any[];
    expect(list.find((b) => b.id === first.batchId)).toMatchObject({ count: 2, totalPoints: 20_000, createdBy: otto.id, createdByName: 'Otto', paidReference: null });

    expect((await api.post(`/api/admin/withdrawals/batches/${first.batchId}/paid`, { token: sue.token, json: {} })).body.error.fields).toEqual({ reference: 'required' });
    const paid = await api.post(`/api/admin/withdrawals/batches/${first.batchId}/paid`, { token: sue.token, json: { reference: 'BANK-BATCH-7' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ id: first.batchId, paidReference: 'BANK-BATCH-7' });
    expect((await api.post(`/api/admin/withdrawals/batches/${first.batchId}/paid`, { token: sue.token, json: { reference: 'again' } })).body.error.code).toBe('withdrawal_state');
    const mine = (await api.get('/api/withdrawals', { token: member.token })).body.items as any[];
    expect(mine.filter((w) => ids.includes(w.id)).map((w) => [w.state, w.paidReference])).toEqual([
      ['paid', 'BANK-BATCH-7'],
      ['paid', 'BANK-BATCH-7'],
    ]);
    // Members cannot reach batches.
    expect((await api.get('/api/admin/withdrawals/batches', { token: member.token })).status).toBe(403);
    await expectLedgerMatchesBalance(env.platform, Number(member.id));
  });

  it('ten exports at once put each approved withdrawal in exactly one batch', async () => {
    await exportBatch();
    const { ids } = await approvedWithdrawals('Racing', 6);
    const exports = await Promise.all(Array.from({ length: 10 }, () => exportBatch()));
    expect(exports.every((e) => e.status === 200)).toBe(true);
    const named = exports.flatMap((e) => idsIn(e.bytes));
    expect(named.sort()).toEqual([...ids].sort()); // each once, across all files
    expect(exports.filter((e) => e.batchId !== null)).toHaveLength(1);
    const rows = await env.platform.db.selectFrom('withdrawals').select(['id', 'batch_id']).where('id', 'in', ids.map(Number)).execute();
    expect(new Set(rows.map((r) => String(r.batch_id))).size).toBe(1);
  });

  it('each step writes exactly one inbox message: requested, approved, paid with its reference; rejected with its reason, cancelled, and the points returned', async () => {
    const m = await newMember(env.services, 'Told');
    await winPrize(env.platform, m.id, 100_000);
    await verified(env.url, m.token, otto.token);

    const paidOne = (await withdraw(env.url, m.token, 10_000)).body.id as string;
    await api.post(`/api/admin/withdrawals/${paidOne}/approve`, { token: sue.token });
    await api.post(`/api/admin/withdrawals/${paidOne}/paid`, { token: sue.token, json: { reference: 'TXN-9' } });
    const rejectedOne = (await withdraw(env.url, m.token, 10_000)).body.id as string;
    // Two staff reject at once: one rejection, one message, one return.
    await Promise.all([sue, otto].map((s) => api.post(`/api/admin/withdrawals/${rejectedOne}/reject`, { token: s.token, json: { reason: 'name differs' } })));
    const cancelledOne = (await withdraw(env.url, m.token, 10_000)).body.id as string;
    await Promise.all([1, 2].map(() => api.post(`/api/withdrawals/${cancelledOne}/cancel`, { token: m.token })));

    const messages = await withdrawalMessagesOf(env.platform, m.id);
    const steps = (id: string) => messages.filter((x) => x.withdrawalId === id).map((x) => x.step);
    expect(steps(paidOne)).toEqual(['requested', 'approved', 'paid']);
    expect(messages.find((x) => x.withdrawalId === paidOne && x.step === 'paid')!.reference).toBe('TXN-9');
    expect(steps(rejectedOne)).toEqual(['requested', 'rejected', 'returned']);
    expect(messages.find((x) => x.withdrawalId === rejectedOne && x.step === 'rejected')!.reason).toBe('name differs');
    expect(steps(cancelledOne)).toEqual(['requested', 'cancelled', 'returned']);
    // The member reads them in their inbox.
    const inbox = (await api.get('/api/inbox?limit=50', { token: m.token })).body.items as any[];
    expect(inbox.filter((i) => i.kind === 'withdrawal')).toHaveLength(9);
    expect(await env.services.withdrawals.list(Number(m.id))).toHaveLength(3);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });
});
