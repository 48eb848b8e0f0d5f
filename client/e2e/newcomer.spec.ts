import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { enterMailedCode } from './signup-support.ts';

const shot = async (page: Page, info: TestInfo, name: string) => {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
};

/** Creates one fresh PIN worth 100 GP through the operator API, as the back office would. */
async function operatorPin(baseURL: string): Promise<string> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'operator@example.com', password: 'operator-pass-2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${baseURL}/api/admin/pins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ count: 1, points: 10_000 }),
  });
  const { codes } = (await created.json()) as { codes: string[] };
  return codes[0]!;
}

test('a newcomer signs up in English, redeems a PIN, sees the balance change live, logs out and meets the not-found page', async ({ page, baseURL }, info) => {
  // Arrives in the default language, Traditional Chinese.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByTestId('header-login')).toBeVisible();
  await shot(page, info, '01-home-zh-TW');

  // Switches to English; the choice sticks across a reload.
  await page.getByTestId('locale-select').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Signs up: first sees the field errors of an empty and a mismatched form.
  await page.getByTestId('header-login').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('auth-switch').click(); // "No account yet? Join now"
  const form = page.getByTestId('signup-form');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: /sign up/i }).click();
  await expect(form.getByText('This field is required.').first()).toBeVisible();
  const email = `newcomer-${Date.now()}@example.com`;
  await form.getByLabel(/^name/i).fill('New Comer');
  await form.getByLabel(/^email/i).fill(email);
  await form.getByLabel(/^password$/i).fill('newcomer-pass');
  await form.getByLabel(/confirm password/i).fill('something-else');
  await form.getByLabel(/date of birth/i).fill('1990-01-01');
  await form.getByRole('button', { name: /sign up/i }).click();
  await expect(form.getByText('The password does not match.')).toBeVisible();
  await shot(page, info, '02-signup-field-errors');
  await form.getByLabel(/confirm password/i).fill('newcomer-pass');
  const sent = Date.now();
  await form.getByRole('button', { name: /sign up/i }).click();
  await enterMailedCode(page, baseURL!, email, sent);

  // Lands signed in, with a zero balance.
  await expect(page.getByTestId('header-logout')).toBeVisible();
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText('0.00');

  // Redeems a PIN; the balance in the header changes without a reload.
  const code = await operatorPin(baseURL!);
  await page.getByTestId('pin-input').fill(code.toLowerCase());
  await page.getByTestId('pin-form').getByRole('button').click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('100.00');
  await expect(page.getByTestId('wallet-balance')).toContainText('100.00');
  await expect(page.getByTestId('ledger-table')).toContainText('100.00');
  await shot(page, info, '03-wallet-after-pin');

  // The same PIN again is refused with its message, and nothing changes.
  await page.getByTestId('pin-input').fill(code);
  await page.getByTestId('pin-form').getByRole('button').click();
  await expect(page.getByText(/already redeemed/i).first()).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('100.00');

  // Logs out.
  await page.getByTestId('header-logout').click();
  await expect(page.getByTestId('header-login')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();

  // An unknown path shows the not-found page, whose button leads home.
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await shot(page, info, '04-not-found');
  await page.getByRole('button', { name: /take me back/i }).or(page.getByRole('link', { name: /take me back/i })).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the wallet needs a login: a guest is sent to the sign-in screen', async ({ page }, info) => {
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByTestId('signup-form').or(page.getByTestId('login-form'))).toBeVisible();
  await shot(page, info, 'guest-redirected');
});
