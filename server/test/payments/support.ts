import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { DepositView, PaymentStart } from '@gp/common';
import { apiClient } from '../http/api-client.ts';
import { testServer, type Mode } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

export type Env = Awaited<ReturnType<typeof depositServer>>;

/** A server with payments on the in-process sandbox, its reconciler left to the test (it calls `reconcile`). */
export async function depositServer(mode: Mode, env: Record<string, string> = {}) {
  const server = await testServer(mode, { DEPOSIT_RECONCILE_MS: '3600000', OPERATOR_EMAIL: 'desk@example.com', OPERATOR_PASSWORD: 'desk-password-1', ...env });
  const sandbox = server.services.deposits.runtime.sandbox!;
  // Redeliveries come quickly in tests (the sandbox's default waits seconds, as a provider would minutes).
  sandbox.deliverer.rules.retryDelaysMs = [50, 100];
  return { ...server, api: apiClient(server.url), sandbox };
}

export async function operatorToken(env: Env) {
  await env.services.auth.ensureOperator();
  return (await env.api.post('/api/auth/login', { json: { email: 'desk@example.com', password: 'desk-password-1' } })).body.token as string;
}

export async function startDeposit(env: Env, token: string, body: { amount: number; currency: string; method: string }) {
  const res = await env.api.post('/api/deposits', { token, json: body, headers: { 'Idempotency-Key': crypto.randomUUID() } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.deposit as DepositView;
}

export const readDeposit = async (env: Env, token: string, id: string) => (await env.api.get(`/api/deposits/${id}`, { token })).body as DepositView;

export const depositIn = (env: Env, token: string, id: string, state: DepositView['state']) =>
  eventually(`deposit ${id} to be ${state}`, async () => {
    const d = await readDeposit(env, token, id);
    return d.state === state && d;
  });

export const balanceOf = async (env: Env, token: string) => (await env.api.get('/api/me', { token })).body.balance as number;

/** What the member's browser does on a hosted page: posts a form, not following the redirect. */
export async function browserPost(url: string, fields: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/** Pays a Stripe sandbox Checkout page with a test card (completing 3-D Secure when it asks). */
export async function payByCard(start: PaymentStart | null, card = '4242424242424242') {
  if (start?.kind !== 'redirect') throw new Error('a Stripe deposit opens a redirect');
  const paid = await browserPost(`${start.url}/pay`, { name: 'Test Member', number: card, expiry: '12 / 34', cvc: '123' });
  if (paid.status === 303 && paid.location?.endsWith('/3ds')) return browserPost(`${start.url}/3ds`, { result: 'complete' });
  return paid;
}

/** Submits ECPay's cashier form as the browser would; answers the sandbox's page. */
export function submitForm(start: PaymentStart | null) {
  if (start?.kind !== 'form') throw new Error('an ECPay deposit opens a form post');
  return browserPost(start.action, start.fields);
}
