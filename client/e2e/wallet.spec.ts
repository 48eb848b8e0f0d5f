import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { expectNoSidewaysScroll } from './layout-support.ts';
import { readMessage } from '../../scripts/lib/member-signup.ts';
import { e2eMailFolder, signUpMember } from './signup-support.ts';

async function api<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

test('signing up with a registered email shows the same code step as any other email; its owner is emailed a notice instead of a code (issue 29 item 4)', async ({ page, baseURL }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto('/auth');
  const form = page.getByTestId('signup-form');
  await form.getByLabel(/^name/i).fill('Second Demo');
  await form.getByLabel(/^email/i).fill('DEMO@example.com'); // the seeded member, in other case
  await form.getByLabel(/^password$/i).fill('another-pass-1');
  await form.getByLabel(/confirm password/i).fill('another-pass-1');
  await form.getByLabel(/date of birth/i).fill('1990-01-01');
  const sent = Date.now();
  await form.getByRole('button', { name: /sign up/i }).click();
  // Before: "This email is already registered." under the email field. Now nothing tells a registered email from a new one.
  const step = page.getByTestId('signup-code-form');
  await expect(step.getByTestId('signup-code-sent')).toHaveText('We sent a 6-digit code to demo@example.com. Enter it to finish signing up.');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  // The owner (the seeded member reads zh-TW): "someone tried to sign up a new account with your email address".
  const folder = e2eMailFolder(baseURL!);
  await expect
    .poll(() =>
      fs
        .readdirSync(folder)
        .filter((name) => name.startsWith('notice-signup_existing-') && fs.statSync(path.join(folder, name)).mtimeMs >= sent - 1000)
        .map((name) => readMessage(path.join(folder, name)))
        .some((mail) => mail?.to === 'demo@example.com' && mail.text.includes('有人嘗試以您的電子郵件地址註冊新帳號')),
    )
    .toBe(true);
  // Any code tried for it fails as a wrong code does, said under the code field.
  await step.locator('input[name="code"]').fill('123456');
  await step.locator('button[type="submit"]').click();
  await expect(step.getByTestId('field-error-code')).toHaveText('This code is not right, or not for this password. Check the newest email we sent, or ask for a new code.');
  await expect(page.getByTestId('header-login')).toBeVisible();
});

test('a long points history is paged with “go to page” buttons', async ({ page, baseURL }) => {
  const email = `pager-${Date.now()}@example.com`;
  const { token, user } = await signUpMember(baseURL!, {
    name: 'Pager', email, password: 'pager-pass-1', passwordCheck: 'pager-pass-1', promoOptIn: false,
  });
  const operator = await api<{ token: string }>(baseURL!, '/api/auth/login', { email: 'operator@example.com', password: 'operator-pass-2026' });
  const { codes } = await api<{ codes: string[] }>(baseURL!, '/api/admin/pins', { count: 25, points: 100 }, operator.token);
  for (const code of codes) await api(baseURL!, '/api/pins/redeem', { code }, token);

  await adoptSession(page, token);
  await page.addInitScript(([u]) => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem('user', u);
  }, [JSON.stringify(user)] as const);
  await page.goto('/wallet');
  const table = page.getByTestId('ledger-table');
  await expect(table.locator('tbody tr').first()).toContainText('25.00 GP'); // newest first: balance after the 25th
  const firstPage = await table.locator('tbody tr').count();
  expect(firstPage).toBeLessThan(25);

  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(table.locator('tbody tr').first()).not.toContainText('25.00 GP');
  await expect(page.getByRole('button', { name: 'Go to page 2' })).toHaveAttribute('aria-current', /page|true/);
});

async function signedInMember(baseURL: string) {
  const email = `member-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  return signUpMember(baseURL, {
    name: 'Wanderer', email, password: 'wander-pass-1', passwordCheck: 'wander-pass-1', promoOptIn: false,
  });
}

test('a session ended elsewhere sends the member to the login form with “session expired”', async ({ page, baseURL }) => {
  const { token, user } = await signedInMember(baseURL!);
  await adoptSession(page, token);
  await page.addInitScript(([u]) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('locale', 'en');
      localStorage.setItem('user', u);
      sessionStorage.setItem('seeded', '1');
    }
  }, [JSON.stringify(user)] as const);
  await page.goto('/wallet');
  await expect(page.getByTestId('header-logout')).toBeVisible();

  // Logged out from another device: the same token is revoked on the server. The server ends this
  // session's socket, and the page notices at once — no click needed.
  await fetch(`${baseURL}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page).toHaveURL(/mode=login/);
  await expect(page.getByText('Login session expired, please log in again.').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();
});

test('on a phone, a signed-in page never scrolls sideways', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { token, user } = await signedInMember(baseURL!);
  await adoptSession(page, token);
  await page.addInitScript(([u]) => {
    localStorage.setItem('user', u);
  }, [JSON.stringify(user)] as const);
  for (const path of ['/', '/wallet', '/help/faq']) {
    await page.goto(path);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
});
