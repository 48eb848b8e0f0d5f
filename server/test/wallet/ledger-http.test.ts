import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletService } from '../../src/wallet/service.ts';
import { testServer } from '../support/platform.ts';
import { membersWithLedgerCheck, grantPoints } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';

describe('GET /api/wallet/ledger', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded');
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  const member = membersWithLedgerCheck(() => env);
  /** Five postings of 100, 200, ... 500 in order, then an order of 150: six entries. */
  const history = async (userId: number) => {
    for (let i = 1; i <= 5; i++) await grantPoints(env.platform, userId, i * 100);
    await env.platform.db
      .transaction()
      .execute((trx) => walletService.debit(trx, { userId, account: 'real', kind: 'order', amount: 150, refType: 'order', refId: `o-${userId}` }));
  };

  it('a member sees their entries newest first, each with the balance it left, paged with a total', async () => {
    const m = await member('Pager');
    await history(Number(m.id));

    const first = await api.get('/api/wallet/ledger?page=1&pageSize=4', { token: m.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 4, total: 6 });
    expect(first.body.items).toHaveLength(4);
    expect(first.body.items[0]).toEqual({
      id: expect.any(String),
      kind: 'order',
      account: 'real',
      amount: -150,
      balanceAfter: 1_350,
      refType: 'order',
      refId: `o-${m.id}`,
      productCode: null, // no order of that id: an order's entries name its product
      refundCause: null, // a charge, not a refund
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
    expect(first.body.items.map((e: { amount: number }) => e.amount)).toEqual([-150, 500, 400, 300]);

    const second = await api.get('/api/wallet/ledger?page=2&pageSize=4', { token: m.token });
    expect(second.body).toMatchObject({ page: 2, pageSize: 4, total: 6 });
    expect(second.body.items.map((e: { amount: number; balanceAfter: number }) => [e.amount, e.balanceAfter])).toEqual([
      [200, 300],
      [100, 100],
    ]);

    const beyond = await api.get('/api/wallet/ledger?page=3&pageSize=4', { token: m.token });
    expect(beyond.body).toEqual({ items: [], page: 3, pageSize: 4, total: 6 });
  });

  it('without paging parameters the first 20 entries are returned', async () => {
    const m = await member('Defaults');
    for (let i = 0; i < 22; i++) await grantPoints(env.platform, Number(m.id), 10);
    const res = await api.get('/api/wallet/ledger', { token: m.token });
    expect(res.body).toMatchObject({ page: 1, pageSize: 20, total: 22 });
    expect(res.body.items).toHaveLength(20);
    expect(res.body.items[0].balanceAfter).toBe(220);
  });

  it('a new member has an empty ledger', async () => {
    const m = await member('Empty');
    const res = await api.get('/api/wallet/ledger', { token: m.token });
    expect(res.body).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
  });

  const badQueries: Array<[string, Record<string, string>]> = [
    ['page=0', { page: 'invalid' }],
    ['page=-1', { page: 'invalid' }],
    ['page=abc', { page: 'invalid' }],
    ['page=1.5', { page: 'invalid' }],
    ['pageSize=0', { pageSize: 'invalid' }],
    ['pageSize=101', { pageSize: 'invalid' }],
    ['pageSize=ten', { pageSize: 'invalid' }],
    ['page=1&page=2', { page: 'invalid' }],
  ];
  it.each(badQueries)('?%s is refused with 422 naming the parameter', async (query, fields) => {
    const m = await member('BadQuery');
    const res = await api.get(`/api/wallet/ledger?${query}`, { token: m.token });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual(fields);
  });

  it('the largest page size (100) is accepted', async () => {
    const m = await member('Big');
    const res = await api.get('/api/wallet/ledger?pageSize=100', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.pageSize).toBe(100);
  });

  it("a member never sees another member's entries, and the totals count only their own", async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    await history(Number(alice.id));
    await grantPoints(env.platform, Number(bob.id), 777);

    const bobs = await api.get('/api/wallet/ledger?pageSize=100', { token: bob.token });
    expect(bobs.body.total).toBe(1);
    expect(bobs.body.items).toHaveLength(1);
    expect(bobs.body.items[0]).toMatchObject({ amount: 777, balanceAfter: 777 });

    const alices = await api.get('/api/wallet/ledger?pageSize=100', { token: alice.token });
    expect(alices.body.total).toBe(6);
    expect(alices.body.items.some((e: { amount: number }) => e.amount === 777)).toBe(false);
  });

  it('a guest cannot read any ledger', async () => {
    const res = await api.get('/api/wallet/ledger');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });
});
