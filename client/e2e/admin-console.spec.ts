import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startManualPlatform } from './manual-platform.ts';
import { expect, test } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { call as staffCall, consoleSignIn, enrolmentLink, newAccount as newStaffAccount, totp } from './staff-support.ts';

/**
 * The back-office console in a real browser, against a platform of its own: the manual purchase
 * gateway (PURCHASE_GATEWAY=manual: every order waits for a person), staff TOTP required, and
 * Canada Keno every 3 minutes so 20 orders share one issue with time to spare. Its port is the
 * run's E2E_PORT + 15, its data directory its own (as scripts/e2e-server.mjs does for the shared one).
 */
const PORT = Number(process.env.E2E_PORT ?? 4310) + 15;
const BASE = `http://127.0.0.1:${PORT}`;
const SUPERVISOR = { email: 'operator@example.com', password: 'operator-pass-2026' };
// A tiny real PNG: what the operator's phone camera would upload, only smaller.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

let DATA_DIR = '';

let server: ChildProcess;
/** The seeded supervisor, signed in (and enrolled, with the link the demo seeding wrote) over HTTP by the first test. */
let supervisor: { token: string; secret: string };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, locale: 'en-US' });

const call = <T = any>(method: string, url: string, options: { body?: unknown; token?: string; key?: string } = {}) => staffCall<T>(BASE, method, url, options);
const newAccount = (name: string) => newStaffAccount(BASE, name);

/** Staff sign-in over HTTP (enrolling on the first one, with the single-use link's token); returns the token and the TOTP secret. */
async function staffToken(email: string, password: string, options: { secret?: string; enrolLink?: string } = {}) {
  const enrolment = options.enrolLink?.split('#enrol=')[1];
  const login = await call('POST', '/api/admin/auth/login', { body: { email, password, ...(enrolment ? { enrolment } : {}) } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const usedSecret: string = login.body.enrol?.secret ?? options.secret;
  const verified = await call('POST', '/api/admin/auth/verify', { body: { challenge: login.body.challenge, code: await totp(usedSecret) } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { token: verified.body.token as string, secret: usedSecret };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ server, dataDir: DATA_DIR } = await startManualPlatform(PORT));
});

test.afterAll(() => {
  server?.kill('SIGINT');
});

test('an operator clears a queue of 20 manual purchases with the keyboard only, with a ticket scan the member then sees', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The seeded supervisor's password alone does not enrol; the link the demo seeding wrote does.
  expect((await call('POST', '/api/admin/auth/login', { body: SUPERVISOR })).body.error.code).toBe('enrolment_required');
  const seededLink = `${BASE}/admin#enrol=${fs.readFileSync(path.join(DATA_DIR, 'secrets', 'demo-enrolment-link.txt'), 'utf8').trim()}`;
  supervisor = await staffToken(SUPERVISOR.email, SUPERVISOR.password, { enrolLink: seededLink });
  const operator = await newAccount('Olga');
  expect((await call('POST', `/api/admin/staff/${operator.id}/role`, { token: supervisor.token, body: { role: 'operator' } })).status).toBe(204);

  // A member with points (a PIN from the supervisor, within what one person may issue alone) places 20 orders on one open issue.
  const member = await newAccount('Max');
  const pins = await call('POST', '/api/admin/pins', { token: supervisor.token, body: { count: 1, points: 50_000 } });
  expect((await call('POST', '/api/pins/redeem', { token: member.token, body: { code: pins.body.codes[0] } })).status).toBe(200);
  let clock: { issue: string; salesCloseAt: string; phase: string } = { issue: '', salesCloseAt: '', phase: '' };
  await expect
    .poll(async () => {
      clock = (await call('GET', '/api/keno/CAB01/clock')).body;
      return clock.phase === 'open' && Date.parse(clock.salesCloseAt) - Date.now() > 90_000;
    }, { timeout: 200_000, intervals: [2000] })
    .toBe(true);
  const plays = [1, 2, 3].map((n) => ({ type: 'pick', stars: 1, numbers: [n] }));
  const orderIds: string[] = [];
  for (let i = 0; i < 20; i++) {
    const placed = await call('POST', '/api/orders', { token: member.token, key: `admin-e2e-${Date.now()}-${i}`, body: { productCode: 'CAB01', issue: clock.issue, multiplier: 1, plays } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    orderIds.push(placed.body.order.id);
  }

  await consoleSignIn(page, operator.email, operator.password, undefined, await enrolmentLink(BASE, supervisor.token, operator.id));
  const rows = page.getByTestId('queue-row');
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId('figure-waiting')).toHaveText('20');
  await page.screenshot({ path: test.info().outputPath('queue-desktop.png') });

  // Keyboard only: Enter opens the confirmation of the current (most urgent) row, the ticket
  // reference is typed, Enter confirms; the next row becomes current. The last one gets a scan.
  // The last row is the newest order: the first on the member's orders page.
  const scanned = await rows.last().getAttribute('data-order');
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Enter');
    const ref = page.getByLabel('Ticket reference');
    await expect(ref).toBeFocused();
    await page.keyboard.type(`CAB-${clock.issue}-${i + 1}`);
    if (i === 19) {
      // The photo comes from the phone's camera or a file: the one step that is not a key press.
      await page.getByLabel('Scan or photo of the ticket').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: PNG });
      await ref.focus();
    }
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(19 - i);
  }
  await expect(page.getByTestId('queue-empty')).toBeVisible();
  expect(Date.now(), 'cleared before the sales cut-off').toBeLessThan(Date.parse(clock.salesCloseAt));

  // Every order is bought, with its reference; the member's order page shows the scan.
  const mine = await call('GET', '/api/orders?pageSize=20', { token: member.token });
  expect(mine.body.items.filter((o: any) => o.status === 2)).toHaveLength(20);
  const memberPage = await browser.newPage({ baseURL: BASE, locale: 'en-US' });
  await adoptSession(memberPage, member.token);
  await memberPage.addInitScript(([u]) => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem('user', u);
  }, [JSON.stringify(member.user)] as const);
  await memberPage.goto('/orders');
  const row = memberPage.locator(`[data-testid="order-row"][data-order-id="${scanned}"]`);
  await row.getByTestId('order-toggle').click();
  const scan = memberPage.getByTestId('ticket-scan').getByRole('img');
  await expect(scan).toBeVisible();
  expect(await scan.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await memberPage.screenshot({ path: test.info().outputPath('member-scan.png') });
  await memberPage.close();
});

test('a supervisor approves a large adjustment an operator requested, and the member is credited', async ({ page }) => {
  test.setTimeout(120_000);
  const operator = await newAccount('Otto');
  expect((await call('POST', `/api/admin/staff/${operator.id}/role`, { token: supervisor.token, body: { role: 'operator' } })).status).toBe(204);
  const otto = await staffToken(operator.email, operator.password, { enrolLink: await enrolmentLink(BASE, supervisor.token, operator.id) });
  const member = await newAccount('Mia');
  const requested = await call('POST', '/api/admin/adjustments', { token: otto.token, key: `adj-${Date.now()}`, body: { userId: member.id, amount: 250_000, reason: 'prize paid by hand' } });
  expect(requested.body.status).toBe('pending_approval');

  await consoleSignIn(page, SUPERVISOR.email, SUPERVISOR.password, supervisor.secret);
  await page.getByRole('link', { name: 'Adjustments' }).click();
  const row = page.locator(`[data-testid="adjustment-row"][data-id="${requested.body.adjustmentId}"]`);
  await expect(row).toContainText('Awaiting approval');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toContainText('Approved');
  await expect.poll(async () => (await call('GET', '/api/me', { token: member.token })).body.balance, { timeout: 20_000 }).toBe(250_000);
  await page.reload();
  await expect(row).toContainText('Applied');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: test.info().outputPath('adjustments-phone.png'), fullPage: true });
});

test('a PIN batch past its issuer’s daily bound waits for another supervisor, who approves it in the console; then it downloads', async ({ page }) => {
  test.setTimeout(120_000);
  const petra = await newAccount('Petra');
  expect((await call('POST', `/api/admin/staff/${petra.id}/role`, { token: supervisor.token, body: { role: 'operator' } })).status).toBe(204);
  const staff = await staffToken(petra.email, petra.password, { enrolLink: await enrolmentLink(BASE, supervisor.token, petra.id) });
  // 20 codes of 100 GP: 2,000 GP, past the 1,000 GP one person moves alone in a day.
  const issued = await call('POST', '/api/admin/pin-batches', { token: staff.token, body: { count: 20, points: 10_000, note: 'Fair prizes' } });
  expect(issued.body.approval).toBe('pending');
  expect((await call('POST', `/api/admin/pin-batches/${issued.body.id}/export`, { token: staff.token })).body.error.code).toBe('approval_required');

  await consoleSignIn(page, SUPERVISOR.email, SUPERVISOR.password, supervisor.secret);
  await page.getByRole('link', { name: 'PINs' }).click();
  const batch = page.locator(`[data-testid="pin-batch-row"][data-id="${issued.body.id}"]`);
  await expect(batch.getByTestId('pin-batch-pending')).toHaveText('Awaiting approval');
  await expect(batch.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await batch.getByRole('button', { name: 'Approve' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pins-message')).toContainText(`Batch #${issued.body.id} approved`);
  await expect(batch).toContainText('Approved by Back office');
  const downloading = page.waitForEvent('download');
  await batch.getByRole('button', { name: 'Download CSV' }).click();
  const csv = fs.readFileSync((await (await downloading).path())!, 'utf8');
  expect(csv.trim().split(/\r?\n/)).toHaveLength(21);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: test.info().outputPath('pins-approved-phone.png'), fullPage: true });
});
