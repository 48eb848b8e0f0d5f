import { expect, test, type Page } from '@playwright/test';
import { call, consoleSignIn, enrolmentLink, newAccount } from './staff-support.ts';
import { checkMacValue, ecpayDate } from '../../server/src/payments/ecpay/check-mac.ts';

/**
 * The console's members and money screens (issues 13 and 14) on the shared e2e server: a
 * supervisor signs in (password + TOTP, enrolled on the spot), finds a member by part of their
 * email with the keyboard, reads their ledger, adjusts their points, credits a held deposit
 * anyway, and locks them — after which the member is signed out and cannot sign in again.
 */
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };
// ECPay's public stage merchant, as the local sandbox signs with it (server/src/payments/sandbox).
const ECPAY = { merchantId: '3002607', hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' };

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US' });

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a supervisor finds a member, reads the ledger, adjusts, credits a held deposit, and locks them out', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  // The seeded operator is a supervisor; with STAFF_MFA=off here its password session may call the back-office API.
  const seeded = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const sofia = await newAccount(base, 'Sofia');
  expect((await call(base, 'POST', `/api/admin/staff/${sofia.id}/role`, { token: seeded, body: { role: 'supervisor' } })).status).toBe(204);

  // The member: 50 GP from a PIN (a ledger line), and a store-barcode deposit of NT$500 that ECPay says was paid NT$400 (held).
  const zora = await newAccount(base, 'Zora');
  const pins = await call(base, 'POST', '/api/admin/pins', { token: seeded, body: { count: 1, points: 5_000 } });
  expect((await call(base, 'POST', '/api/pins/redeem', { token: zora.token, body: { code: pins.body.codes[0] } })).status).toBe(200);
  const deposit = await call(base, 'POST', '/api/deposits', { token: zora.token, key: `members-e2e-${Date.now()}`, body: { amount: 50_000, currency: 'TWD', method: 'cvs_barcode' } });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
  const fields = {
    MerchantID: ECPAY.merchantId,
    MerchantTradeNo: deposit.body.deposit.start.fields.MerchantTradeNo as string,
    RtnCode: '1',
    RtnMsg: '交易成功',
    TradeNo: `T${Date.now()}`,
    TradeAmt: '400',
    PaymentDate: ecpayDate(new Date()),
    PaymentType: 'BARCODE_BARCODE',
    SimulatePaid: '0',
  };
  const notified = await call(base, 'POST', '/api/payments/ecpay/result', { form: new URLSearchParams({ ...fields, CheckMacValue: checkMacValue(fields, ECPAY.hashKey, ECPAY.hashIv) }).toString() });
  expect(notified.body).toBe('1|OK');

  await consoleSignIn(page, sofia.email, sofia.password, undefined, await enrolmentLink(base, seeded, sofia.id));

  // Members: the box has the focus; part of the email, Enter; ↓ to the result, Enter opens it.
  await page.getByRole('link', { name: 'Members' }).click();
  const box = page.getByLabel('Email, name or order id');
  await expect(box).toBeFocused();
  await box.fill(zora.email.slice(0, 16));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('member-results').getByRole('link', { name: 'Zora' })).toBeVisible();
  await shots(page, 'members-search');
  await box.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'Zora' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1 })).toContainText('Zora');
  await expect(page.getByTestId('member-balance')).toHaveText('50.00 GP');
  await expect(page.getByTestId('member-ledger').getByTestId('ledger-row')).toHaveCount(2); // the sign-up trial points and the PIN
  await expect(page.getByTestId('member-ledger')).toContainText('+50.00 GP');
  await expect(page.getByTestId('member-deposits')).toContainText('500.00 TWD');

  // An adjustment under the approval limit is queued and applied by the worker.
  await page.getByLabel('Amount (GP, negative to debit)').fill('12.5');
  await page.getByRole('form', { name: 'Adjust points' }).getByLabel('Reason').fill('goodwill for a slow payout');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('member-notice')).toHaveText('Adjustment queued.');
  await expect.poll(async () => (await call(base, 'GET', '/api/me', { token: zora.token })).body.balance, { timeout: 20_000 }).toBe(6_250);
  await page.reload();
  await expect(page.getByTestId('member-balance')).toHaveText('62.50 GP');
  await expect(page.getByTestId('member-ledger').getByTestId('ledger-row')).toHaveCount(3);
  await shots(page, 'member-detail');

  // The held deposit: credited anyway for the NT$400 received, with a reason.
  await page.getByRole('link', { name: 'Deposits' }).click();
  const held = page.locator(`[data-testid="held-row"][data-id="${deposit.body.deposit.id}"]`);
  await expect(held).toContainText('500.00 TWD');
  await expect(held).toContainText('400.00 TWD');
  await shots(page, 'deposits-held');
  await held.getByRole('button', { name: 'Credit anyway' }).click();
  await expect(page.getByTestId('credit-form').getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('member showed the store receipt');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Deposit #${deposit.body.deposit.id} credited.`)).toBeVisible();
  await expect(held).toHaveCount(0);
  const afterCredit = (await call(base, 'GET', '/api/me', { token: zora.token })).body.balance as number;
  expect(afterCredit).toBeGreaterThan(6_250);

  // Locked: the member's session ends and sign-in is refused.
  await page.goto(`/admin/members/${zora.id}`);
  await page.getByRole('form', { name: 'Lock the account' }).getByLabel('Reason').fill('chargeback fraud');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('member-notice')).toHaveText('Member locked: signed out everywhere, sign-in refused.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Locked');
  expect((await call(base, 'GET', '/api/me', { token: zora.token })).status).toBe(401);
  const refused = await call(base, 'POST', '/api/auth/login', { body: { email: zora.email, password: zora.password } });
  // Issue 29 item 4: refused like a wrong password (a lock is no password oracle); the owner is emailed why.
  expect(refused).toMatchObject({ status: 401, body: { error: { code: 'invalid_credentials' } } });

  // The same page in Traditional Chinese, desktop and phone.
  await page.evaluate(() => localStorage.setItem('locale', 'zh-TW'));
  await page.reload();
  await expect(page.getByTestId('member-figures')).toContainText('欠款');
  await shots(page, 'member-detail-zh-TW');
  await page.getByRole('navigation').getByRole('link', { name: '儲值', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('暫扣的儲值與欠款');
  await shots(page, 'deposits-zh-TW');
});

test('a supervisor hands a new operator a single-use enrolment link from their page; it enrols them', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const seeded = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const sam = await newAccount(base, 'Sam');
  const olive = await newAccount(base, 'Olive');
  expect((await call(base, 'POST', `/api/admin/staff/${sam.id}/role`, { token: seeded, body: { role: 'supervisor' } })).status).toBe(204);
  expect((await call(base, 'POST', `/api/admin/staff/${olive.id}/role`, { token: seeded, body: { role: 'operator' } })).status).toBe(204);

  await consoleSignIn(page, sam.email, sam.password, undefined, await enrolmentLink(base, seeded, sam.id));
  await page.goto(`/admin/members/${olive.id}`);
  await page.getByRole('button', { name: 'Issue an enrolment link' }).focus();
  await page.keyboard.press('Enter');
  const field = page.getByTestId('enrolment-link');
  await expect(field).toBeFocused();
  const link = await field.inputValue();
  expect(link).toMatch(/\/admin#enrol=[\w-]+$/);
  await expect(page.getByRole('status')).toContainText('Single-use link for Olive');
  await shots(page, 'staff-enrolment-link');

  // Olive, on her own machine: the password alone is not enough; the link enrols her.
  const her = await browser.newPage({ baseURL: base, locale: 'en-US' });
  await her.addInitScript(() => localStorage.setItem('locale', 'en'));
  await her.goto('/admin');
  await her.getByLabel('Email').fill(olive.email);
  await her.getByLabel('Password').fill(olive.password);
  await her.keyboard.press('Enter');
  await expect(her.getByRole('alert')).toContainText('open the enrolment link you were given');
  await consoleSignIn(her, olive.email, olive.password, undefined, link);
  await her.close();
});
