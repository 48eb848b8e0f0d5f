import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { Platform } from '../../src/platform/platform.ts';
import { walletService } from '../../src/wallet/service.ts';
import { apiClient } from '../http/api-client.ts';

/** The smallest real PNG (1×1) and a minimal PDF header: files are recognised by their bytes. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/** Withdrawal settings of these tests: stated explicitly so the figures below read on their own. */
export const WITHDRAWAL_ENV = {
  STAFF_MFA: 'required',
  PURCHASE_GATEWAY: 'manual',
  WITHDRAWAL_MIN_POINTS: '1000',
  WITHDRAWAL_MAX_POINTS: '1000000',
  WITHDRAWAL_DAILY_MAX_POINTS: '5000000',
  WITHDRAWAL_FEE_POINTS: '100',
  WITHDRAWAL_CURRENCY: 'TWD',
  WITHDRAWAL_FOUR_EYES_POINTS: '200000',
};

/** A prize credited to the member's real account, as settlement credits one (kind `prize`). */
export async function winPrize(platform: Platform, userId: string, amount: number) {
  await platform.db.transaction().execute((trx) => walletService.credit(trx, { userId: Number(userId), account: 'real', kind: 'prize', amount, refType: 'test-prize', refId: crypto.randomUUID() }));
}

export function kycForm(files: { document?: Buffer; selfie?: Buffer }, fields: Record<string, string> = { accountName: 'Chen Mei-Ling', accountNumber: '012345678901', bankCode: '8120123' }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (files.document) form.append('document', new Blob([new Uint8Array(files.document)]), 'passport.pdf');
  if (files.selfie) form.append('selfie', new Blob([new Uint8Array(files.selfie)]), 'me.png');
  return form;
}

export async function sendKyc(url: string, token: string, form: FormData) {
  const res = await fetch(`${url}/api/me/kyc`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** A member's identity check sent and approved by `reviewerToken`; returns the submission id. */
export async function verified(url: string, memberToken: string, reviewerToken: string) {
  const api = apiClient(url);
  const sent = await sendKyc(url, memberToken, kycForm({ document: PDF, selfie: PNG }));
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const decided = await api.post(`/api/admin/kyc/${sent.body.submissionId}/decision`, { token: reviewerToken, json: { decision: 'approve' } });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  return sent.body.submissionId as string;
}

export const withdraw = (url: string, token: string, amount: number, key: string = crypto.randomUUID()) =>
  apiClient(url).post('/api/withdrawals', { token, headers: { 'Idempotency-Key': key }, json: { amount, method: 'bank_transfer' } });
