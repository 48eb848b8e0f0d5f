import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { KENO_PRODUCTS, kenoMaxPrize } from '@gp/common';
import { PURCHASE_QUEUE, purchaseJobId } from '../../src/orders/service.ts';
import { createDb } from '../../src/db/database.ts';
import { kenoOrders } from '../../src/games/keno/order.ts';
import { orderPlumbing } from '../../src/orders/placement.ts';
import { isKeyTaken } from '../../src/platform/idempotency.ts';
import { walletService } from '../../src/wallet/service.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { MODES, testServer } from '../support/platform.ts';
import { type ClientSocket, connectSocket, record } from '../support/sockets.ts';
import { atLeast } from '../support/wait.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from './support.ts';

describe.each(MODES)('keno orders: quote, place, read (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const members: string[] = [];
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    env = await testServer(mode, { ...SLOW_CAB01, PURCHASE_LATENCY_MS: '150' });
    api = apiClient(env.url);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const id of members.splice(0)) await expectLedgerMatchesBalance(env.platform, Number(id));
  });
  afterAll(() => env.stop());

  const member = async (points = 0, trial = 0) => {
    const m = await newMember(env.services, 'Buyer');
    members.push(m.id);
    if (points) await grantPoints(env.platform, Number(m.id), points);
    if (trial) await grantPoints(env.platform, Number(m.id), trial, 'trial');
    return m;
  };
  const place = (token: string, body: unknown, idempotencyKey: string | null = key()) =>
    api.post('/api/orders', { token, json: body, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} });
  const balances = async (token: string) => (await api.get('/api/me', { token })).body as { balance: number; trialBalance: number };

  it('quotes units, bets, stake, fee, max prize and the GP total', async () => {
    const m = await member();
    const { issue } = await openIssue(env.platform, 1000);
    const plays = [
      { type: 'pick', stars: 3, numbers: [1, 2, 3] },
      { type: 'pick', stars: 1, numbers: [40] },
    ];
    const res = await api.post('/api/orders/quote', { token: m.token, json: { productCode: 'CAB01', issue, multiplier: 2, plays } });
    expect(res.status).toBe(200);
    const maxPrize = kenoMaxPrize(KENO_PRODUCTS.CAB01, { multiplier: 2, plays: plays as never });
    expect(res.body).toEqual({
      units: 4,
      bets: 2,
      stake: { amount: 400, currency: 'CAD' },
      fee: { amount: 0, currency: 'CAD' },
      maxPrize,
      total: 400,
      // The most it can win in GP at the market rate (CA$1.37 a GP, rounded down like a prize), and both rates.
      maxPrizePoints: Math.floor((maxPrize.amount * 73) / 100),
      rates: { price: { numerator: 1, denominator: 1, currency: 'CAD' }, prize: { numerator: 73, denominator: 100, currency: 'CAD' } },
    });
    expect(maxPrize.amount).toBeGreaterThan(0);
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 0 })); // a quote debits nothing
  });

  it('refuses with the stable codes: product, fields, pick count, minimum, Idempotency-Key', async () => {
    const m = await member(10_000);
    const { issue } = await openIssue(env.platform, 1000);
    const cases: Array<[unknown, number, string, Record<string, unknown>?]> = [
      [threeUnits(issue, { productCode: 'TWB01' }), 404, 'product_not_found'], // not sold by this deployment
      [threeUnits(issue, { productCode: 'ZZZ99' }), 404, 'product_not_found'],
      [threeUnits(issue, { plays: [{ type: 'pick', stars: 3, numbers: [1, 2, 81] }] }), 422, 'validation_failed', { fields: { 'plays.0.numbers': 'number_out_of_range' } }],
      [threeUnits(issue, { plays: [{ type: 'pick', stars: 3, numbers: [1, 1, 2] }] }), 422, 'validation_failed', { fields: { 'plays.0.numbers': 'duplicate_number' } }],
      [threeUnits(issue, { plays: [{ type: 'lotto' }] }), 422, 'validation_failed'],
      [threeUnits(issue, { plays: [{ type: 'pick', stars: 2, numbers: [1, 2, 3] }], multiplier: 3 }), 422, 'selection_exceeds_pick_count'],
      [threeUnits(issue, { plays: [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }] }), 422, 'below_minimum_purchase', { details: { minimum: 3, units: 1 } }],
    ];
    for (const [body, status, code, more] of cases) {
      for (const path of ['/api/orders/quote', '/api/orders']) {
        const res = await api.post(path, { token: m.token, json: body, headers: { 'Idempotency-Key': key() } });
        expect({ path, status: res.status, code: res.body.error?.code }).toEqual({ path, status, code });
        if (more) expect(res.body.error).toMatchObject(more);
      }
    }
    const noKey = await place(m.token, threeUnits(issue), null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe('idempotency_key_required');
    expect((await api.post('/api/orders', { json: threeUnits(issue), headers: { 'Idempotency-Key': key() } })).status).toBe(401);
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 10_000 }));
    const list = await api.get('/api/orders', { token: m.token });
    expect(list.body.total).toBe(0);
  });

  it('sales_closed for an issue past its cut-off, naming the issue on sale', async () => {
    const m = await member(10_000);
    const open = await openIssue(env.platform, 1000);
    const past = new Date(Date.now() - 60_000);
    await env.platform.db
      .insertInto('draws')
      .values({ product_code: 'CAB01', issue: '999000001', sales_open_at: new Date(past.getTime() - 30_000), sales_close_at: past, draw_at: new Date(past.getTime() + 1000), seed_hash: 'x'.repeat(64), seed: 's' })
      .execute();
    for (const issue of ['999000001', '123']) {
      for (const path of ['/api/orders/quote', '/api/orders']) {
        const res = await api.post(path, { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe('sales_closed');
        expect([open.issue, String(Number(open.issue) + 1)]).toContain(res.body.error.details.nextIssue);
      }
    }
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 10_000 }));
  });

  it('insufficient_points when the balance is below the total; nothing is recorded', async () => {
    const m = await member(299);
    const { issue } = await openIssue(env.platform, 1000);
    const res = await place(m.token, threeUnits(issue));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('insufficient_points');
    expect((await api.get('/api/orders', { token: m.token })).body.total).toBe(0);
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 299 }));
  });

  it('100 concurrent orders on a balance that covers 10: exactly 10 placed, 90 insufficient_points', async () => {
    const m = await member(3000);
    const { issue } = await openIssue(env.platform, 12_000);
    const results = await Promise.all(Array.from({ length: 100 }, () => place(m.token, threeUnits(issue))));
    const statuses = results.map((r) => (r.status === 201 ? 'created' : r.body.error.code));
    expect(statuses.filter((s) => s === 'created')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'insufficient_points')).toHaveLength(90);
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 0 }));
    const list = await api.get('/api/orders?pageSize=100', { token: m.token });
    expect(list.body.total).toBe(10);
    const debits = await env.platform.db.selectFrom('ledger').select(['ref_id']).where('user_id', '=', Number(m.id)).where('kind', '=', 'order').execute();
    expect(new Set(debits.map((d) => d.ref_id))).toEqual(new Set(list.body.items.map((o: { id: string }) => o.id)));
   }, 60_000);

  it('20 parallel requests with one Idempotency-Key: one order, one debit, the same answer', async () => {
    const m = await member(1000);
    const { issue } = await openIssue(env.platform, 5000);
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => place(m.token, threeUnits(issue), k)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const ids = new Set(results.map((r) => r.body.order.id));
    expect(ids.size).toBe(1);
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 700 }));
    const debits = await env.platform.db.selectFrom('ledger').selectAll().where('user_id', '=', Number(m.id)).where('kind', '=', 'order').execute();
    expect(debits).toHaveLength(1);
    const reused = await place(m.token, threeUnits(issue, { multiplier: 2 }), k);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
  });

  it('an order lives 0 → 1 → 2, told over `order` events to its owner only; auto picks are filled in', async () => {
    const owner = await member(1000);
    const other = await member(1000);
    const [ownerSocket, otherSocket] = await Promise.all([connectSocket(env.url, owner.token), connectSocket(env.url, other.token)]);
    sockets.push(ownerSocket, otherSocket);
    const heard = record(ownerSocket, 'order');
    const heardBalance = record(ownerSocket, 'balance');
    const overheard = record(otherSocket, 'order');
    const { issue } = await openIssue(env.platform, 5000);
    const body = { productCode: 'CAB01', issue, multiplier: 3, plays: [{ type: 'pick', stars: 3, auto: true }] };
    const res = await place(owner.token, body);
    expect(res.status).toBe(201);
    const { order } = res.body;
    expect(order).toMatchObject({ productCode: 'CAB01', issue, status: 0, statusLabel: 'pending_confirmation', multiplier: 3, units: 3, pointsSpent: 300, trial: false, ticketRef: null, prize: null });
    const numbers = order.selections[0].numbers as number[];
    expect(numbers).toHaveLength(3);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= 80)).toBe(true);

    await atLeast(heard, 3, 10_000);
    expect(heard.map((e) => [e.id, e.prevStatus, e.status])).toEqual([
      [order.id, null, 0],
      [order.id, 0, 1],
      [order.id, 1, 2],
    ]);
    await atLeast(heardBalance);
    expect(heardBalance[0]).toMatchObject({ balance: 700 });
    const read = await api.get(`/api/orders/${order.id}`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.body.order).toMatchObject({ id: order.id, status: 2, statusLabel: 'purchase_successful' });
    expect(read.body.order.ticketRef).toMatch(new RegExp(`^SIM-${issue}-${order.id}-`));
    expect(read.body.order.history.map((h: { from: number | null; to: number }) => [h.from, h.to])).toEqual([[null, 0], [0, 1], [1, 2]]);
    expect(overheard).toEqual([]);
  }, 20_000);

  it('a trial order is status 8, debits the trial account only and is never purchased', async () => {
    const m = await member(500, 1000);
    const { issue } = await openIssue(env.platform, 2000);
    const res = await place(m.token, threeUnits(issue, { trial: true }));
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ status: 8, statusLabel: 'trial_play', trial: true, pointsSpent: 300 });
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 500, trialBalance: 700 }));
    const entry = await env.platform.db.selectFrom('ledger').selectAll().where('user_id', '=', Number(m.id)).where('kind', '=', 'order').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ account: 'trial', amount: -300, ref_type: 'order', ref_id: res.body.order.id });
    // Everything the placement left to do afterwards has been done (the outbox is drained): no purchase was queued.
    await env.platform.outbox.drain();
    expect(await env.platform.queues.queue(PURCHASE_QUEUE).getJob(purchaseJobId(res.body.order.id, res.body.order.createdAt))).toBeUndefined();
    expect((await api.get(`/api/orders/${res.body.order.id}`, { token: m.token })).body.order.status).toBe(8);
  });

  it('the answer is the order as it reads back, and a replay is the same answer even after its sales closed', async () => {
    const m = await member(1000, 1000);
    const { issue } = await openIssue(env.platform, 5000);
    const k = key();
    const res = await place(m.token, threeUnits(issue, { trial: true }), k);
    expect(res.status).toBe(201);
    const { history, ...read } = (await api.get(`/api/orders/${res.body.order.id}`, { token: m.token })).body.order;
    expect(read).toEqual(res.body.order);
    expect(history).toEqual([{ from: null, to: 8, at: res.body.order.createdAt, reason: 'trial order placed' }]);

    // The issue's sales close: a new order is refused, the replay still answers what it answered.
    await env.platform.db.updateTable('draws').set({ sales_close_at: new Date(Date.now() - 1000) }).where('product_code', '=', 'CAB01').where('issue', '=', issue).execute();
    expect((await place(m.token, threeUnits(issue, { trial: true }))).body.error.code).toBe('sales_closed');
    const replay = await place(m.token, threeUnits(issue, { trial: true }), k);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(res.body);
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 1000, trialBalance: 700 }));
  });

  it('a draw whose cut-off moves while on sale: the next order carries the new cut-off, nothing is refused', async () => {
    const m = await member(1000);
    const { issue } = await openIssue(env.platform, 8000);
    const first = await place(m.token, threeUnits(issue));
    expect(first.status).toBe(201);
    const later = new Date(Date.parse(first.body.order.salesCloseAt) + 2000);
    await env.platform.db.updateTable('draws').set({ sales_close_at: later }).where('product_code', '=', 'CAB01').where('issue', '=', issue).execute();
    const second = await place(m.token, threeUnits(issue));
    expect(second.status).toBe(201);
    expect(second.body.order.salesCloseAt).toBe(later.toISOString());
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 400 }));
  });

  it('members ordering at the same moment: each order is placed or refused on its own', async () => {
    const { issue } = await openIssue(env.platform, 8000);
    const rich = await Promise.all(Array.from({ length: 8 }, () => member(1000)));
    const poor = await Promise.all(Array.from({ length: 8 }, () => member(200)));
    const owing = await Promise.all(Array.from({ length: 4 }, () => member(1000)));
    for (const m of owing) {
      await env.platform.db.transaction().execute((trx) => walletService.clawBack(trx, { userId: Number(m.id), kind: 'deposit', amount: 1500, refType: 'deposit-refund', refId: `crowd-${m.id}` }));
      await grantPoints(env.platform, Number(m.id), 1000);
    }
    const everyone = [...rich, ...poor, ...owing];
    const results = await Promise.all(everyone.map((m) => place(m.token, threeUnits(issue))));
    expect(results.map((r) => (r.status === 201 ? 'placed' : r.body.error.code))).toEqual([...Array(8).fill('placed'), ...Array(8).fill('insufficient_points'), ...Array(4).fill('wallet_debt')]);
    // Each placed order is its member's own, charged once.
    for (const [i, m] of rich.entries()) {
      const { items } = (await api.get('/api/orders', { token: m.token })).body;
      expect(items.map((o: { id: string }) => o.id)).toEqual([results[i]!.body.order.id]);
      expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 700 }));
    }
    for (const m of [...poor, ...owing]) expect((await api.get('/api/orders', { token: m.token })).body.total).toBe(0);
  });

  it('a batch whose statement fails on one order (its key already taken) still places the others, each once', async () => {
    const { issue } = await openIssue(env.platform, 8000);
    const [a, b, c] = await Promise.all([member(1000), member(1000), member(1000)]);
    const k = key();
    expect((await place(a.token, threeUnits(issue), k)).status).toBe(201);
    // The same three orders as the server would batch them, built with the server's own parts.
    const plumbing = orderPlumbing(env.platform);
    const keno = kenoOrders(env.platform);
    const placementOf = async (m: { id: string }, idempotencyKey: string) =>
      plumbing.placement(Number(m.id), idempotencyKey, threeUnits(issue), await keno.prepare(Number(m.id), threeUnits(issue) as never)(true));
    const outcomes = await plumbing.placeTogether([await placementOf(a, k), await placementOf(b, key()), await placementOf(c, key())]);
    const first = outcomes[0]!;
    expect(first.status === 'rejected' && isKeyTaken(first.reason)).toBe(true);
    expect(outcomes.slice(1).map((o) => o.status === 'fulfilled' && typeof o.value)).toEqual(['number', 'number']);
    expect(await balances(a.token)).toEqual(expect.objectContaining({ balance: 700 }));
    for (const m of [b, c]) {
      expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 700 }));
      expect((await api.get('/api/orders', { token: m.token })).body.total).toBe(1);
    }
  });

  it('orders whose draws are checked differently never share a statement: each is held to its own check', async () => {
    const { issue } = await openIssue(env.platform, 8000);
    const [a, b] = await Promise.all([member(1000), member(1000)]);
    const plumbing = orderPlumbing(env.platform);
    const keno = kenoOrders(env.platform);
    const kenoOrder = plumbing.placement(Number(a.id), key(), threeUnits(issue), await keno.prepare(Number(a.id), threeUnits(issue) as never)(true));
    // Another family's order whose draw is never on sale by its own check.
    const prepared = await keno.prepare(Number(b.id), threeUnits(issue) as never)(true);
    const closed = plumbing.placement(Number(b.id), key(), threeUnits(issue), { ...prepared, sale: { ...prepared.sale, stillOnSale: sql<boolean>`false` } });
    const outcomes = await plumbing.placeTogether([kenoOrder, closed]);
    expect(outcomes.map((o) => o.status === 'fulfilled' && typeof o.value)).toEqual(['number', 'undefined']);
    expect(await balances(a.token)).toEqual(expect.objectContaining({ balance: 700 }));
    expect(await balances(b.token)).toEqual(expect.objectContaining({ balance: 1000 }));
  });

  it('two statements sharing members in opposite orders queue on the wallets, never deadlock', async () => {
    const { issue } = await openIssue(env.platform, 10_000);
    const crowd = await Promise.all(Array.from({ length: 16 }, () => member(4000)));
    // With many wallets PostgreSQL visits them in the statement's order (an index lookup per
    // order), not in the table's: forced here, on connections of their own.
    const planned = createDb(`${env.platform.connectionString}?options=${encodeURIComponent('-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off')}`, 4);
    onTestFinished(() => planned.db.destroy());
    const plumbing = orderPlumbing({ ...env.platform, db: planned.db });
    const keno = kenoOrders(env.platform);
    const placementOf = async (m: { id: string }) => plumbing.placement(Number(m.id), key(), threeUnits(issue), await keno.prepare(Number(m.id), threeUnits(issue) as never)(true));
    const deadlocks = async () => Number((await sql<{ n: string }>`select deadlocks as n from pg_stat_database where datname = current_database()`.execute(env.platform.db)).rows[0]!.n);
    const before = await deadlocks();
    for (let round = 0; round < 6; round++) {
      const forward = await Promise.all(crowd.map(placementOf));
      const backward = await Promise.all([...crowd].reverse().map(placementOf));
      const outcomes = (await Promise.all([plumbing.placeTogether(forward), plumbing.placeTogether(backward)])).flat();
      expect(outcomes.every((o) => o.status === 'fulfilled' && typeof o.value === 'number')).toBe(true);
    }
    expect(await deadlocks()).toBe(before);
    for (const m of crowd) expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 4000 - 12 * 300 }));
  }, 60_000);

  it('a key whose order was refused places it afresh once the member can pay', async () => {
    const m = await member(200);
    const { issue } = await openIssue(env.platform, 5000);
    const k = key();
    expect((await place(m.token, threeUnits(issue), k)).body.error.code).toBe('insufficient_points');
    await grantPoints(env.platform, Number(m.id), 100);
    const res = await place(m.token, threeUnits(issue), k);
    expect(res.status).toBe(201);
    expect((await place(m.token, threeUnits(issue), k)).body).toEqual(res.body);
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 0 }));
  });

  it('wallet_debt while the member owes points: nothing is recorded; trial orders still go', async () => {
    const m = await member(1000, 1000);
    const { issue } = await openIssue(env.platform, 5000);
    // A refunded deposit takes back more than the balance holds: 500 owed.
    await env.platform.db.transaction().execute((trx) => walletService.clawBack(trx, { userId: Number(m.id), kind: 'deposit', amount: 1500, refType: 'deposit-refund', refId: `test-${m.id}` }));
    await grantPoints(env.platform, Number(m.id), 1000);
    const res = await place(m.token, threeUnits(issue));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('wallet_debt');
    expect((await api.get('/api/orders', { token: m.token })).body.total).toBe(0);
    expect(await balances(m.token)).toEqual(expect.objectContaining({ balance: 1000 }));
    expect((await place(m.token, threeUnits(issue, { trial: true }))).status).toBe(201);
  });

  it("another member cannot read an order; lists are the member's own, newest first, filtered", async () => {
    const owner = await member(2000);
    const other = await member();
    const { issue } = await openIssue(env.platform, 2000);
    const first = (await place(owner.token, threeUnits(issue))).body.order;
    const second = (await place(owner.token, threeUnits(issue, { trial: false, multiplier: 2 }))).body.order;
    for (const id of [first.id, '999999999']) {
      const res = await api.get(`/api/orders/${id}`, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('order_not_found');
    }
    // A malformed id names no order: 422 like every :id route (http/ids.test.ts).
    expect((await api.get('/api/orders/abc', { token: other.token })).body.error).toMatchObject({ code: 'validation_failed', fields: { id: 'invalid' } });
    expect((await api.get('/api/orders', { token: other.token })).body).toMatchObject({ items: [], total: 0 });
    const mine = await api.get('/api/orders?productCode=CAB01', { token: owner.token });
    expect(mine.body.items.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect((await api.get('/api/orders?productCode=TWB01', { token: owner.token })).body.total).toBe(0);
    expect((await api.get('/api/orders?status=8', { token: owner.token })).body.total).toBe(0);
    expect((await api.get('/api/orders?status=5', { token: owner.token })).status).toBe(422);
  });
});
