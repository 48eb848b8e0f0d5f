import type { ChildProcess } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { english, startManualPlatform } from './manual-platform.ts';
import { PHONE } from './phone-support.ts';
import { enterResultTwice } from './results-support.ts';
import { adoptSession } from './session-support.ts';
import { call as callAt, consoleSignIn, enrolmentLink, newAccount } from './staff-support.ts';

/**
 * Issue 33 item 4 in the browser, on a platform of its own: 今彩539 (TWA03) drawn every 2 minutes
 * with results the staff enter (four eyes), bought by hand (the manual gateway). A member's line
 * matches in full: the win is held above LARGE_WIN_POINTS and opens a claim. On a phone the member
 * opens it from the inbox, reads the timeline and the deadline with its zone, and sends a document
 * when asked; in the console staff walk it through its steps and the member's page shows each.
 */
const PORT = Number(process.env.E2E_PORT ?? 4310) + 29;
const BASE = `http://127.0.0.1:${PORT}`;
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, locale: 'en-US' });

let server: ChildProcess | undefined;
let seeded: string;
let member: Awaited<ReturnType<typeof newAccount>>;
let claimId: string;
const call = <T = any>(method: string, url: string, options: Parameters<typeof callAt>[3] = {}) => callAt<T>(BASE, method, url, options);

test.beforeAll(async () => {
  test.setTimeout(420_000);
  ({ server } = await startManualPlatform(PORT, {
    STAFF_MFA: 'off',
    KENO_PRODUCTS: 'CAB01',
    DRAW_PRODUCTS: 'TWA03',
    DRAW_RESULT_SOURCE: 'manual',
    DRAW_RULE_OVERRIDES: JSON.stringify({ TWA03: { source: 'e2e: a draw every 2 minutes', calendar: { everyMinutes: 2, salesCloseMinutes: 1 } } }),
  }));
  // The demo seeding may finish just after /api/health answers: sign in once the supervisor is there.
  await expect.poll(async () => (seeded = (await call('POST', '/api/auth/login', { body: SEEDED })).body.token), { timeout: 30_000 }).toBeTruthy();
  member = await newAccount(BASE, 'Jackpot');
  const pin = await call('POST', '/api/admin/pins', { token: seeded, body: { count: 1, points: 10_000 } });
  expect(pin.status, JSON.stringify(pin.body)).toBe(201);
  expect((await call('POST', '/api/pins/redeem', { token: member.token, body: { code: pin.body.codes[0] } })).status).toBe(200);

  // A line on the next draw, bought by the desk with the ticket's reference; once sales close, two staff members enter numbers it matches in full.
  const [draw] = (await call<{ id: string; salesCloseAt: string }[]>('GET', '/api/draw-products/TWA03/draws?status=upcoming&limit=1')).body;
  const placed = await call('POST', '/api/orders', {
    token: member.token,
    key: `claim-${Date.now()}`,
    body: { productCode: 'TWA03', draws: 1, lines: [{ zones: [[3, 13, 23, 33, 39]] }] },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId: string = placed.body.orders[0].id;
  expect((await call('POST', `/api/admin/orders/${orderId}/confirm`, { token: seeded, body: { ticketRef: 'TL-539-E2E-0001' } })).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(draw!.salesCloseAt) - Date.now() + 1_000)));
  await expect
    .poll(async () => (await enterResultTwice(BASE, 'lottery_draw', draw!.id, { zones: [[3, 13, 23, 33, 39]] })).body.state ?? 'refused', {
      timeout: 60_000,
      intervals: [2_000],
    })
    .toBe('published');
  await expect
    .poll(async () => (await call<{ items: { id: string }[] }>('GET', '/api/claims', { token: member.token })).body.items.length, { timeout: 60_000 })
    .toBe(1);
  claimId = (await call('GET', '/api/claims', { token: member.token })).body.items[0].id;
});

test.afterAll(() => {
  server?.kill('SIGINT');
});

/** axe-core's serious and critical WCAG 2.1 AA findings on the page as it is (rule and elements). */
async function seriousFindings(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, baseURL: BASE, locale: 'en-US', timezoneId: 'Asia/Taipei' });
  const page = await context.newPage();
  await english(page);
  await adoptSession(page, member.token);
  return { context, page };
}

test('on a phone, the member opens the claim from the inbox, reads the timeline and deadline with its zone, and sends a document when asked', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await phonePage(browser);
  await page.goto('/inbox');
  const message = page.locator('[data-testid="inbox-item"][data-kind="claim_step"]').first();
  await expect(message).toContainText('win confirmed');
  await message.getByRole('link', { name: 'Open' }).tap();
  await expect(page).toHaveURL(new RegExp(`/claims/${claimId}$`));

  const claim = page.getByTestId('claim');
  await expect(claim).toHaveAttribute('data-step', 'win_confirmed');
  await expect(page.getByTestId('claim-ticket')).toHaveText('TL-539-E2E-0001');
  await expect(page.getByTestId('claim-points')).toContainText('GP');
  await expect(page.getByTestId('claim-operator')).toContainText('Taiwan Lottery');
  await expect(page.getByTestId('claim-terms-unconfirmed')).toBeVisible();
  // The deadline names its zone (the phone is in Taipei: GMT+8).
  await expect(page.getByTestId('claim-deadline')).toContainText(/Claim deadline: .+ GMT\+8 \(90 days/);
  const steps = page.getByTestId('claim-step');
  await expect(steps).toHaveCount(6);
  await expect(steps.nth(0)).toHaveAttribute('data-state', 'current');
  await expect(steps.nth(0)).toContainText(/Win confirmed.+GMT\+8/);
  await expect(steps.nth(1)).toHaveAttribute('data-state', 'to-come');
  await expect(steps.nth(5)).toContainText('Prize credited to your account');

  // Staff ask for documents: the page hears the inbox push and shows the step and its note without a reload.
  const asked = await call('POST', `/api/admin/claims/${claimId}/step`, {
    token: seeded,
    body: { step: 'documents_requested', note: 'Your ID card, both sides' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  await expect(claim).toHaveAttribute('data-step', 'documents_requested', { timeout: 20_000 });
  await expect(steps.nth(1).getByTestId('claim-step-note')).toHaveText('Our note: Your ID card, both sides');
  await expect(page.getByTestId('claim-documents-asked')).toBeVisible();

  // Sending without a file says what is missing; a PDF is sent and listed.
  await page.getByTestId('claim-upload-submit').tap();
  await expect(page.getByTestId('claim-upload').getByRole('alert')).toBeVisible();
  await page.getByTestId('claim-document-input').setInputFiles({ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('claim-upload-submit').tap();
  await expect(page.getByTestId('claim-upload-done')).toContainText('“id-card.pdf” was sent.');
  await expect(page.getByTestId('claim-document')).toHaveCount(1);
  await expect(page.getByTestId('claim-document')).toContainText(/id-card\.pdf.*PDF/);
  // Sending it did not move the claim: staff look first.
  await expect(claim).toHaveAttribute('data-step', 'documents_requested');
  // The member opens their own file (fetched with their session).
  await page.getByTestId('claim-document-fetch').tap();
  await expect(page.getByTestId('claim-document-open')).toHaveAttribute('href', /^blob:/);

  // Nothing covers the upload on a phone: the page fits the screen's width, the button is on screen when scrolled to.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId('claim-upload-submit').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('claim-upload-submit')).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('member-claim-390.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  // The claims list reaches it too.
  await page.goto('/claims');
  await expect(page.getByTestId('claims-item')).toHaveCount(1);
  await expect(page.getByTestId('claims-item')).toContainText('Documents requested');
  await context.close();
});

test('in the console, staff move the claim through its steps by keyboard and mouse; the member’s page shows each', async ({ browser }) => {
  test.setTimeout(180_000);
  const sofia = await newAccount(BASE, 'Sofia');
  expect((await call('POST', `/api/admin/staff/${sofia.id}/role`, { token: seeded, body: { role: 'operator' } })).status).toBe(204);
  const desk = await browser.newContext({ baseURL: BASE, locale: 'en-US', viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Taipei' });
  const s = await desk.newPage();
  await consoleSignIn(s, sofia.email, sofia.password, undefined, await enrolmentLink(BASE, seeded, sofia.id));
  await s.getByRole('link', { name: 'Claims' }).click();
  await expect(s.getByRole('heading', { name: 'Big-win claims', level: 1 })).toBeVisible();
  await expect(s.getByTestId('claims-credit-note')).toContainText('large-win release in the order queue');

  const row = s.locator(`[data-testid="admin-claim"][data-id="${claimId}"]`);
  await expect(row).toContainText(member.email);
  await expect(row).toContainText('TL-539-E2E-0001');
  await expect(row.getByTestId('admin-claim-documents')).toHaveText('1');
  await expect(row.getByTestId('admin-claim-step')).toHaveText('Documents requested');

  // The step filter: at "documents requested" the claim is there; at "ticket presented" it is not.
  await s.getByTestId('claims-step-filter').selectOption('ticket_presented');
  await expect(row).toHaveCount(0);
  await s.getByTestId('claims-step-filter').selectOption('documents_requested');
  await expect(row).toHaveCount(1);

  // The details by keyboard: the timeline, the member's document (opened), the next step with a note.
  await row.getByTestId('admin-claim-toggle').focus();
  await s.keyboard.press('Enter');
  const detail = s.getByTestId('admin-claim-detail');
  await expect(detail.getByTestId('claim-step')).toHaveCount(6);
  await expect(detail.getByTestId('claim-document')).toContainText('id-card.pdf');
  await detail.getByTestId('claim-document-fetch').click();
  await expect(detail.getByTestId('claim-document-open')).toHaveAttribute('href', /^blob:/);
  await s.getByTestId('claims-step-filter').selectOption('');
  await detail.getByTestId('admin-claim-note').fill('ID card checked');
  await s.keyboard.press('Enter');
  await expect(s.getByTestId('claims-notice')).toHaveText(`Claim #${claimId}: Documents received recorded; the member is told.`);
  await expect(row.getByTestId('admin-claim-step')).toHaveText('Documents received');

  // By mouse: the ticket presented, then the prize received.
  await detail.getByTestId('admin-claim-record').click();
  await expect(row.getByTestId('admin-claim-step')).toHaveText('Ticket presented to the operator');
  await detail.getByTestId('admin-claim-note').fill('Prize paid by the operator: NT$8,000,000');
  await detail.getByTestId('admin-claim-record').click();
  await expect(row.getByTestId('admin-claim-step')).toHaveText('Prize received from the operator');
  // The credit is not here: the screen points at the large-win release.
  await expect(detail.getByTestId('admin-claim-release')).toContainText('large-win release in the order queue');
  await expect(detail.getByTestId('admin-claim-next')).toHaveCount(0);
  await s.screenshot({ path: test.info().outputPath('console-claims-1280.png'), fullPage: true });
  expect(await seriousFindings(s)).toEqual([]);

  // A step out of order (a stale screen, another worker first) is refused in words.
  const stale = await call('POST', `/api/admin/claims/${claimId}/step`, { token: seeded, body: { step: 'ticket_presented' } });
  expect(stale.body.error.code).toBe('claim_step');

  // The member's page shows every step done so far with its date, and the notes.
  const { context, page } = await phonePage(browser);
  await page.goto(`/claims/${claimId}`);
  await expect(page.getByTestId('claim')).toHaveAttribute('data-step', 'prize_received');
  const steps = page.getByTestId('claim-step');
  await expect(steps.nth(2)).toHaveAttribute('data-state', 'done');
  await expect(steps.nth(2)).toContainText('Our note: ID card checked');
  await expect(steps.nth(4)).toHaveAttribute('data-state', 'current');
  await expect(steps.nth(4)).toContainText('Prize paid by the operator: NT$8,000,000');
  await expect(steps.nth(5)).toHaveAttribute('data-state', 'to-come');
  // Documents are no longer taken.
  await expect(page.getByTestId('claim-documents-closed')).toBeVisible();
  await expect(page.getByTestId('claim-upload')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('member-claim-steps-390.png'), fullPage: true });
  await context.close();
  await desk.close();
});
