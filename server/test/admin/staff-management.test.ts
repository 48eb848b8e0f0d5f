import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

/** The token of a link the API answered (`…/admin#invite=<token>` or `#enrol=<token>`). */
const tokenOf = (url: string) => url.split('#')[1]!.split('=')[1]!;

describe('managing staff: invitations, deactivation, authenticator reset — audited, none on oneself (issue 31 item 7)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let boss: Awaited<ReturnType<typeof newStaff>>;
  let operator: Awaited<ReturnType<typeof newStaff>>;
  // Signed in before any test moves the clock (a TOTP code is computed on the real one).
  let colleague: Awaited<ReturnType<typeof newStaff>>;
  let leaver: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, STAFF_ENROLMENT_LINK_HOURS: '2' });
    api = apiClient(env.url);
    boss = await newStaff(env, 'supervisor', 'Boss');
    operator = await newStaff(env, 'operator', 'Olga');
    colleague = await newStaff(env, 'operator', 'Lost Phone');
    leaver = await newStaff(env, 'operator', 'Leaver');
  });
  afterAll(() => env.stop());

  const audits = (action: string, targetId: string) => env.platform.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', targetId).execute();

  it('a supervisor invites a colleague; the link sets their password once and enrols TOTP; it cannot be used again', async () => {
    const email = `new-${Date.now()}@example.com`;
    const invited = await api.post('/api/admin/staff/invites', { token: boss.token, json: { email, name: 'Nina', role: 'operator' } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.headers.get('cache-control')).toBe('no-store');
    expect(invited.body.url).toMatch(/\/admin#invite=[A-Za-z0-9_-]{20,}$/);
    const listed = (await api.get('/api/admin/staff', { token: boss.token })).body.items.find((s: any) => s.email === email);
    expect(listed).toMatchObject({ name: 'Nina', role: 'operator', enrolled: false, active: true, passwordSet: false });
    // Nobody signs in to the invited account before its owner chooses a password.
    expect((await api.post('/api/admin/auth/login', { json: { email, password: 'anything-at-all-123' } })).body.error.code).toBe('invalid_credentials');

    const token = tokenOf(invited.body.url);
    expect((await api.post('/api/admin/auth/invite', { json: { invite: token, password: 'short' } })).body.error.fields.password).toBe('password_too_short');
    const accepted = await api.post('/api/admin/auth/invite', { json: { invite: token, password: 'nina-chooses-this-2026' } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.enrol.secret).toBeTruthy();
    // The same link cannot set the password again (a stranger who finds it later cannot take the account over).
    expect((await api.post('/api/admin/auth/invite', { json: { invite: token, password: 'stranger-takes-over-2026' } })).body.error.code).toBe('link_expired');
    const verified = await api.post('/api/admin/auth/verify', { json: { challenge: accepted.body.challenge, code: await generate({ secret: accepted.body.enrol.secret }) } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.user).toMatchObject({ email, role: 'operator' });
    // Spent: it enrols nobody again either.
    expect((await api.post('/api/admin/auth/login', { json: { email, password: 'nina-chooses-this-2026', enrolment: token } })).status).toBe(200); // enrolled now: a plain challenge
    expect((await audits('staff.invited', invited.body.userId)).map((a) => a.actor_id)).toEqual([Number(boss.id)]);
    expect(await audits('staff.password_set', invited.body.userId)).toHaveLength(1);
    expect(await audits('staff.enrolled', invited.body.userId)).toHaveLength(1);
  });

  it('an invitation expires, and an address in use is refused; operators cannot invite', async () => {
    const invited = await api.post('/api/admin/staff/invites', { token: boss.token, json: { email: `late-${Date.now()}@example.com`, name: 'Late', role: 'operator' } });
    env.clock.advance(2 * 3600_000 + 1000);
    expect((await api.post('/api/admin/auth/invite', { json: { invite: tokenOf(invited.body.url), password: 'too-late-for-this-2026' } })).body.error.code).toBe('link_expired');
    expect((await api.post('/api/admin/staff/invites', { token: boss.token, json: { email: operator.email, name: 'Dup', role: 'operator' } })).body.error.fields).toEqual({ email: 'invalid' });
    expect((await api.post('/api/admin/staff/invites', { token: operator.token, json: { email: 'x@example.com', name: 'X', role: 'operator' } })).status).toBe(403);
  });

  it('nothing on oneself: deactivate, authenticator reset and role change are refused for one\'s own account', async () => {
    expect((await api.post(`/api/admin/staff/${boss.id}/deactivate`, { token: boss.token })).body.error.code).toBe('own_account');
    expect((await api.post(`/api/admin/staff/${boss.id}/totp-reset`, { token: boss.token })).body.error.code).toBe('own_account');
    expect((await api.post(`/api/admin/staff/${boss.id}/role`, { token: boss.token, json: { role: 'operator' } })).status).toBe(403);
    expect((await api.get('/api/admin/me', { token: boss.token })).status).toBe(200);
    expect(await audits('staff.deactivated', boss.id)).toHaveLength(0);
  });

  it('a reset authenticator: the colleague\'s sessions end, the old codes stop working, a new link enrols a new one; audited', async () => {
    const reset = await api.post(`/api/admin/staff/${colleague.id}/totp-reset`, { token: boss.token });
    expect(reset.status, JSON.stringify(reset.body)).toBe(201);
    expect((await api.get('/api/admin/me', { token: colleague.token })).status).toBe(401);
    // The password alone no longer reaches a code step: the authenticator is gone until the new link enrols one.
    expect((await api.post('/api/admin/auth/login', { json: { email: colleague.email, password: colleague.password } })).body.error.code).toBe('enrolment_required');
    const again = await api.post('/api/admin/auth/login', { json: { email: colleague.email, password: colleague.password, enrolment: tokenOf(reset.body.url) } });
    expect(again.body.enrol.secret).not.toBe(colleague.secret);
    expect(await audits('staff.totp_reset', colleague.id)).toHaveLength(1);
  });

  it('a deactivated colleague is signed out at once and cannot sign in; a second deactivation changes nothing', async () => {
    expect((await api.post(`/api/admin/staff/${leaver.id}/deactivate`, { token: boss.token })).status).toBe(204);
    expect((await api.post(`/api/admin/staff/${leaver.id}/deactivate`, { token: boss.token })).status).toBe(204);
    expect((await api.get('/api/admin/me', { token: leaver.token })).status).toBe(401);
    expect((await api.post('/api/admin/auth/login', { json: { email: leaver.email, password: leaver.password } })).body.error.code).toBe('invalid_credentials');
    expect((await api.get('/api/admin/staff', { token: boss.token })).body.items.find((s: any) => s.id === leaver.id).active).toBe(false);
    const entries = await audits('staff.deactivated', leaver.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_role: 'supervisor', after: { active: false } });
  });
});
