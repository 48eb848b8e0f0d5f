import type { InboxPage } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOfEffects } from '../../src/inbox/from-effects.ts';
import type { Effect } from '../../src/platform/outbox.ts';
import { browserPost, depositIn, depositServer, operatorToken, startDeposit, type Env } from '../payments/support.ts';
import { newMember } from '../support/members.ts';
import { connectSocket, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';

/**
 * The inbox's other sources (issue 15): a deposit credited or failed is written by the payment's
 * own transaction (its `deposit` push), once however often the provider repeats itself; a
 * back-office notice reaches connected members live.
 */
describe('inbox: deposits and notices', () => {
  let env: Env;
  let operator: string;
  beforeAll(async () => {
    env = await depositServer('embedded');
    operator = await operatorToken(env);
  });
  afterAll(() => env?.stop());

  const inbox = async (token: string) => (await env.api.get('/api/inbox', { token })).body as InboxPage;

  it('a deposit credited is one inbox message linking to the deposit, even when the provider notifies five times', async () => {
    const m = await newMember(env.services, 'Depositor');
    const socket = await connectSocket(env.url, m.token);
    const unread = record(socket, 'inbox');
    env.sandbox.deliverer.rules.duplicates = 4;
    const logBefore = env.sandbox.deliverer.log.length;
    try {
      const deposit = await startDeposit(env, m.token, { amount: 5_000, currency: 'CNY', method: 'alipay' });
      if (deposit.start?.kind !== 'redirect') throw new Error('Stripe opens a redirect');
      expect((await browserPost(`${deposit.start.url}/wallet`, { result: 'approve' })).status).toBe(303);
      await depositIn(env, m.token, deposit.id, 'paid');
      await env.sandbox.deliverer.idle();
      // Every delivery was seen (five of each event), and still one message.
      expect(env.sandbox.deliverer.log.length - logBefore).toBeGreaterThanOrEqual(5);
      await eventually('the unread count pushed', () => unread.some((p) => p.unread === 1));
      const page = await inbox(m.token);
      expect(page.items).toEqual([
        expect.objectContaining({ kind: 'deposit_credited', params: { depositId: deposit.id, amount: 700, expired: false }, link: `/deposit-result?id=${deposit.id}` }),
      ]);
      expect(page.unread).toBe(1);
    } finally {
      env.sandbox.deliverer.rules.duplicates = 0;
      socket.close();
    }
  });

  it('a deposit that failed is one message too', async () => {
    const m = await newMember(env.services, 'Unlucky');
    const deposit = await startDeposit(env, m.token, { amount: 1_000, currency: 'USD', method: 'card' });
    const ref = (await env.platform.db.selectFrom('deposits').select('merchant_ref').where('id', '=', Number(deposit.id)).executeTakeFirstOrThrow()).merchant_ref;
    for (let i = 0; i < 3; i++) await env.services.deposits.apply('stripe', { outcome: 'failed', merchantRef: ref, reason: 'declined' });
    await depositIn(env, m.token, deposit.id, 'failed');
    const page = await inbox(m.token);
    expect(page.items.map((i) => [i.kind, i.params.depositId])).toEqual([['deposit_failed', deposit.id]]);
  });

  it('a notice reaches a connected member’s socket at once, and only the segment gets the message', async () => {
    const m = await newMember(env.services, 'Listener');
    const socket = await connectSocket(env.url, m.token);
    const notices = record(socket, 'notice');
    const before = (await inbox(m.token)).unread;
    const sent = await env.api.post('/api/admin/inbox/notices', { token: operator, json: { title: 'Maintenance', body: 'Tonight 02:00–03:00.', segment: 'all' } });
    expect(sent.status).toBe(201);
    await eventually('the notice pushed', () => notices.length === 1);
    expect((await env.api.get('/api/inbox/unread', { token: m.token })).body).toEqual({ unread: before + 1 });

    // A segment the member is not in: the push still comes (one per room), the message does not.
    const recent = await env.api.post('/api/admin/inbox/notices', { token: operator, json: { title: 'For players', body: 'New draw.', segment: 'recent' } });
    expect(recent.status).toBe(201);
    await eventually('the second push', () => notices.length === 2);
    expect((await inbox(m.token)).items.map((i) => i.params.title).filter(Boolean)).toEqual(['Maintenance']);
    socket.close();
  });
});

describe('messagesOfEffects: large wins', () => {
  const push = (review?: 'held' | 'released', updatedAt = '2026-01-01T00:00:00.000Z'): Effect => ({
    kind: 'event',
    staleAfter: '2099-01-01T00:00:00.000Z',
    message: { room: 'user:7', event: 'order', payload: { id: '42', status: 2, prevStatus: 2, updatedAt, prize: review === 'released' ? 50_000 : 0, ...(review ? { review } : {}) } },
  });

  it('a held win is "waiting for review" (not a lost draw), its release says what was credited', () => {
    expect(messagesOfEffects([push('held')])).toEqual([
      { userId: 7, kind: 'win_review', cause: 'order-42-review-2026-01-01T00:00:00.000Z', params: { orderId: '42', released: false }, link: '/orders?order=42' },
    ]);
    expect(messagesOfEffects([push('released', '2026-01-02T00:00:00.000Z')])).toEqual([
      { userId: 7, kind: 'win_review', cause: 'order-42-released-2026-01-02T00:00:00.000Z', params: { orderId: '42', released: true, prize: 50_000 }, link: '/orders?order=42' },
    ]);
    expect(messagesOfEffects([push()])[0]).toMatchObject({ kind: 'draw_result', params: { won: false } });
  });
});
