import type { InboxPage } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAW_ENV } from '../draw/support.ts';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { bigWin as bigWinOf, CLAIM_ENV, staffMember as staffOf, type Staff } from './support.ts';

/**
 * Issue 33 item 4: a draw-lottery win held above LARGE_WIN_POINTS opens one claim the member
 * follows; staff record each step once; the large-win release (another supervisor) credits it.
 */
describe('big-win claims', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let otto: Staff;
  let sam: Staff;
  let sue: Staff;

  beforeAll(async () => {
    env = await testServer('embedded', { ...DRAW_ENV, ...CLAIM_ENV });
    api = apiClient(env.url);
  });
  /** Staff sign in after the draw's clock moved (a session does not outlive hours of the test clock). */
  const signInStaff = async () => {
    [otto, sam, sue] = await Promise.all([staffMember('operator', 'Otto'), staffMember('supervisor', 'Sam'), staffMember('supervisor', 'Sue')]);
  };
  afterAll(() => env?.stop());

  const bigWin = (name: string) => bigWinOf(env, api, name);
  const staffMember = (role: 'operator' | 'supervisor', name: string) => staffOf(env, api, role, name);

  const step = (token: string, id: string, s: string, note?: string) => api.post(`/api/admin/claims/${id}/step`, { token, json: { step: s, ...(note ? { note } : {}) } });
  const claimMessages = async (token: string) => ((await api.get('/api/inbox?limit=50', { token })).body as InboxPage).items.filter((i) => i.kind === 'claim_step').map((i) => i.params.step);

  it('a held big win opens one claim; staff walk its steps once each; racing clicks advance once; another supervisor credits it', async () => {
    const m = await bigWin('Jackpot');
    await signInStaff();
    const claims = (await api.get('/api/claims', { token: m.token })).body.items;
    expect(claims).toHaveLength(1);
    const claim = claims[0];
    expect(claim).toMatchObject({ orderId: m.order.id, productCode: 'TWA03', step: 'win_confirmed', ticketRef: `TL-539-${m.id}`, operatorTerms: { confirmed: false } });
    expect(claim.points).toBeGreaterThan(100_000);
    expect(claim.timeline.map((t: { step: string }) => t.step)).toEqual(['win_confirmed']);
    expect(new Date(claim.claimBy).getTime()).toBeGreaterThan(new Date(claim.openedAt).getTime());
    expect(await eventually('the first claim message', async () => ((await claimMessages(m.token)).length ? claimMessages(m.token) : undefined))).toEqual(['win_confirmed']);

    // Who may see it: its member and staff; nobody else.
    const stranger = await newMember(env.services, 'Stranger');
    expect((await api.get(`/api/claims/${claim.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api.get(`/api/claims/${claim.id}`)).status).toBe(401);
    expect((await api.get('/api/admin/claims', { token: m.token })).status).toBe(403);
    expect((await step(m.token, claim.id, 'documents_requested')).status).toBe(403);
    expect((await api.get('/api/admin/claims', { token: otto.token })).body.items.map((c: { id: string }) => c.id)).toContain(claim.id);

    // Steps in order only; bad input is a 4xx.
    expect((await step(otto.token, claim.id, 'ticket_presented')).body.error.code).toBe('claim_step');
    expect((await step(otto.token, claim.id, 'credited')).body.error).toMatchObject({ code: 'validation_failed', fields: { step: 'invalid' } });
    expect((await step(otto.token, '999999999', 'documents_requested')).status).toBe(404);

    // Eight clicks at once: one records the step.
    const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => step(i % 2 ? otto.token : sam.token, claim.id, 'documents_requested', 'ID and the claim form')));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.status !== 200).every((r) => r.body.error.code === 'claim_step')).toBe(true);

    expect((await step(otto.token, claim.id, 'documents_received')).body.step).toBe('documents_received');
    expect((await step(otto.token, claim.id, 'ticket_presented')).body.step).toBe('ticket_presented');
    expect((await step(sam.token, claim.id, 'prize_received')).body.step).toBe('prize_received');
    expect((await step(sam.token, claim.id, 'prize_received')).body.error.code).toBe('claim_step');

    // The credit is the large-win release, by a supervisor other than the one who recorded the prize received.
    expect((await api.post(`/api/admin/large-wins/${m.order.id}/release`, { token: sam.token })).body.error.code).toBe('approval_required');
    const balanceBefore = (await api.get('/api/me', { token: m.token })).body.balance as number;
    const released = await api.post(`/api/admin/large-wins/${m.order.id}/release`, { token: sue.token });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(balanceBefore + claim.points);
    expect((await api.post(`/api/admin/large-wins/${m.order.id}/release`, { token: sue.token })).body.error.code).toBe('order_not_found');

    const done = (await api.get(`/api/claims/${claim.id}`, { token: m.token })).body;
    expect(done.step).toBe('credited');
    expect(done.timeline.map((t: { step: string }) => t.step)).toEqual(['win_confirmed', 'documents_requested', 'documents_received', 'ticket_presented', 'prize_received', 'credited']);
    expect(done.timeline[1].note).toBe('ID and the claim form');
    // The inbox told each step, once.
    const told = await eventually('six claim messages', async () => {
      const steps = await claimMessages(m.token);
      return steps.length >= 6 ? steps : undefined;
    });
    expect([...told].sort()).toEqual(['credited', 'documents_received', 'documents_requested', 'prize_received', 'ticket_presented', 'win_confirmed']);
    const audits = await env.platform.db.selectFrom('audit_log').select('action').where('action', '=', 'claim.step').where('target_id', '=', claim.id).execute();
    expect(audits).toHaveLength(4);
    expect(await env.platform.db.selectFrom('claims').select('id').where('order_id', '=', Number(m.order.id)).execute()).toHaveLength(1);
  });

  it('staff never move a claim of their own', async () => {
    const m = await bigWin('Staff winner');
    await signInStaff();
    const [claim] = (await api.get('/api/claims', { token: m.token })).body.items;
    await env.services.staff.setRole(null, Number(m.id), 'operator');
    const self = await staffMember('operator', 'Other');
    expect((await step(self.token, claim.id, 'documents_requested')).status).toBe(200);
    // Signed in as staff, the winner is refused on their own claim.
    const signedIn = await api.post('/api/auth/login', { json: { email: m.email, password: m.password } });
    expect((await step(signedIn.body.token, claim.id, 'documents_received')).body.error.code).toBe('own_account');
  });
});
