import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStaff } from '../admin/support.ts';
import { apiClient } from '../http/api-client.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from '../orders/support.ts';
import { expectLedgerMatchesBalance, grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { walletService } from '../../src/wallet/service.ts';
import { kycForm, PDF, PNG, sendKyc, verified, winPrize, withdraw, WITHDRAWAL_ENV } from '../withdrawals/support.ts';

const DAY = 24 * 3600_000;

/**
 * Issue 32 item 5 (the member's data, statements, closing the account) and issue 33 item 1 (identity
 * files deleted on a schedule after closure): over real HTTP, a real database and the real storage.
 */
describe('the member’s account: data export, statements, closing', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let sue: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await testServer('embedded', { ...WITHDRAWAL_ENV, ...SLOW_CAB01, PURCHASE_GATEWAY: 'simulated', ACCOUNT_EXPORTS_PER_HOUR: '3', KYC_FILE_RETENTION_DAYS: '30' });
    api = apiClient(env.url);
    sue = await newStaff(env, 'supervisor', 'Sue');
  });
  afterAll(() => env?.stop());

  const download = async (token: string, query: string) => {
    const res = await fetch(`${env.url}/api/me/export?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const ledgerIds = async (userId: string) =>
    (await env.platform.db.selectFrom('ledger').select('id').where('user_id', '=', Number(userId)).orderBy('id').execute()).map((r) => String(r.id));
  const order = (token: string, issue: string) => api.post('/api/orders', { token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });

  it('exports everything held on the member, as JSON and as CSV, and nothing of anyone else', async () => {
    const ada = await newMember(env.services, 'Ada');
    const bob = await newMember(env.services, 'Bob');
    for (const m of [ada, bob]) {
      await grantPoints(env.platform, Number(m.id), 10_000);
      expect((await sendKyc(env.url, m.token, kycForm({ document: PDF, selfie: PNG }))).status).toBe(201);
    }
    await winPrize(env.platform, ada.id, 3_000);
    const { issue } = await openIssue(env.platform, 8_000);
    const placed = await order(ada.token, issue);
    expect(placed.status).toBe(201);

    const json = await download(ada.token, 'format=json');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(/^attachment; filename="gpoints-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(json.headers.get('cache-control')).toBe('no-store');
    const data = JSON.parse(json.text);
    expect(data.profile).toMatchObject({ id: String(ada.id), email: ada.email, name: 'Ada', birthDate: expect.any(String), balance: 13_000 - placed.body.order.pointsSpent });
    expect(data.ledger.map((r: { id: number }) => String(r.id))).toEqual(await ledgerIds(ada.id));
    expect(data.orders.map((o: { id: number }) => String(o.id))).toEqual([placed.body.order.id]);
    expect(data.sessions.length).toBeGreaterThan(0);
    // Identity checks: the files' names and types, never their bytes.
    expect(data.identity_checks).toHaveLength(1);
    expect(data.identity_checks[0]).toMatchObject({ state: 'pending', documentType: 'application/pdf', documentFile: expect.stringMatching(/-document-[0-9a-f]+\.pdf$/), accountNumber: '012345678901' });
    expect(json.text).not.toContain(PDF.toString('base64'));
    for (const section of ['deposits', 'withdrawals', 'linked_logins', 'limits', 'limit_changes', 'breaks', 'inbox', 'support_messages']) expect(Array.isArray(data[section]), section).toBe(true);
    // Nothing of Bob's.
    expect(json.text).not.toContain(bob.email);
    for (const id of await ledgerIds(bob.id)) expect(data.ledger.some((r: { id: number }) => String(r.id) === id)).toBe(false);

    const csv = await download(ada.token, 'format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.split('\r\n');
    // Each section opens with its own header row; each of its rows starts with its name.
    expect(lines).toContain('section,id,createdAt,account,kind,amount,balanceAfter,refType,refId');
    expect(lines.filter((l) => l.startsWith('ledger,'))).toHaveLength((await ledgerIds(ada.id)).length);
    expect(lines.filter((l) => l.startsWith('orders,'))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('profile,') && l.includes(ada.email))).toBe(true);
    expect(csv.text).not.toContain(bob.email);

    // Guests and bad formats.
    expect((await download('', 'format=json')).status).toBe(401);
    const bad = await api.get('/api/me/export?format=xml', { token: ada.token });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', fields: { format: 'invalid' } });
  });

  it('a long history is exported whole, page after page; a member may export a few times an hour, others unaffected', async () => {
    const cy = await newMember(env.services, 'Cy');
    await env.platform.db.transaction().execute((trx) =>
      walletService.creditMany(trx, Array.from({ length: 1_234 }, (_, i) => ({ userId: Number(cy.id), account: 'real' as const, kind: 'adjustment' as const, amount: 1, refType: 'test-grant', refId: `bulk-${i}` }))),
    );
    const json = JSON.parse((await download(cy.token, 'format=json')).text);
    expect(json.ledger).toHaveLength(1_234);
    expect(new Set(json.ledger.map((r: { id: number }) => r.id)).size).toBe(1_234);
    const csv = (await download(cy.token, 'format=csv')).text;
    expect(csv.split('\r\n').filter((l) => l.startsWith('ledger,'))).toHaveLength(1_234);

    expect((await download(cy.token, 'format=json')).status).toBe(200); // the third this hour
    const fourth = await api.get('/api/me/export?format=json', { token: cy.token });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('rate_limited');
    const dee = await newMember(env.services, 'Dee');
    expect((await download(dee.token, 'format=json')).status).toBe(200);
  });

  it('a monthly statement sums the ledger by line in the member’s time zone; the CSV says the same', async () => {
    const eve = await newMember(env.services, 'Eve');
    await grantPoints(env.platform, Number(eve.id), 20_000);
    const [code] = (await env.services.pins.createBatch({ count: 1, points: 500 })).codes;
    expect((await api.post('/api/pins/redeem', { token: eve.token, json: { code } })).status).toBe(200);
    await winPrize(env.platform, eve.id, 4_000);
    const { issue } = await openIssue(env.platform, 8_000);
    const placed = await order(eve.token, issue);
    expect(placed.status).toBe(201);

    const now = new Date();
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
    const res = await api.get(`/api/me/statements?month=${month}&timeZone=Asia/Taipei`, { token: eve.token });
    expect(res.status).toBe(200);
    const s = res.body;
    // The ledger's own figures for the same instants.
    const { rows } = await sql<{ kind: string; total: number }>`
      select kind, sum(amount)::bigint as total from ledger where user_id = ${eve.id} and account = 'real' and created_at >= ${new Date(s.from)} and created_at < ${new Date(s.to)} group by kind`.execute(env.platform.db);
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
    expect(s).toMatchObject({ month, timeZone: 'Asia/Taipei', currency: 'GP', openingBalance: 0 });
    expect(s.lines).toEqual({ deposits: of('deposit') + of('pin'), stakes: of('order'), prizes: of('prize'), refunds: of('refund'), withdrawals: of('withdrawal'), adjustments: of('adjustment') });
    expect(s.lines).toMatchObject({ deposits: 500, stakes: -placed.body.order.pointsSpent, prizes: 4_000, adjustments: 20_000 });
    expect(s.net).toBe(24_500 - placed.body.order.pointsSpent);
    expect(s.closingBalance).toBe((await api.get('/api/me', { token: eve.token })).body.balance);

    const csv = await fetch(`${env.url}/api/me/statements?month=${month}&timeZone=Asia/Taipei&format=csv`, { headers: { Authorization: `Bearer ${eve.token}` } });
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="gpoints-statement-${month}.csv"`);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('month,time_zone,line,amount_gp,amount_hundredths,currency');
    expect(text).toContain(`${month},Asia/Taipei,prizes,40.00,4000,GP`);
    expect(text).toContain(`${month},Asia/Taipei,net,${(s.net / 100).toFixed(2)},${s.net},GP`);

    // Bad months and zones; another member's statement shows none of this.
    expect((await api.get('/api/me/statements?month=2026-13', { token: eve.token })).body.error.fields).toEqual({ month: 'invalid' });
    expect((await api.get(`/api/me/statements?month=${month}&timeZone=Mars/Olympus`, { token: eve.token })).body.error.fields).toEqual({ timeZone: 'invalid' });
    expect((await api.get('/api/me/statements', { token: eve.token })).body.error.fields).toEqual({ month: 'required' });
    const other = await newMember(env.services, 'Fay');
    expect((await api.get(`/api/me/statements?month=${month}&timeZone=Asia/Taipei`, { token: other.token })).body).toMatchObject({ net: 0, entries: 0 });
  });

  it('the month is the member’s: an entry at 01:30 on 1 April in Taipei is April there and March in UTC', async () => {
    const gus = await newMember(env.services, 'Gus');
    await grantPoints(env.platform, Number(gus.id), 1_000);
    await env.platform.db.updateTable('ledger').set({ created_at: new Date('2026-03-31T17:30:00Z') }).where('user_id', '=', Number(gus.id)).execute();
    const statement = async (month: string, zone: string) => (await api.get(`/api/me/statements?month=${month}&timeZone=${zone}`, { token: gus.token })).body;
    expect(await statement('2026-04', 'Asia/Taipei')).toMatchObject({ from: '2026-03-31T16:00:00.000Z', openingBalance: 0, lines: { adjustments: 1_000 }, closingBalance: 1_000 });
    expect(await statement('2026-03', 'Asia/Taipei')).toMatchObject({ entries: 0, closingBalance: 0 });
    expect(await statement('2026-03', 'UTC')).toMatchObject({ lines: { adjustments: 1_000 }, closingBalance: 1_000 });
    expect(await statement('2026-05', 'UTC')).toMatchObject({ entries: 0, openingBalance: 1_000, net: 0, closingBalance: 1_000 });
  });

  it('closing: password again, sessions end at once, trial points forfeited in one posting, real points kept, withdrawals and orders go on, sign-in says closed', async () => {
    const hal = await newMember(env.services, 'Hal');
    await grantPoints(env.platform, Number(hal.id), 5_000);
    await grantPoints(env.platform, Number(hal.id), 2_000, 'trial');
    await winPrize(env.platform, hal.id, 3_000);
    await verified(env.url, hal.token, sue.token);
    const requested = await withdraw(env.url, hal.token, 1_000);
    expect(requested.status).toBe(201);
    const { issue } = await openIssue(env.platform, 8_000);
    const placed = await order(hal.token, issue);
    expect(placed.status).toBe(201);
    const realBefore = 5_000 + 3_000 - 1_000 - placed.body.order.pointsSpent;

    // The confirmation and the password are both needed; a wrong one changes nothing.
    expect((await api.post('/api/me/close', { token: hal.token, json: { password: 'correct-horse-1' } })).body.error.fields).toEqual({ confirm: 'required' });
    const wrong = await api.post('/api/me/close', { token: hal.token, json: { password: 'not-my-password', confirm: true } });
    expect(wrong.body.error.code).toBe('invalid_credentials');
    expect((await api.get('/api/me', { token: hal.token })).status).toBe(200);

    const closed = await api.post('/api/me/close', { token: hal.token, json: { password: hal.password, confirm: true } });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ realBalance: realBefore, withdrawable: 2_000, trialForfeited: 2_000, openWithdrawals: 1 });
    expect(new Date(closed.body.identityFilesDeletedAfter).getTime() - new Date(closed.body.closedAt).getTime()).toBe(30 * DAY);

    // The token stops at once; signing in says the account is closed (a wrong password still says nothing).
    const me = await api.get('/api/me', { token: hal.token });
    expect(me.status).not.toBe(200);
    expect((await api.post('/api/me/close', { token: hal.token, json: { password: hal.password, confirm: true } })).status).not.toBe(200);
    const login = await api.post('/api/auth/login', { json: { email: hal.email, password: hal.password } });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('account_closed');
    expect((await api.post('/api/auth/login', { json: { email: hal.email, password: 'not-my-password' } })).body.error.code).toBe('invalid_credentials');

    // The ledger: one posting took the trial points; the real balance is untouched.
    const closure = await env.platform.db.selectFrom('ledger').select(['account', 'amount', 'kind']).where('user_id', '=', Number(hal.id)).where('ref_type', '=', 'account-closure').execute();
    expect(closure).toEqual([{ account: 'trial', amount: -2_000, kind: 'adjustment' }]);
    const wallet = await walletService.balances(env.platform.db, Number(hal.id));
    expect(wallet).toEqual({ balance: realBefore, trialBalance: 0 });
    await expectLedgerMatchesBalance(env.platform, Number(hal.id));
    const user = await env.platform.db.selectFrom('users').select(['promo_opt_in', 'closed_at']).where('id', '=', Number(hal.id)).executeTakeFirstOrThrow();
    expect(user.promo_opt_in).toBe(false);
    expect(user.closed_at).not.toBeNull();

    // The order placed before is still bought; the withdrawal requested before is still paid.
    await eventually('the order bought after closure', async () => {
      const row = await env.platform.db.selectFrom('orders').select('status').where('id', '=', placed.body.order.id).executeTakeFirstOrThrow();
      return row.status !== 0 && row.status;
    });
    const otto = await newStaff(env, 'operator', 'Otto');
    expect((await api.post(`/api/admin/withdrawals/${requested.body.id}/approve`, { token: otto.token })).status).toBe(200);
    const paid = await api.post(`/api/admin/withdrawals/${requested.body.id}/paid`, { token: otto.token, json: { reference: 'TXN-CLOSED-1' } });
    expect(paid.body.state).toBe('paid');
  });

  it('two closings at once: one closes, the trial points are forfeited once', async () => {
    const kit = await newMember(env.services, 'Kit');
    await grantPoints(env.platform, Number(kit.id), 1_500, 'trial');
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.post('/api/me/close', { token: kit.token, json: { password: kit.password, confirm: true } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const postings = await env.platform.db.selectFrom('ledger').select(['amount']).where('user_id', '=', Number(kit.id)).where('ref_type', '=', 'account-closure').execute();
    expect(postings).toEqual([{ amount: -1_500 }]);
    await expectLedgerMatchesBalance(env.platform, Number(kit.id));
  });

  it('only members: guests are refused, and a staff session has no export, statement or closing', async () => {
    expect((await api.get('/api/me/statements?month=2026-01')).status).toBe(401);
    expect((await api.post('/api/me/close', { json: { password: 'x', confirm: true } })).status).toBe(401);
    expect((await api.get('/api/me/statements?month=2026-01', { token: sue.token })).status).toBe(403);
    expect((await api.post('/api/me/close', { token: sue.token, json: { password: 'x', confirm: true } })).status).toBe(403);
    expect((await api.get('/api/me/export', { token: sue.token })).status).toBe(403);
  });

  it('closing sets the identity files’ deletion date; the job deletes them through the storage once it passes, and records it', async () => {
    const ivy = await newMember(env.services, 'Ivy');
    const keep = await newMember(env.services, 'Jon');
    const submission = await verified(env.url, ivy.token, sue.token);
    const kept = await verified(env.url, keep.token, sue.token);
    // Read through the service, as staff would: the clock moves past every session below.
    const fileOf = (id: string, which: 'document' | 'selfie' = 'document') => env.services.kyc.staffFile(Number(id), which).then(() => 200, (error: { code?: string }) => (error.code === 'not_found' ? 404 : 500));
    expect(await fileOf(submission)).toBe(200);

    expect((await api.post('/api/me/close', { token: ivy.token, json: { password: ivy.password, confirm: true } })).status).toBe(200);
    const row = await env.platform.db.selectFrom('kyc_submissions').select(['files_delete_after', 'files_deleted_at', 'document_key']).where('id', '=', Number(submission)).executeTakeFirstOrThrow();
    expect(row.files_delete_after).not.toBeNull();
    expect(row.files_deleted_at).toBeNull();

    // Before the date: nothing is deleted.
    env.clock.advanceTo(new Date(new Date(row.files_delete_after!).getTime() - 60_000));
    await env.services.kyc.deleteDueFiles();
    expect(await fileOf(submission)).toBe(200);

    // After it: both files are gone from the storage, the deletion is recorded, and another member's stay.
    env.clock.advanceTo(new Date(new Date(row.files_delete_after!).getTime() + 60_000));
    const run = await env.services.kyc.deleteDueFiles();
    expect(run.deleted).toBeGreaterThanOrEqual(1);
    expect(await fileOf(submission)).toBe(404);
    expect(await fileOf(submission, 'selfie')).toBe(404);
    const after = await env.platform.db.selectFrom('kyc_submissions').select(['files_deleted_at']).where('id', '=', Number(submission)).executeTakeFirstOrThrow();
    expect(after.files_deleted_at).not.toBeNull();
    expect(await fileOf(kept)).toBe(200);
    // A second run finds nothing more of hers.
    expect((await env.services.kyc.deleteDueFiles()).deleted).toBe(0);
  });
});

describe('age verification by an approved identity check', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded', { ...WITHDRAWAL_ENV, AGE_UNVERIFIED_DEPOSIT_MAX_POINTS: '1000' });
    api = apiClient(env.url);
  });
  afterAll(() => env?.stop());

  it('approving the check verifies the age: the cap on unverified deposits no longer applies, and the member and the console see it', async () => {
    const sue = await newStaff(env, 'supervisor', 'Sue');
    const kim = await newMember(env.services, 'Kim');
    const redeem = async (points: number) => {
      const [code] = (await env.services.pins.createBatch({ count: 1, points })).codes;
      return api.post('/api/pins/redeem', { token: kim.token, json: { code } });
    };
    // Declared, not verified: told the cap and what is used of it, and held to it.
    expect((await redeem(800)).status).toBe(200);
    expect((await api.get('/api/me/play-state', { token: kim.token })).body).toMatchObject({ ageCheck: 'declared', ageUnverifiedDeposits: { limit: 1_000, used: 800 } });
    const refused = await redeem(500);
    expect(refused.body.error).toMatchObject({ code: 'limit_reached', details: { period: 'age_unverified', limit: 1_000, remaining: 200 } });

    // The reviewer sees the date of birth to compare with the document.
    const sent = await sendKyc(env.url, kim.token, kycForm({ document: PDF, selfie: PNG }));
    const queue = (await api.get('/api/admin/kyc', { token: sue.token })).body.items as Array<{ id: string; birthDate: string | null; ageVerified: boolean }>;
    expect(queue.find((i) => i.id === sent.body.submissionId)).toMatchObject({ birthDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), ageVerified: false });
    // A rejection verifies nothing.
    expect((await api.post(`/api/admin/kyc/${sent.body.submissionId}/decision`, { token: sue.token, json: { decision: 'more_needed', reason: 'The photo is blurred' } })).status).toBe(200);
    expect((await api.get('/api/me/play-state', { token: kim.token })).body.ageCheck).toBe('declared');

    await verified(env.url, kim.token, sue.token);
    expect((await api.get('/api/me/play-state', { token: kim.token })).body).toMatchObject({ ageCheck: 'verified', ageUnverifiedDeposits: null });
    expect((await redeem(500)).status).toBe(200);
    const detail = await api.get(`/api/admin/members/${kim.id}`, { token: sue.token });
    expect(JSON.stringify(detail.body)).toContain('verified');
    const audit = await env.platform.db.selectFrom('audit_log').select(['after']).where('action', '=', 'kyc.approved').where('target_id', '=', String(kim.id)).executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ ageVerified: true });
    await expectLedgerMatchesBalance(env.platform, Number(kim.id));
  });

  it('a member without a date of birth is not verified by an approved check', async () => {
    const sue = await newStaff(env, 'supervisor', 'Sue2');
    const lee = await newMember(env.services, 'Lee');
    await env.platform.db.updateTable('users').set({ birth_date: null }).where('id', '=', Number(lee.id)).execute();
    await verified(env.url, lee.token, sue.token);
    const row = await env.platform.db.selectFrom('users').select('age_verified_at').where('id', '=', Number(lee.id)).executeTakeFirstOrThrow();
    expect(row.age_verified_at).toBeNull();
    expect((await api.get('/api/me/play-state', { token: lee.token })).body.ageCheck).toBe('missing');
  });
});
