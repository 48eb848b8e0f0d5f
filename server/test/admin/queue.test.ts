import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { type ClientSocket, connectSocket, record } from '../support/sockets.ts';
import { atLeast, eventually } from '../support/wait.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from '../orders/support.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

// A tiny but real PNG (1×1), as a phone camera would send a much larger one.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

async function confirmWithScan(url: string, token: string, orderId: string, ticketRef: string, file?: { body: Buffer; type: string; name: string }) {
  const form = new FormData();
  form.set('ticketRef', ticketRef);
  if (file) form.set('scan', new Blob([new Uint8Array(file.body)], { type: file.type }), file.name);
  const res = await fetch(`${url}/api/admin/queue/orders/${orderId}/confirm`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

describe('the order queue: leases, confirmation with a scan, failure with a refund', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let alice: Awaited<ReturnType<typeof newStaff>>;
  let bob: Awaited<ReturnType<typeof newStaff>>;
  const members: string[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    env = await testServer('embedded', { ...SLOW_CAB01, ...BACK_OFFICE_ENV, QUEUE_LEASE_SECONDS: '20', SCAN_MAX_BYTES: '4096' });
    api = apiClient(env.url);
    alice = await newStaff(env, 'operator', 'Alice');
    bob = await newStaff(env, 'operator', 'Bob');
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const id of members.splice(0)) await expectLedgerMatchesBalance(env.platform, Number(id));
  });
  afterAll(() => env.stop());

  const placeOrder = async () => {
    const m = await newMember(env.services, 'Buyer');
    members.push(m.id);
    await grantPoints(env.platform, Number(m.id), 5_000);
    const { issue } = await openIssue(env.platform, 25_000);
    const res = await api.post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
    expect(res.status).toBe(201);
    const order = res.body.order as { id: string; pointsSpent: number };
    // The manual gateway leaves it for a person: it shows in the queue.
    await eventually('the order in the queue', async () => (await api.get('/api/admin/queue', { token: alice.token })).body.items.find((i: any) => i.orderId === order.id));
    return { member: m, order };
  };

  it('two workers claim the same order at once: exactly one wins; the other sees it taken; it returns when the lease lapses', async () => {
    const { order } = await placeOrder();
    const itemKey = `order:${order.id}`;
    const [a, b] = await Promise.all([alice, bob].map((w) => api.post('/api/admin/queue/claim', { token: w.token, json: { key: itemKey } })));
    const statuses = [a!.status, b!.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a!.status === 409 ? alice : bob;
    const winner = loser === alice ? bob : alice;
    expect((a!.status === 409 ? a! : b!).body.error.code).toBe('item_claimed');

    const seenByLoser = (await api.get('/api/admin/queue', { token: loser.token })).body.items.find((i: any) => i.key === itemKey);
    expect(seenByLoser.claim).toMatchObject({ by: winner.id, mine: false });
    // The loser cannot confirm what the winner holds.
    expect((await confirmWithScan(env.url, loser.token, order.id, 'T-1')).body.error.code).toBe('item_claimed');

    env.clock.advance(21_000); // past QUEUE_LEASE_SECONDS
    const free = (await api.get('/api/admin/queue?claim=free', { token: loser.token })).body.items.find((i: any) => i.key === itemKey);
    expect(free.claim).toBeNull();
    expect((await api.post('/api/admin/queue/claim', { token: loser.token, json: { key: itemKey } })).status).toBe(200);
    await api.post('/api/admin/queue/release', { token: loser.token, json: { key: itemKey } });
  });

  it('a confirmation with a scan reaches the member over the socket, and the member (only) can see the scan; staff hear queue_changed', async () => {
    const { member, order } = await placeOrder();
    const memberSocket = await connectSocket(env.url, member.token);
    const staffSocket = await connectSocket(env.url, bob.token);
    sockets.push(memberSocket, staffSocket);
    const orderEvents = record(memberSocket, 'order');
    const queueEvents = record(staffSocket, 'queue_changed');

    expect((await api.post('/api/admin/queue/claim', { token: bob.token, json: { key: `order:${order.id}` } })).status).toBe(200);
    const confirmed = await confirmWithScan(env.url, bob.token, order.id, 'HK-TICKET-0042', { body: PNG, type: 'image/png', name: 'ticket.png' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ orderId: order.id, status: 2, scan: true });

    await eventually('the member hears status 2', async () => orderEvents.find((e) => e.id === order.id && e.status === 2));
    await atLeast(queueEvents);

    const detail = await api.get(`/api/orders/${order.id}`, { token: member.token });
    expect(detail.body.order).toMatchObject({ status: 2, ticketRef: 'HK-TICKET-0042' });
    const scan = await fetch(`${env.url}/api/orders/${order.id}/ticket-scan`, { headers: { Authorization: `Bearer ${member.token}` } });
    expect(scan.status).toBe(200);
    expect(scan.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await scan.arrayBuffer()).equals(PNG)).toBe(true);
    const stranger = await newMember(env.services, 'Stranger');
    expect((await fetch(`${env.url}/api/orders/${order.id}/ticket-scan`, { headers: { Authorization: `Bearer ${stranger.token}` } })).status).toBe(404);

    // Gone from the queue, and in the audit log with who and from where.
    expect((await api.get('/api/admin/queue', { token: bob.token })).body.items.some((i: any) => i.orderId === order.id)).toBe(false);
    const audit = await env.platform.db.selectFrom('audit_log').selectAll().where('action', '=', 'order.confirmed').where('target_id', '=', order.id).execute();
    expect(audit).toHaveLength(1);
    expect(String(audit[0]!.actor_id)).toBe(bob.id);
    expect(audit[0]!.address).toBeTruthy();
  });

  it('refuses a scan that is not an image or PDF, or too large, and changes nothing', async () => {
    const { order } = await placeOrder();
    const text = await confirmWithScan(env.url, alice.token, order.id, 'T-2', { body: Buffer.from('#!/bin/sh\necho hi'), type: 'image/png', name: 'x.png' });
    expect(text).toMatchObject({ status: 422, body: { error: { code: 'upload_invalid' } } });
    const big = await confirmWithScan(env.url, alice.token, order.id, 'T-2', { body: Buffer.concat([PNG, Buffer.alloc(5000)]), type: 'image/png', name: 'big.png' });
    expect(big).toMatchObject({ status: 422, body: { error: { code: 'upload_invalid' } } });
    // Not bought (still 0 or 1, as the purchase job has or has not picked it up yet), and no scan kept.
    const row = await env.platform.db.selectFrom('orders').select('status').where('id', '=', Number(order.id)).executeTakeFirstOrThrow();
    expect([0, 1]).toContain(row.status);
    expect((await api.get(`/api/admin/orders/${order.id}/scan`, { token: alice.token })).status).toBe(404);
    await api.post(`/api/admin/queue/orders/${order.id}/fail`, { token: alice.token, json: { reason: 'test cleanup' } });
  });

  it('marking an order failed refunds the member once, tells them why, and a second attempt changes nothing', async () => {
    const { member, order } = await placeOrder();
    const socket = await connectSocket(env.url, member.token);
    sockets.push(socket);
    const balances = record(socket, 'balance');
    const [first, second] = await Promise.all([alice, bob].map((w) => api.post(`/api/admin/queue/orders/${order.id}/fail`, { token: w.token, json: { reason: 'operator terminal offline' } })));
    expect([first!.status, second!.status].sort()).toEqual([200, 409]);
    await eventually('the refunded balance is pushed', async () => balances.find((b) => b.balance === 5_000));
    const refunds = await env.platform.db.selectFrom('ledger').selectAll().where('kind', '=', 'refund').where('ref_id', '=', order.id).execute();
    expect(refunds).toHaveLength(1);
    const detail = await api.get(`/api/orders/${order.id}`, { token: member.token });
    expect(detail.body.order.status).toBe(9);
    expect(detail.body.order.history.at(-1).reason).toContain('operator terminal offline');
    // The member is told it was refused, and why — on the order, in the list, the points history and the inbox — not that it timed out.
    expect(detail.body.order).toMatchObject({ refundCause: 'purchase_failed', refusalReason: 'operator terminal offline' });
    const listed = (await api.get('/api/orders', { token: member.token })).body.items.find((o: any) => o.id === order.id);
    expect(listed).toMatchObject({ status: 9, refundCause: 'purchase_failed', refusalReason: 'operator terminal offline' });
    const ledger = (await api.get('/api/wallet/ledger', { token: member.token })).body.items.filter((e: any) => e.refId === order.id);
    expect(ledger.map((e: any) => [e.kind, e.amount, e.refundCause])).toEqual([['refund', order.pointsSpent, 'purchase_failed'], ['order', -order.pointsSpent, null]]);
    const told = await eventually('the inbox message of the refusal', async () =>
      (await api.get('/api/inbox', { token: member.token })).body.items.find((i: any) => i.kind === 'order_refunded' && i.params.orderId === order.id),
    );
    expect(told.params).toEqual({ orderId: order.id, cause: 'purchase_failed', reason: 'operator terminal offline', points: order.pointsSpent });
    expect((await api.get('/api/inbox', { token: member.token })).body.items.filter((i: any) => i.params.orderId === order.id && i.kind === 'order_refunded')).toHaveLength(1);
  });

  it('bulk-confirms a stack of tickets, each on its own', async () => {
    const one = await placeOrder();
    const two = await placeOrder();
    const res = await api.post('/api/admin/queue/bulk-confirm', {
      token: alice.token,
      json: { items: [{ orderId: one.order.id, ticketRef: 'B-1' }, { orderId: two.order.id, ticketRef: 'B-2' }, { orderId: '999999', ticketRef: 'B-3' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { orderId: one.order.id, ok: true },
      { orderId: two.order.id, ok: true },
      { orderId: '999999', ok: false, error: 'order_not_found' },
    ]);
  });

  it('the bulk confirm is idempotent: the same stack sent twice at once, then again, confirms each order once', async () => {
    const placed = await Promise.all([placeOrder(), placeOrder(), placeOrder()]);
    const member = placed[0]!.member;
    const socket = await connectSocket(env.url, member.token);
    sockets.push(socket);
    const heard = record(socket, 'order');
    const items = placed.map(({ order }, i) => ({ orderId: order.id, ticketRef: `RACE-${i}` }));
    // Two tabs (or a double tap) racing, then a retry after a lost answer.
    const raced = await Promise.all([alice, bob].map((w) => api.post('/api/admin/queue/bulk-confirm', { token: w.token, json: { items } })));
    const retried = await api.post('/api/admin/queue/bulk-confirm', { token: alice.token, json: { items } });
    for (const res of [...raced, retried]) expect(res.status).toBe(200);
    for (const [i, { orderId }] of items.entries()) {
      const answers = raced.map((res) => res.body.results[i]);
      // Every answer is a success; exactly one of the racing two confirmed it, the other found it bought already.
      expect(answers.every((a: any) => a.orderId === orderId && a.ok === true)).toBe(true);
      expect(answers.filter((a: any) => a.already === true)).toHaveLength(1);
      expect(retried.body.results[i]).toEqual({ orderId, ok: true, already: true });
      const audits = await env.platform.db.selectFrom('audit_log').select('id').where('action', '=', 'order.confirmed').where('target_id', '=', orderId).execute();
      expect(audits).toHaveLength(1);
      const row = await env.platform.db.selectFrom('orders').select(['status', 'ticket_ref']).where('id', '=', Number(orderId)).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 2, ticket_ref: `RACE-${i}` });
      const history = await env.platform.db.selectFrom('order_status_history').select('to').where('order_id', '=', Number(orderId)).where('to', '=', 2).execute();
      expect(history).toHaveLength(1);
    }
    // The member heard "bought" once.
    await eventually('the member hears status 2', async () => heard.find((e) => e.id === placed[0]!.order.id && e.status === 2));
    expect(heard.filter((e) => e.id === placed[0]!.order.id && e.status === 2)).toHaveLength(1);
    // A different reference for a bought order is still refused: it is not the same ticket.
    const other = await api.post('/api/admin/queue/bulk-confirm', { token: alice.token, json: { items: [{ orderId: items[0]!.orderId, ticketRef: 'OTHER' }] } });
    expect(other.body.results).toEqual([{ orderId: items[0]!.orderId, ok: false, error: 'order_issue' }]);
  });

  it('keeps the audit log append-only, even to SQL', async () => {
    await expect(env.platform.db.updateTable('audit_log').set({ action: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
    await expect(env.platform.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});
