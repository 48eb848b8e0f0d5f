import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { key, openIssue, SLOW_CAB01 } from '../orders/support.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

// A tiny but real PNG (1×1): the ticket's photo.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

/** The sheet's confirmation as the console sends it: multipart, `items` as JSON text, a `scan.<orderId>` per ticket. */
async function confirmSheet(url: string, token: string, items: Array<{ orderId: string; ticketRef: string }>, scans: string[] = []) {
  const form = new FormData();
  form.set('items', JSON.stringify(items));
  for (const orderId of scans) form.set(`scan.${orderId}`, new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `${orderId}.png`);
  const res = await fetch(`${url}/api/admin/purchase-sheet/confirm`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

describe('buying in batches: a draw\'s purchase sheet and its confirmation (issue 31 item 3)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let courier: Awaited<ReturnType<typeof newStaff>>;
  let drawId: string;
  let issue: string;
  const orders: Array<{ id: string; memberId: string; memberName: string }> = [];

  beforeAll(async () => {
    env = await testServer('embedded', { ...SLOW_CAB01, ...BACK_OFFICE_ENV });
    api = apiClient(env.url);
    courier = await newStaff(env, 'operator', 'Courier');
    const draw = (await openIssue(env.platform, 25_000))!;
    drawId = draw.id;
    issue = draw.issue;
    // Three members: two 5-star tickets (×3 and ×4: the minimum purchase is 3 units), and a 2-star ticket.
    const bodies = [
      { multiplier: 3, plays: [{ type: 'pick', stars: 5, numbers: [3, 11, 25, 40, 52] }] },
      { multiplier: 4, plays: [{ type: 'pick', stars: 5, numbers: [1, 2, 3, 4, 5] }] },
      { multiplier: 3, plays: [{ type: 'pick', stars: 2, numbers: [7, 8] }] },
    ];
    for (const [i, body] of bodies.entries()) {
      const m = await newMember(env.services, `Buyer ${i}`);
      await grantPoints(env.platform, Number(m.id), 50_000);
      const res = await api.post('/api/orders', { token: m.token, json: { productCode: 'CAB01', issue, ...body }, headers: { 'Idempotency-Key': key() } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      orders.push({ id: res.body.order.id, memberId: m.id, memberName: `Buyer ${i}` });
    }
  });
  afterAll(async () => {
    for (const order of orders) await expectLedgerMatchesBalance(env.platform, Number(order.memberId));
    await env.stop();
  });

  it('lists every ticket still to buy, grouped by play and multiplier, with its member and lines; as CSV too', async () => {
    const res = await api.get(`/api/admin/draws/${drawId}/purchase-sheet?productCode=CAB01`, { token: courier.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ per: 'draw', id: drawId, productCode: 'CAB01', totals: { tickets: 3 } });
    const groups = res.body.groups.map((g: any) => [g.play, g.multiplier, g.tickets.map((t: any) => t.orderId)]);
    expect(groups).toEqual([
      ['pick2', 3, [orders[2]!.id]],
      ['pick5', 3, [orders[0]!.id]],
      ['pick5', 4, [orders[1]!.id]],
    ]);
    const first = res.body.groups[1].tickets[0];
    expect(first).toMatchObject({ member: { id: orders[0]!.memberId, name: 'Buyer 0' }, issue, lines: ['03 11 25 40 52'] });

    const csv = await fetch(`${env.url}/api/admin/draws/${drawId}/purchase-sheet?productCode=CAB01&format=csv`, { headers: { Authorization: `Bearer ${courier.token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('product,issue,play,multiplier,order,member,lines,units,amount_gp,sales_close_at,ticket_ref');
    expect(rows).toHaveLength(4);
    const first0 = await env.platform.db.selectFrom('orders').select(['points_spent', 'units']).where('id', '=', Number(orders[0]!.id)).executeTakeFirstOrThrow();
    // Amounts in GP with two decimals (what the screens show), not hundredths.
    expect(rows[2]).toContain(`,${orders[0]!.id},Buyer 0,03 11 25 40 52,${first0.units},${(first0.points_spent / 100).toFixed(2)},`);
  });

  it('answers not_found for a draw of another product or none, and validation_failed without a product', async () => {
    expect((await api.get(`/api/admin/draws/${drawId}/purchase-sheet?productCode=TWB01`, { token: courier.token })).body.error.code).toBe('not_found');
    expect((await api.get('/api/admin/draws/999999999/purchase-sheet?productCode=CAB01', { token: courier.token })).body.error.code).toBe('not_found');
    expect((await api.get(`/api/admin/draws/${drawId}/purchase-sheet`, { token: courier.token })).status).toBe(422);
    expect((await api.get('/api/admin/football/events/999999999/purchase-sheet', { token: courier.token })).body.error.code).toBe('not_found');
  });

  it('confirms the sheet exactly once however often it is sent: two racing retries, one audit entry and one scan per order', async () => {
    const items = orders.map((o, i) => ({ orderId: o.id, ticketRef: `TERM-${i}` }));
    const scans = orders.map((o) => o.id);
    const [a, b] = await Promise.all([confirmSheet(env.url, courier.token, items, scans), confirmSheet(env.url, courier.token, items, scans)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    for (const [i, order] of orders.entries()) {
      const outcomes = [a.body.results[i], b.body.results[i]].map((r: any) => r.outcome).sort();
      expect(outcomes, `order ${order.id}`).toEqual(['already', 'confirmed']);
    }
    const again = await confirmSheet(env.url, courier.token, items);
    expect(again.body.results.map((r: any) => r.outcome)).toEqual(['already', 'already', 'already']);

    const ids = orders.map((o) => o.id);
    const db = env.platform.db;
    const rows = await db.selectFrom('orders').select(['id', 'status', 'ticket_ref']).where('id', 'in', ids.map(Number)).orderBy('id').execute();
    expect(rows.map((r) => [r.status, r.ticket_ref])).toEqual([[2, 'TERM-0'], [2, 'TERM-1'], [2, 'TERM-2']]);
    const audits = await db.selectFrom('audit_log').select('target_id').where('action', '=', 'order.confirmed').where('target_id', 'in', ids).execute();
    expect(audits).toHaveLength(3);
    const scansKept = await db.selectFrom('ticket_scans').select('order_id').where('order_id', 'in', ids.map(Number)).execute();
    expect(scansKept).toHaveLength(3);
    const confirmedEntries = await db.selectFrom('order_status_history').select('order_id').where('order_id', 'in', ids.map(Number)).where('to', '=', 2).execute();
    expect(confirmedEntries).toHaveLength(3);
    await eventually('the sheet is empty', async () => (await api.get(`/api/admin/draws/${drawId}/purchase-sheet?productCode=CAB01`, { token: courier.token })).body.totals.tickets === 0);
  });

  it('refuses a different reference for a bought ticket, keeps the others, and a scan for no listed ticket', async () => {
    const res = await confirmSheet(env.url, courier.token, [{ orderId: orders[0]!.id, ticketRef: 'OTHER' }]);
    expect(res.body.results).toEqual([{ orderId: orders[0]!.id, outcome: 'refused', error: 'order_issue', scan: false }]);
    const stray = await confirmSheet(env.url, courier.token, [{ orderId: orders[0]!.id, ticketRef: 'TERM-0' }], [orders[1]!.id]);
    expect(stray).toMatchObject({ status: 422, body: { error: { code: 'validation_failed', fields: { items: 'invalid' } } } });
    const duplicate = await confirmSheet(env.url, courier.token, [{ orderId: orders[0]!.id, ticketRef: 'A' }, { orderId: orders[0]!.id, ticketRef: 'B' }]);
    expect(duplicate.status).toBe(422);
  });

  it('is staff only: a member is refused', async () => {
    const m = await newMember(env.services, 'Nosy');
    expect((await api.get(`/api/admin/draws/${drawId}/purchase-sheet?productCode=CAB01`, { token: m.token })).status).toBe(403);
  });
});
