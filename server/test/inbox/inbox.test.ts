import type { InboxPage, OrderWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawJobId, KENO_DRAWS_QUEUE } from '../../src/games/keno/jobs.ts';
import { apiClient, call } from '../http/api-client.ts';
import { startMailSink } from '../mail/mail-sink.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from '../orders/support.ts';
import { grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { promoteJob } from '../support/queues.ts';
import { connectSocket, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';

/**
 * The inbox is written by the transactions that change an order (through the outbox hook), pushed
 * live as an unread count, and read, marked, deleted and paged by its member only.
 */
describe('inbox', () => {
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    sink = await startMailSink();
    env = await testServer('embedded', { ...SLOW_CAB01, PURCHASE_LATENCY_MS: '100', SMTP_URL: sink.url });
    api = apiClient(env.url);
  });
  afterAll(async () => {
    await env?.stop();
    await sink?.close();
  });

  const inbox = async (token: string, query = '') => (await api.get(`/api/inbox${query}`, { token })).body as InboxPage;

  it('an order’s purchase and its draw result arrive in the inbox once each, live, with a link to the order (and by email when chosen)', async () => {
    const m = await newMember(env.services, 'Inboxer');
    await grantPoints(env.platform, Number(m.id), 5_000);
    const prefs = await call(env.url, 'PUT', '/api/inbox/preferences', { token: m.token, json: { emailKinds: ['draw_result'] } });
    expect(prefs.body).toEqual({ emailKinds: ['draw_result'] });
    const socket = await connectSocket(env.url, m.token);
    const pushes = record(socket, 'inbox');

    const draw = await openIssue(env.platform, 1500);
    const body = threeUnits(draw.issue);
    const placed = (await api.post('/api/orders', { token: m.token, json: body, headers: { 'Idempotency-Key': key() } })).body.order as OrderWire;

    const purchased = await eventually('the purchase message', async () => (await inbox(m.token)).items.find((i) => i.kind === 'order_purchased'));
    expect(purchased).toMatchObject({ params: { orderId: placed.id }, link: `/orders?order=${placed.id}`, read: false });
    await eventually('the unread count pushed', () => pushes.some((p) => p.unread === 1));

    env.clock.advanceTo(draw.draw_at);
    await promoteJob(env.platform.queues.queue(KENO_DRAWS_QUEUE), drawJobId(Number(draw.id), draw.draw_at));
    const result = await eventually('the result message', async () => (await inbox(m.token)).items.find((i) => i.kind === 'draw_result'), 15_000);
    const settled = (await api.get(`/api/orders/${placed.id}`, { token: m.token })).body.order as OrderWire;
    expect(result.params).toEqual({ orderId: placed.id, won: (settled.prize ?? 0) > 0, prize: settled.prize ?? 0 });
    await eventually('the unread count of 2 pushed', () => pushes.some((p) => p.unread === 2));
    // Only the kinds chosen come by email: the result, not the purchase.
    const mail = await sink.mailTo(m.email, /inbox/);
    expect(mail.subject).toBe('開獎結果');
    const page = await inbox(m.token);
    expect(page.items.map((i) => i.kind)).toEqual(['draw_result', 'order_purchased']);
    expect(page.unread).toBe(2);
    socket.close();
  }, 40_000);

  it('marks read and unread, deletes, pages, and never shows another member’s messages', async () => {
    const m = await newMember(env.services, 'Reader');
    const other = await newMember(env.services, 'Other');
    await env.services.auth.ensureOperator();
    const operator = await api.post('/api/auth/login', {
      json: { email: env.platform.config.OPERATOR_EMAIL, password: env.platform.config.OPERATOR_PASSWORD },
    });
    for (let i = 1; i <= 3; i++) {
      const sent = await api.post('/api/admin/inbox/notices', {
        token: operator.body.token,
        json: { title: `Notice ${i}`, body: 'Scheduled maintenance tonight.', segment: 'all' },
      });
      expect(sent.status).toBe(201);
      expect(sent.body.recipients).toBeGreaterThanOrEqual(2);
    }
    const first = await inbox(m.token, '?limit=2');
    expect(first.items.map((i) => i.params.title)).toEqual(['Notice 3', 'Notice 2']);
    expect(first.unread).toBe(3);
    const second = await inbox(m.token, `?limit=2&before=${first.nextBefore}`);
    expect(second.items.map((i) => i.params.title)).toEqual(['Notice 1']);
    expect(second.nextBefore).toBeNull();

    const [newest] = first.items;
    expect((await call(env.url, 'PATCH', `/api/inbox/${newest!.id}`, { token: m.token, json: { read: true } })).body).toEqual({ unread: 2 });
    expect((await call(env.url, 'PATCH', `/api/inbox/${newest!.id}`, { token: m.token, json: { read: false } })).body).toEqual({ unread: 3 });
    expect((await call(env.url, 'DELETE', `/api/inbox/${newest!.id}`, { token: m.token })).body).toEqual({ unread: 2 });
    expect((await inbox(m.token)).items.map((i) => i.params.title)).toEqual(['Notice 2', 'Notice 1']);

    // Another member's message is not found, whatever they try.
    const theirs = (await inbox(other.token)).items[0]!;
    for (const res of [
      await call(env.url, 'PATCH', `/api/inbox/${theirs.id}`, { token: m.token, json: { read: true } }),
      await call(env.url, 'DELETE', `/api/inbox/${theirs.id}`, { token: m.token }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await api.post('/api/inbox/read-all', { token: m.token })).body).toEqual({ unread: 0 });
    expect((await inbox(other.token)).unread).toBe(3);
  });

  it('refuses bad input and strangers with stable codes', async () => {
    const m = await newMember(env.services, 'Bad');
    expect((await api.get('/api/inbox')).status).toBe(401);
    expect((await api.get('/api/inbox?limit=500', { token: m.token })).body.error.fields).toEqual({ limit: 'invalid' });
    expect((await call(env.url, 'PATCH', '/api/inbox/abc', { token: m.token, json: { read: true } })).status).toBe(422);
    expect((await call(env.url, 'PUT', '/api/inbox/preferences', { token: m.token, json: { emailKinds: ['spam'] } })).status).toBe(422);
    const notice = await api.post('/api/admin/inbox/notices', { token: m.token, json: { title: 'x', body: 'y' } });
    expect(notice.status).toBe(403);
  });
});
