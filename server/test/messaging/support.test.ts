import type { InboxPage, SupportThread } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { connectSocket, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';

/** `/messaging-v1`: a member writes to customer service, staff answer from the back office, both live. */
describe('customer-service conversations', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let staffToken: string;
  beforeAll(async () => {
    env = await testServer('embedded');
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    staffToken = (await api.post('/api/auth/login', { json: { email: env.platform.config.OPERATOR_EMAIL, password: env.platform.config.OPERATOR_PASSWORD } }))
      .body.token;
  });
  afterAll(() => env?.stop());

  it('a member opens a conversation, staff answer, the member hears it live and finds it in the inbox', async () => {
    const m = await newMember(env.services, 'Asker');
    const socket = await connectSocket(env.url, m.token);
    const pushes = record(socket, 'support');

    const started = await api.post('/api/support/threads', { token: m.token, json: { body: 'My ticket scan does not show.' } });
    expect(started.status).toBe(201);
    const thread = started.body as SupportThread;
    expect(thread.messages).toEqual([expect.objectContaining({ author: 'member', body: 'My ticket scan does not show.' })]);

    const queue = await api.get('/api/admin/support/threads', { token: staffToken });
    const listed = (queue.body.threads as SupportThread[]).find((t) => t.id === thread.id);
    // Staff see whose it is by name and email, not only by number.
    expect(listed).toMatchObject({ unread: true, memberId: m.id, memberName: 'Asker', memberEmail: m.email });
    expect((await api.get(`/api/admin/support/threads/${thread.id}`, { token: staffToken })).body).toMatchObject({ memberId: m.id, memberName: 'Asker', memberEmail: m.email });

    const answer = await api.post(`/api/admin/support/threads/${thread.id}/messages`, { token: staffToken, json: { body: 'Fixed, please reload.' } });
    expect(answer.status).toBe(201);
    await eventually('the member to hear the answer', () => pushes.some((p) => p.threadId === thread.id && p.author === 'staff'));

    const mine = (await api.get('/api/support/threads', { token: m.token })).body.threads as SupportThread[];
    expect(mine.find((t) => t.id === thread.id)?.unread).toBe(true);
    const read = (await api.get(`/api/support/threads/${thread.id}`, { token: m.token })).body as SupportThread;
    expect(read.messages!.map((x) => [x.author, x.body])).toEqual([
      ['member', 'My ticket scan does not show.'],
      ['staff', 'Fixed, please reload.'],
    ]);
    expect(((await api.get('/api/support/threads', { token: m.token })).body.threads as SupportThread[]).find((t) => t.id === thread.id)?.unread).toBe(false);

    const inbox = (await api.get('/api/inbox', { token: m.token })).body as InboxPage;
    expect(inbox.items[0]).toMatchObject({ kind: 'support_reply', link: `/messaging-v1?thread=${thread.id}` });
    socket.close();
  });

  it('a conversation can be about one of the member’s own orders only, and is private', async () => {
    const m = await newMember(env.services, 'Owner');
    const stranger = await newMember(env.services, 'Stranger');
    const foreign = await api.post('/api/support/threads', { token: m.token, json: { body: 'About this order', orderId: '987654' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('order_not_found');

    const thread = (await api.post('/api/support/threads', { token: m.token, json: { body: 'Private question' } })).body as SupportThread;
    expect((await api.get(`/api/support/threads/${thread.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api.post(`/api/support/threads/${thread.id}/messages`, { token: stranger.token, json: { body: 'hi' } })).status).toBe(404);
    expect((await api.get('/api/admin/support/threads', { token: m.token })).status).toBe(403);
    expect((await api.post('/api/support/threads', { token: m.token, json: { body: '   ' } })).body.error.fields).toEqual({ body: 'required' });
  });
});
