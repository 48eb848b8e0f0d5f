import { expect } from '@playwright/test';
import { enterResultTwice } from './results-support.ts';
import { call, newAccount } from './staff-support.ts';

/** The withdrawal browser tests' set-up over the API: a win, a verified member, a paid card deposit. */

/** The smallest real PNG and a minimal PDF: the identity check recognises files by their bytes. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

type Event = { id: string; salesCloseAt: string; status: string; markets: { market: string; status: string; selections: { key: string; odds: string }[] }[] };

/** A HK$300 single on the home side of the next match to close, then its result (home wins) by two staff members; waits for the prize. */
export async function winFootball(baseURL: string, token: string) {
  let orderId: string | undefined;
  let eventId: string | undefined;
  for (let attempt = 0; attempt < 10 && !orderId; attempt++) {
    const events = (await call<Event[]>(baseURL, 'GET', '/api/football/events?status=open')).body;
    const match = events.filter((e) => Date.parse(e.salesCloseAt) - Date.now() >= 8_000).sort((a, b) => Date.parse(a.salesCloseAt) - Date.parse(b.salesCloseAt))[0]!;
    const had = match.markets.find((m) => m.market === 'HAD' && m.status === 'open')!;
    const body = { productCode: 'HKS01', mode: 'single', acceptBetterOdds: true, legs: [{ eventId: match.id, market: 'HAD', selection: 'H', odds: had.selections.find((s) => s.key === 'H')!.odds }], unitStake: { amount: 30_000, currency: 'HKD' } };
    const placed = await call<{ order?: { id: string } }>(baseURL, 'POST', '/api/orders', { token, body, key: `withdrawals-${Date.now()}-${attempt}` });
    orderId = placed.body.order?.id;
    eventId = match.id;
  }
  expect(orderId, 'a football order was placed').toBeTruthy();
  await expect.poll(async () => (await call<Event>(baseURL, 'GET', `/api/football/events/${eventId}`)).body.status, { timeout: 120_000, intervals: [1_000] }).toBe('closed');
  const result = { status: 'played', halfTime: { home: 1, away: 0 }, fullTime: { home: 2, away: 0 }, corners: 9, firstTeamToScore: 'H' };
  expect((await enterResultTwice(baseURL, 'football_event', eventId!, result)).body.state).toBe('published');
  await expect
    .poll(async () => (await call<{ order: { prize: number | null; settledAt: string | null } }>(baseURL, 'GET', `/api/orders/${orderId}`, { token })).body.order.settledAt, { timeout: 60_000 })
    .not.toBeNull();
}

/** A new member whose identity check (sent over the API) `staffToken` approved (the console's review is withdrawals.spec.ts's). */
export async function verifiedMember(base: string, staffToken: string, name: string) {
  const member = await newAccount(base, name);
  const form = new FormData();
  for (const [k, v] of Object.entries({ accountName: `${name} Member`, accountNumber: '00123456780001', bankCode: '8120123' })) form.append(k, v);
  form.append('document', new Blob([new Uint8Array(PDF)]), 'id.pdf');
  form.append('selfie', new Blob([new Uint8Array(PNG)]), 'me.png');
  const sent = await fetch(`${base}/api/me/kyc`, { method: 'POST', headers: { Authorization: `Bearer ${member.token}` }, body: form });
  const submission = (await sent.json()) as { submissionId: string };
  expect(sent.status, JSON.stringify(submission)).toBe(201);
  expect((await call(base, 'POST', `/api/admin/kyc/${submission.submissionId}/decision`, { token: staffToken, body: { decision: 'approve' } })).status).toBe(200);
  return member;
}

/** A US card deposit of `cents` paid on the Stripe sandbox's hosted page (as the browser posts it), waited for until credited. */
export async function paidCardDeposit(base: string, token: string, cents: number) {
  const started = await call<{ deposit: { id: string; start: { kind: string; url: string } } }>(base, 'POST', '/api/deposits', { token, key: `card-${Date.now()}-${Math.random()}`, body: { amount: cents, currency: 'USD', method: 'card' } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { id, start } = started.body.deposit;
  const form = new URLSearchParams({ name: 'Test Member', number: '4242424242424242', expiry: '12 / 34', cvc: '123' });
  const paid = await fetch(`${start.url}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
  expect(paid.status).toBe(303);
  await expect.poll(async () => (await call<{ state: string }>(base, 'GET', `/api/deposits/${id}`, { token })).body.state, { timeout: 30_000 }).toBe('paid');
  return id;
}
