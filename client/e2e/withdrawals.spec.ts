import { expect, test, type Page } from '@playwright/test';
import { PHONE } from './phone-support.ts';
import { adoptSession } from './session-support.ts';
import { call, consoleSignIn, enrolmentLink, newAccount } from './staff-support.ts';
import { PDF, PNG, winFootball } from './withdrawal-support.ts';

/**
 * Issue 33, first slice, in the browser: a member wins a football single (a real order, settled from a
 * four-eyes result), sends an identity check on a phone, a staff member approves it in the console,
 * the member requests a withdrawal with the quote shown first, staff approve it and mark it paid with
 * the bank's reference, and the member sees it paid.
 */
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US' });

async function memberPage(page: Page, token: string) {
  await adoptSession(page, token);
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
}

test('a member wins, verifies on a phone, withdraws; staff review, approve and mark it paid in the console', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const seeded = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const member = await newAccount(base, 'Lucky');
  const pin = await call(base, 'POST', '/api/admin/pins', { token: seeded, body: { count: 1, points: 20_000 } });
  expect((await call(base, 'POST', '/api/pins/redeem', { token: member.token, body: { code: pin.body.codes[0] } })).status).toBe(200);
  await winFootball(base, member.token);
  const withdrawable = (await call(base, 'GET', '/api/withdrawals', { token: member.token })).body.terms.withdrawable as number;
  expect(withdrawable).toBeGreaterThan(2_000);

  // The member, on a phone: the identity check (a PDF of the document, a selfie, the account in their own name).
  const phone = await browser.newContext({ ...PHONE, locale: 'en-US' });
  const m = await phone.newPage();
  await memberPage(m, member.token);
  await m.goto('/wallet');
  await m.getByTestId('withdrawals-link').tap();
  await expect(m.getByRole('heading', { level: 1 })).toHaveText('Withdraw winnings');
  await expect(m.getByTestId('kyc-state')).toContainText('Not verified yet');
  await m.getByTestId('kyc-submit').tap();
  await expect(m.getByTestId('field-error-accountName')).toBeVisible(); // nothing sent with empty fields
  await m.getByTestId('kyc-document').setInputFiles({ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: PDF });
  await m.getByTestId('kyc-selfie').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await m.getByLabel('Account holder (your own name)').fill('Lucky Member');
  await m.getByLabel('Bank code').fill('8120123');
  await m.getByLabel('Account number').fill('00123456789012');
  await m.getByTestId('kyc-submit').tap();
  await expect(m.getByTestId('kyc')).toHaveAttribute('data-state', 'pending');
  await expect(m.getByTestId('kyc-state')).toContainText('Being reviewed');
  await m.screenshot({ path: test.info().outputPath('member-kyc-pending-390.png'), fullPage: true });

  // Staff, in the console: a new operator (another person than the member) reviews and approves it.
  const sofia = await newAccount(base, 'Sofia');
  expect((await call(base, 'POST', `/api/admin/staff/${sofia.id}/role`, { token: seeded, body: { role: 'operator' } })).status).toBe(204);
  const desk = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const s = await desk.newPage();
  await consoleSignIn(s, sofia.email, sofia.password, undefined, await enrolmentLink(base, seeded, sofia.id));
  await s.getByRole('link', { name: 'Withdrawals' }).click();
  const check = s.locator(`[data-testid="kyc-item"][data-email="${member.email}"]`);
  await expect(check).toContainText('Lucky Member · bank 8120123 · account 00123456789012');
  await check.getByRole('button', { name: 'Open the selfie' }).click();
  await expect(check.getByTestId('kyc-file')).toHaveAttribute('href', /^blob:/);
  await check.getByTestId('kyc-approve').click();
  await expect(s.getByTestId('kyc-notice')).toHaveText(`Identity of ${member.email} approved.`);

  // The member: the terms first, then an amount, the quote of what arrives, and the confirmation.
  await m.reload();
  await expect(m.getByTestId('kyc-state')).toContainText('Verified: withdrawals go to account ••••9012 (bank 8120123).');
  await expect(m.getByTestId('withdraw-terms')).toContainText('1 GP = NT$32.50');
  await m.getByTestId('withdraw-amount').fill('20');
  await m.getByTestId('withdraw-review').tap();
  // 20 GP less the 1 GP fee = 19 GP × NT$32.50 = NT$617.50 → NT$617 (whole dollars).
  await expect(m.getByTestId('withdraw-quote')).toContainText('20.00 GP less a fee of 1.00 GP: you receive NT$617 by bank transfer.');
  await m.screenshot({ path: test.info().outputPath('member-quote-390.png'), fullPage: true });
  await m.getByTestId('withdraw-confirm').tap();
  const mine = m.getByTestId('withdrawal').first();
  await expect(mine).toHaveAttribute('data-state', 'requested');
  await expect(mine).toContainText('20.00 GP → NT$617 to account ••••9012');
  const id = await mine.getAttribute('data-id');

  // Staff approve it, then mark it paid with the bank's reference.
  await s.reload();
  const row = s.locator(`[data-testid="admin-withdrawal"][data-id="${id}"]`);
  await row.getByTestId('withdrawal-approve').click();
  await expect(s.getByTestId('withdrawal-notice')).toHaveText(`Withdrawal ${id} approved.`);
  await s.getByTestId('withdrawal-state-filter').selectOption('approved');
  await row.getByTestId('withdrawal-paid').click();
  await s.getByTestId('withdrawal-text').fill('FXML-2026-000417');
  await s.keyboard.press('Enter');
  await expect(s.getByTestId('withdrawal-notice')).toHaveText(`Withdrawal ${id} marked paid.`);
  await s.screenshot({ path: test.info().outputPath('console-withdrawals-1280.png'), fullPage: true });

  // The member sees it paid, with the reference; nothing left to cancel.
  await m.reload();
  await expect(mine).toHaveAttribute('data-state', 'paid');
  await expect(mine.getByTestId('withdrawal-state')).toHaveText('Paid');
  await expect(mine.getByTestId('withdrawal-reference')).toHaveText('Bank reference: FXML-2026-000417');
  await expect(mine.getByTestId('withdrawal-cancel')).toHaveCount(0);
  // Nothing covers the primary action on a phone: the page fits the screen's width.
  expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await m.screenshot({ path: test.info().outputPath('member-paid-390.png'), fullPage: true });
  await phone.close();
  await desk.close();
});
