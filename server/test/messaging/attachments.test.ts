import type { SupportThread } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { apiClient } from '../http/api-client.ts';

/** The smallest real PNG (1×1): what a screenshot starts with is what decides its type, not its name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Customer-service screenshots: stored through the platform's storage, bounded, and shown only to the thread's member and staff. */
describe('customer-service attachments', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let staffToken: string;
  beforeAll(async () => {
    env = await testServer('embedded');
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    staffToken = (await api.post('/api/auth/login', { json: { email: env.platform.config.OPERATOR_EMAIL, password: env.platform.config.OPERATOR_PASSWORD } })).body.token;
  });
  afterAll(() => env?.stop());

  const post = (path: string, token: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('screenshot', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return fetch(`${env.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  };
  const get = (path: string, token: string) => fetch(`${env.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });

  it('a screenshot sent with a message is served to its member and to staff, and to nobody else', async () => {
    const m = await newMember(env.services, 'Shooter');
    const stranger = await newMember(env.services, 'Peeker');
    const started = await post('/api/support/threads', m.token, { body: 'The page shows this error.' }, { bytes: PNG, name: 'screen.png', type: 'image/png' });
    expect(started.status).toBe(201);
    const thread = (await started.json()) as SupportThread;
    const message = thread.messages![0]!;
    expect(message.attachment).toBe(`/api/support/threads/${thread.id}/messages/${message.id}/attachment`);

    const mine = await get(message.attachment!, m.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);

    const staffView = (await api.get(`/api/admin/support/threads/${thread.id}`, { token: staffToken })).body as SupportThread;
    const staffUrl = staffView.messages![0]!.attachment!;
    expect(staffUrl).toBe(`/api/admin/support/threads/${thread.id}/messages/${message.id}/attachment`);
    expect((await get(staffUrl, staffToken)).status).toBe(200);

    // Another member: not found, by the member route and by the staff route alike.
    expect((await get(message.attachment!, stranger.token)).status).toBe(404);
    expect((await get(staffUrl, stranger.token)).status).toBe(403);
    // A message id of another thread does not reach this thread's file.
    const other = (await api.post('/api/support/threads', { token: stranger.token, json: { body: 'Mine' } })).body as SupportThread;
    expect((await get(`/api/support/threads/${other.id}/messages/${message.id}/attachment`, stranger.token)).status).toBe(404);
    // A message without a screenshot has none to serve.
    expect((await get(`/api/support/threads/${other.id}/messages/${other.messages![0]!.id}/attachment`, stranger.token)).status).toBe(404);
  });

  it('refuses what is not a PNG, JPEG or WebP image, or too large, with upload_invalid and no message', async () => {
    const m = await newMember(env.services, 'Bounded');
    const thread = (await api.post('/api/support/threads', { token: m.token, json: { body: 'Start' } })).body as SupportThread;
    const path = `/api/support/threads/${thread.id}/messages`;
    const pdf = await post(path, m.token, { body: 'A pdf' }, { bytes: Buffer.from('%PDF-1.4 fake'), name: 'x.png', type: 'image/png' });
    expect(pdf.status).toBe(422);
    expect(((await pdf.json()) as { error: { code: string } }).error.code).toBe('upload_invalid');
    const huge = await post(path, m.token, { body: 'Too big' }, { bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), name: 'big.png', type: 'image/png' });
    expect(huge.status).toBe(422);
    const form = new FormData();
    form.append('body', 'Two files');
    form.append('screenshot', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    form.append('screenshot', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'b.png');
    const two = await fetch(`${env.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${m.token}` }, body: form });
    expect(two.status).toBe(422);
    const read = (await api.get(`/api/support/threads/${thread.id}`, { token: m.token })).body as SupportThread;
    expect(read.messages!.map((x) => x.body)).toEqual(['Start']);
    // A reply with a screenshot is fine.
    expect((await post(path, m.token, { body: 'Here it is' }, { bytes: PNG, name: 's.png', type: 'image/png' })).status).toBe(201);
  });
});
