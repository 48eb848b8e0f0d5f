import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { inLocale, logInOnPhone, operatorPin, PHONE, phoneShot, signUpOverApi } from './phone-support.ts';
import { call } from './staff-support.ts';

/**
 * Issue 32 item 5 on a phone (390×844): a member sees this month's statement (a PIN's 50 GP under
 * deposits) and downloads it as CSV, downloads their data as JSON, then closes the account through
 * its confirm step; signing in again says the account is closed.
 */

test.use(PHONE);

test('a member reads and downloads a statement, downloads their data, and closes the account', async ({ page, baseURL }, info) => {
  const member = await signUpOverApi(baseURL!, 'close');
  expect((await call(baseURL!, 'POST', '/api/pins/redeem', { token: member.token, body: { code: await operatorPin(baseURL!, 5_000) } })).status).toBe(200);
  await inLocale(page, 'en');
  await logInOnPhone(page, member);

  await page.goto('/account');
  const statements = page.getByTestId('statements');
  await statements.scrollIntoViewIfNeeded();
  await expect(statements.getByTestId('statement-deposits')).toContainText('+50.00 GP');
  await expect(statements.getByTestId('statement-net')).toContainText('+50.00 GP');
  await expect(statements).toContainText('Months begin at midnight in');
  const [csv] = await Promise.all([page.waitForEvent('download'), statements.getByTestId('statement-csv').tap()]);
  expect(csv.suggestedFilename()).toMatch(/^gpoints-statement-\d{4}-\d{2}\.csv$/);
  expect(fs.readFileSync((await csv.path())!, 'utf8')).toContain(',deposits,50.00,5000,GP');
  await phoneShot(page, info, '01-statement');

  const data = page.getByTestId('your-data');
  const [json] = await Promise.all([page.waitForEvent('download'), data.getByTestId('export-json').tap()]);
  const exported = JSON.parse(fs.readFileSync((await json.path())!, 'utf8'));
  expect(exported.profile.email).toBe(member.email);
  expect(exported.ledger.some((row: { kind: string; amount: number }) => row.kind === 'pin' && row.amount === 5_000)).toBe(true);

  // Closing: the rule first, then the password and the tick; the button waits for both.
  const close = page.getByTestId('close-account');
  await close.scrollIntoViewIfNeeded();
  await expect(close).toContainText('Trial points have no cash value and are forfeited.');
  await close.getByTestId('close-start').tap();
  await expect(close.getByTestId('close-submit')).toBeDisabled();
  await close.getByTestId('close-password').fill(member.password);
  await close.getByTestId('close-confirm').check();
  await phoneShot(page, info, '02-close-confirm');
  await close.getByTestId('close-submit').tap();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByText('Your account is closed.')).toBeVisible();

  // The old session is over; signing in again says why.
  expect((await call(baseURL!, 'GET', '/api/me', { token: member.token })).status).toBe(401);
  const form = page.getByTestId('login-form');
  await form.locator('input[type=email]').fill(member.email);
  await form.locator('input[type=password]').fill(member.password);
  await form.locator('button[type=submit]').tap();
  await expect(page.getByText('This account is closed. Contact customer service about any balance left.')).toBeVisible();
});
