import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Platform } from '../../src/platform/platform.ts';
import type { RunningServer } from '../../src/server.ts';
import { issueEnrolmentLink } from '../../src/staff/service.ts';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';

/** Back-office settings of these tests: the manual gateway, TOTP required for /api/admin/*. */
export const BACK_OFFICE_ENV = { STAFF_MFA: 'required', PURCHASE_GATEWAY: 'manual' };

/**
 * Signs a staff member in as the console does the first time, with their enrolment link's token:
 * password, then enrols the TOTP secret the server shows and answers with a code computed from it,
 * as an authenticator app would.
 */
export async function staffSignIn(url: string, email: string, password: string, enrolment: string) {
  const api = apiClient(url);
  const login = await api.post('/api/admin/auth/login', { json: { email, password, enrolment } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(login.body.enrol?.secret, 'first sign-in enrols a TOTP secret').toBeTruthy();
  const secret: string = login.body.enrol.secret;
  const code = await generate({ secret });
  const verified = await api.post('/api/admin/auth/verify', { json: { challenge: login.body.challenge, code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { token: verified.body.token as string, user: verified.body.user as { id: string; role: string }, secret, recoveryCodes: verified.body.recoveryCodes as string[] };
}

/** A single-use enrolment link's token for `userId`, as `npm run staff` or a supervisor issues one. */
export async function enrolmentToken(platform: Platform, userId: number) {
  return (await issueEnrolmentLink(platform.db, platform, { userId, issuedBy: null, at: platform.now() })).token;
}

/** A new staff account with `role`, enrolled with a link and signed in with TOTP. */
export async function newStaff(env: { url: string; services: RunningServer['services']; platform: Platform }, role: 'operator' | 'supervisor', name: string = role) {
  const m = await newMember(env.services, name);
  await env.services.staff.setRole(null, Number(m.id), role);
  const signedIn = await staffSignIn(env.url, m.email, m.password, await enrolmentToken(env.platform, Number(m.id)));
  return { ...m, ...signedIn, memberToken: m.token };
}
