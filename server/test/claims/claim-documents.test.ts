import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CLAIM_DOCUMENT_LIMIT } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAW_ENV } from '../draw/support.ts';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { PDF, PNG } from '../withdrawals/support.ts';
import { bigWin, CLAIM_ENV, staffMember, storedClaimFiles, type Staff } from './support.ts';

const DAY = 86_400_000;

/**
 * Issue 33 item 4: the documents a member sends for their big-win claim. Checked by their bytes and
 * bounded (size, count per claim), taken only while the claim asks for them, served to the member and
 * staff only, never moving the claim by themselves, and deleted on the identity files' schedule after
 * the account closes.
 */
describe('big-win claim documents', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let otto: Staff;

  beforeAll(async () => {
    // A storage folder of its own: claim ids start at 1 on every test database, and the test counts the files stored per claim.
    const dataDir = path.resolve(import.meta.dirname, `../../../.tmp/test-data/claims-${crypto.randomBytes(4).toString('hex')}`);
    env = await testServer('embedded', { ...DRAW_ENV, ...CLAIM_ENV, DATA_DIR: dataDir, KYC_MAX_BYTES: '65536', KYC_FILE_RETENTION_DAYS: '30' });
    api = apiClient(env.url);
  });
  afterAll(async () => {
    await env?.stop();
    if (env) await fs.rm(env.platform.config.DATA_DIR, { recursive: true, force: true });
  });

  async function send(claimId: string, token: string | undefined, body: Buffer | undefined, name = 'passport scan.pdf') {
    const form = new FormData();
    if (body) form.append('document', new Blob([new Uint8Array(body)]), name);
    const res = await fetch(`${env.url}/api/claims/${claimId}/documents`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: form });
    return { status: res.status, body: (await res.json()) as any };
  }
  async function download(url: string, token?: string) {
    const res = await fetch(`${env.url}${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: Buffer.from(await res.arrayBuffer()) };
  }
  const claimOf = async (token: string) => (await api.get('/api/claims', { token })).body.items[0];
  const step = (id: string, s: string) => api.post(`/api/admin/claims/${id}/step`, { token: otto.token, json: { step: s } });

  it('the member sends documents to their own claim; checked, bounded, listed for them and staff, served to nobody else; the claim does not move', async () => {
    const m = await bigWin(env, api, 'Winner');
    otto = await staffMember(env, api, 'operator', 'Otto');
    const claim = await claimOf(m.token);
    expect(claim).toMatchObject({ step: 'win_confirmed', documents: [], documentsOpen: true });

    // Who may send: the claim's member; a guest is 401, another member 404 as for a claim that does not exist. Nothing is stored for them.
    const stranger = await newMember(env.services, 'Stranger');
    expect((await send(claim.id, undefined, PDF)).status).toBe(401);
    expect((await send(claim.id, stranger.token, PDF)).status).toBe(404);
    expect((await send('999999999', m.token, PDF)).status).toBe(404);
    // Bad input: no file, a file that is no document by its bytes, one too large.
    expect((await send(claim.id, m.token, undefined)).body.error).toMatchObject({ code: 'validation_failed', fields: { document: 'required' } });
    expect((await send(claim.id, m.token, Buffer.from('<html><script>alert(1)</script></html>'), 'ticket.pdf')).body.error.code).toBe('upload_invalid');
    expect((await send(claim.id, m.token, Buffer.concat([PNG, Buffer.alloc(65_536)]), 'big.png')).body.error.code).toBe('upload_invalid');
    expect(await storedClaimFiles(env, claim.id)).toEqual([]);

    const sent = await send(claim.id, m.token, PDF, 'passport scan 護照.pdf');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ name: 'passport scan 護照.pdf', contentType: 'application/pdf', size: PDF.length, url: `/api/claims/${claim.id}/documents/${sent.body.id}` });

    // Listed on the claim; the claim stays where it was (staff record documents_received after looking).
    const after = await claimOf(m.token);
    expect(after.step).toBe('win_confirmed');
    expect(after.documents.map((d: { name: string }) => d.name)).toEqual(['passport scan 護照.pdf']);

    // Served to the member (as an attachment), to staff by their own route, never to another member.
    const own = await download(sent.body.url, m.token);
    expect(own).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(own.disposition).toMatch(/^attachment/);
    expect(own.body.equals(PDF)).toBe(true);
    expect((await download(sent.body.url, stranger.token)).status).toBe(404);
    expect((await download(sent.body.url)).status).toBe(401);
    const staffUrl = `/api/admin/claims/${claim.id}/documents/${sent.body.id}`;
    expect((await download(staffUrl, m.token)).status).toBe(403);
    const forStaff = (await api.get('/api/admin/claims', { token: otto.token })).body.items.find((c: { id: string }) => c.id === claim.id);
    expect(forStaff.documents).toEqual([expect.objectContaining({ name: 'passport scan 護照.pdf', url: staffUrl })]);
    expect((await download(staffUrl, otto.token)).body.equals(PDF)).toBe(true);
    // A document id of another claim is not found under this one.
    expect((await download(`/api/admin/claims/999999999/documents/${sent.body.id}`, otto.token)).status).toBe(404);

    // At most CLAIM_DOCUMENT_LIMIT a claim, however many are sent at once: the rest are refused and leave no file.
    const burst = await Promise.all(Array.from({ length: CLAIM_DOCUMENT_LIMIT + 2 }, (_, i) => send(claim.id, m.token, PNG, `page-${i}.png`)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(CLAIM_DOCUMENT_LIMIT - 1);
    expect(burst.filter((r) => r.status !== 201).map((r) => r.body.error.code)).toEqual(['claim_documents_limit', 'claim_documents_limit', 'claim_documents_limit']);
    expect(await storedClaimFiles(env, claim.id)).toHaveLength(CLAIM_DOCUMENT_LIMIT);
    const full = await claimOf(m.token);
    expect(full).toMatchObject({ documentsOpen: false });
    expect(full.documents).toHaveLength(CLAIM_DOCUMENT_LIMIT);
  });

  it('documents are taken while the claim asks for them, refused once staff recorded them received, with nothing stored', async () => {
    const m = await bigWin(env, api, 'Asked');
    otto = await staffMember(env, api, 'operator', 'Otto');
    const claim = await claimOf(m.token);
    expect((await step(claim.id, 'documents_requested')).status).toBe(200);
    expect((await send(claim.id, m.token, PNG, 'id.png')).status).toBe(201);
    expect((await step(claim.id, 'documents_received')).status).toBe(200);

    const late = await send(claim.id, m.token, PDF);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'claim_documents_closed', details: { step: 'documents_received' } });
    expect(await storedClaimFiles(env, claim.id)).toHaveLength(1);
    expect(await claimOf(m.token)).toMatchObject({ step: 'documents_received', documentsOpen: false });
  });

  it('closing the account schedules the documents with the identity files; the hourly job deletes them once due, another member’s stay', async () => {
    const ivy = await bigWin(env, api, 'Ivy');
    const keep = await bigWin(env, api, 'Keep');
    const [ivyClaim, keepClaim] = [await claimOf(ivy.token), await claimOf(keep.token)];
    const ivyDoc = (await send(ivyClaim.id, ivy.token, PDF)).body;
    const keepDoc = (await send(keepClaim.id, keep.token, PDF)).body;
    // Read through the service, as staff would: the clock moves past every session below.
    const fileOf = (claimId: string, id: string) => env.services.claims.staffDocument(Number(claimId), Number(id)).then(() => 200, (error: { code?: string }) => (error.code === 'not_found' ? 404 : 500));

    const closed = await api.post('/api/me/close', { token: ivy.token, json: { password: ivy.password, confirm: true } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const due = new Date(closed.body.identityFilesDeletedAfter).getTime();
    expect(due - new Date(closed.body.closedAt).getTime()).toBe(30 * DAY);

    env.clock.advanceTo(new Date(due - 60_000));
    await env.services.claims.deleteDueDocuments();
    expect(await fileOf(ivyClaim.id, ivyDoc.id)).toBe(200);

    env.clock.advanceTo(new Date(due + 60_000));
    expect((await env.services.claims.deleteDueDocuments()).deleted).toBe(1);
    expect(await fileOf(ivyClaim.id, ivyDoc.id)).toBe(404);
    expect(await storedClaimFiles(env, ivyClaim.id)).toEqual([]);
    const staffView = (await env.services.claims.staffList()).find((c) => c.id === ivyClaim.id)!;
    expect(staffView.documents).toEqual([expect.objectContaining({ id: ivyDoc.id, url: null })]);
    expect(await fileOf(keepClaim.id, keepDoc.id)).toBe(200);
    expect((await env.services.claims.deleteDueDocuments()).deleted).toBe(0);
  });
});
