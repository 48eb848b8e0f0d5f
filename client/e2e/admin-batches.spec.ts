import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { english, enrolSeededSupervisor, SEEDED_SUPERVISOR as SUPERVISOR, signIn, startManualPlatform } from './manual-platform.ts';
import { expect, test } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { call as staffCall, newAccount as newStaffAccount, totp } from './staff-support.ts';

/**
 * Issue 31 items 3 and 7 in a real browser, on a platform of its own (the manual purchase gateway,
 * staff TOTP required, Canada Keno every 3 minutes): a supervisor invites a colleague from
 * /admin/staff, who enrols from the link; the console keeps its session over a reload and in a
 * new tab; the colleague buys a draw from its purchase sheet and confirms it with the mouse; queue
 * rows answer clicks and taps. Port E2E_PORT + 16, its own data directory.
 */
const PORT = Number(process.env.E2E_PORT ?? 4310) + 16;
const BASE = `http://127.0.0.1:${PORT}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
let DATA_DIR = '';

let server: ChildProcess;
let supervisor: { token: string; secret: string };
/** The colleague the supervisor invited in the first test, enrolled. */
let colleague: { email: string; password: string; secret: string };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, locale: 'en-US' });

const call = <T = any>(method: string, url: string, options: { body?: unknown; token?: string; key?: string } = {}) => staffCall<T>(BASE, method, url, options);

/** `count` orders of 3 units by one new member on the open CAB01 issue, with a minute and a half to spare. */
async function placeOrders(count: number) {
  const member = await newStaffAccount(BASE, 'Buyer');
  const pins = await call('POST', '/api/admin/pins', { token: supervisor.token, body: { count: 1, points: 50_000 } });
  expect((await call('POST', '/api/pins/redeem', { token: member.token, body: { code: pins.body.codes[0] } })).status).toBe(200);
  let clock = { issue: '', salesCloseAt: '', phase: '' };
  await expect
    .poll(async () => {
      clock = (await call('GET', '/api/keno/CAB01/clock')).body;
      return clock.phase === 'open' && Date.parse(clock.salesCloseAt) - Date.now() > 90_000;
    }, { timeout: 200_000, intervals: [2000] })
    .toBe(true);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const plays = [{ type: 'pick', stars: 5, numbers: [1 + i, 12, 23, 34, 45] }];
    const placed = await call('POST', '/api/orders', { token: member.token, key: `batch-${Date.now()}-${i}`, body: { productCode: 'CAB01', issue: clock.issue, multiplier: 3, plays } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    ids.push(placed.body.order.id);
  }
  return { member, ids, issue: clock.issue };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ server, dataDir: DATA_DIR } = await startManualPlatform(PORT));
  supervisor = await enrolSeededSupervisor(BASE, DATA_DIR);
});

test.afterAll(() => {
  server?.kill('SIGINT');
});

test('a supervisor invites a colleague from /admin/staff; the colleague opens the link, chooses a password and enrols', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, { ...SUPERVISOR, secret: supervisor.secret });
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  // The supervisor's own row offers nothing to do to oneself.
  await expect(page.getByTestId('staff-row').filter({ hasText: SUPERVISOR.email })).toContainText('You');

  const email = `colleague-${Date.now()}@example.com`;
  const invite = page.getByTestId('staff-invite');
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Name').fill('Carla Courier');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const link = await page.getByTestId('staff-link').inputValue();
  expect(link).toMatch(/\/admin#invite=/);
  await expect(page.getByTestId('staff-row').filter({ hasText: email }).getByTestId('staff-state')).toHaveText('Invited (link not opened yet)');
  await page.screenshot({ path: test.info().outputPath('staff-invited.png') });

  // The colleague, in a browser of their own.
  const context = await browser.newContext({ baseURL: BASE, locale: 'en-US' });
  const theirs = await context.newPage();
  await english(theirs);
  await theirs.goto(link);
  await expect(theirs.getByTestId('invitation-form')).toBeVisible();
  const password = 'carla-buys-tickets-2026';
  await theirs.getByLabel('New password', { exact: true }).fill(password);
  await theirs.getByLabel('New password again').fill(password);
  await theirs.getByRole('button', { name: 'Next' }).click();
  await expect(theirs.getByTestId('totp-enrol').getByRole('img')).toBeVisible();
  const secret = (await theirs.getByTestId('totp-secret').textContent())!.trim();
  await theirs.getByLabel('Authenticator code').fill(await totp(secret));
  await theirs.getByRole('button', { name: 'Sign in' }).click();
  await expect(theirs.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await theirs.getByRole('button', { name: 'I have saved them' }).click();
  await expect(theirs.getByRole('heading', { name: 'Order queue' })).toBeVisible();
  expect(new URL(theirs.url()).hash, 'the spent link leaves the address bar').toBe('');
  await context.close();
  colleague = { email, password, secret };

  await page.reload();
  await expect(page.getByTestId('staff-row').filter({ hasText: email }).getByTestId('staff-state')).toHaveText('Active, authenticator enrolled');
});

test('the console session survives a reload and a new tab until it is signed out', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, colleague);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Order queue' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  const tab = await page.context().newPage();
  await tab.goto('/admin/adjustments');
  await expect(tab.getByRole('heading', { level: 1 })).not.toHaveText('Staff sign-in');
  await expect(tab.getByText(colleague.email)).toBeVisible();
  // Signed out in the new tab: the first one's next load asks for the sign-in again.
  await tab.getByRole('button', { name: 'Sign out' }).click();
  await expect(tab.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
});

test('a courier buys a draw from its purchase sheet and confirms it with the mouse: a reference and a scan per ticket', async ({ page }) => {
  test.setTimeout(300_000);
  const { ids } = await placeOrders(3);
  await signIn(page, colleague);
  const rows = page.getByTestId('queue-row');
  await expect(rows).toHaveCount(3);
  await rows.first().getByTestId('row-sheet').click();
  await expect(page).toHaveURL(/\/admin\/draws\/\d+\/sheet\?productCode=CAB01$/);
  const tickets = page.getByTestId('sheet-ticket');
  await expect(tickets).toHaveCount(3);
  await expect(page.getByTestId('sheet-group')).toHaveCount(1);
  await expect(page.getByTestId('sheet-group')).toContainText('CAB01 · pick5 · ×3 (3 tickets)');
  await expect(tickets.first()).toContainText('01 12 23 34 45');
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: test.info().outputPath('sheet-print.png'), fullPage: true });
  await expect(page.getByTestId('sheet-confirm')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  const downloading = page.waitForEvent('download');
  await page.getByTestId('sheet-csv').click();
  const csv = fs.readFileSync((await (await downloading).path())!, 'utf8').trim().split(/\r?\n/);
  expect(csv[0]).toContain('amount_gp');
  expect(csv).toHaveLength(4);

  for (const [i, id] of ids.entries()) {
    const ticket = page.locator(`[data-testid="sheet-ticket"][data-order="${id}"]`);
    await ticket.getByLabel(`Ticket reference for order #${id}`).fill(`TERM-${i + 1}`);
    await ticket.getByLabel(`Scan of the ticket of order #${id}`).setInputFiles({ name: `t${i}.png`, mimeType: 'image/png', buffer: PNG });
  }
  await page.getByTestId('sheet-confirm').click();
  await expect(page.getByTestId('sheet-message')).toHaveText('3 tickets confirmed.');
  await expect(page.getByTestId('sheet-empty')).toBeVisible();
  for (const id of ids) {
    const order = await call('GET', `/api/admin/orders/${id}/scan`, { token: supervisor.token });
    expect(order.status).toBe(200);
  }
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page.getByTestId('queue-empty')).toBeVisible();
});

test('queue rows answer the mouse and a finger: claim, mark failed, confirm', async ({ browser }) => {
  test.setTimeout(300_000);
  const { member, ids } = await placeOrders(2);
  // A phone: touch events, a narrow screen.
  const context = await browser.newContext({ baseURL: BASE, locale: 'en-US', hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, colleague);
  const row = (id: string) => page.locator(`[data-testid="queue-row"][data-order="${id}"]`);
  await expect(page.getByTestId('queue-row')).toHaveCount(2);

  await row(ids[0]!).getByTestId('row-claim').tap();
  await expect(row(ids[0]!)).toContainText('yours');
  await row(ids[0]!).getByTestId('row-fail').tap();
  await page.getByLabel('Reason (the member sees it)').fill('Terminal offline at the shop');
  await page.getByRole('button', { name: 'Mark failed and refund' }).tap();
  await expect(page.getByTestId('queue-message')).toContainText(`Order #${ids[0]} failed`);

  await row(ids[1]!).getByTestId('row-confirm').tap();
  await page.getByLabel('Ticket reference').fill('TAP-1');
  await page.getByRole('form', { name: `Confirm order #${ids[1]}` }).getByRole('button', { name: 'Confirm' }).tap();
  await expect(page.getByTestId('queue-empty')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('queue-phone.png'), fullPage: true });
  await context.close();

  const orders = (await call('GET', '/api/orders?pageSize=5', { token: member.token })).body.items;
  expect(orders.find((o: any) => o.id === ids[0]).status).toBe(9);
  expect(orders.find((o: any) => o.id === ids[1]).status).toBe(2);

  // The member reads the worker's words in a translated frame — a refusal, not "timed out" — in the orders list, on the order and in the inbox.
  const theirs = await browser.newPage({ baseURL: BASE, locale: 'en-US' });
  await english(theirs);
  await adoptSession(theirs, member.token);
  await theirs.goto('/orders');
  const refused = theirs.locator(`[data-testid="order-row"][data-order-id="${ids[0]}"]`);
  await expect(refused.getByTestId('order-status')).toHaveText('Not bought, refunded');
  await expect(refused.getByTestId('order-refusal-reason')).toHaveText('Why: Terminal offline at the shop');
  await refused.getByTestId('order-toggle').click();
  await expect(theirs.getByTestId('order-refund-note')).toHaveText(/^We could not buy this ticket: Terminal offline at the shop\. [\d.]+ GP refunded\.$/);
  await theirs.goto('/inbox');
  await expect(theirs.getByText(`We could not buy order #${ids[0]}: Terminal offline at the shop.`, { exact: false })).toBeVisible();
  await expect(theirs.getByText(/not bought in time|could not be bought in time/)).toHaveCount(0);
  await theirs.close();
});
