import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { enterMailedCode, signUpMember } from './signup-support.ts';

/**
 * A member's first hour (issue 16): no dead ends. A guest sent to a member page logs in and comes
 * back; sign-up grants trial points and says where real points come from; logout from a member page
 * goes home; a wrong password shows under its field; a PIN that is not a PIN is refused before any
 * request; the header's "update points and orders" re-reads them; a new version asks before reloading.
 */

const DEMO = { email: 'demo@example.com', password: 'demo-pass-2026' };

async function post<T>(baseURL: string, route: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

async function english(page: Page) {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded-locale')) {
      localStorage.setItem('locale', 'en');
      sessionStorage.setItem('seeded-locale', '1');
    }
  });
}

test('a guest sent to a member page lands on the login form with “Please log in”, and returns to that page after logging in', async ({ page }, info) => {
  await english(page);
  await page.goto('/orders?status=2');
  await expect(page).toHaveURL(/\/auth\?.*mode=login/);
  const form = page.getByTestId('login-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('login-required')).toHaveText('Please log in.');
  await page.screenshot({ path: info.outputPath('login-required.png') });

  await form.getByLabel('Email').fill(DEMO.email);
  await form.getByLabel('Password').fill(DEMO.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/orders\?status=2$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('logging out from a member page goes home, not to the login form', async ({ page, baseURL }) => {
  const { token, user } = await post<{ token: string; user: object }>(baseURL!, '/api/auth/login', DEMO);
  await adoptSession(page, token);
  await page.addInitScript(([u]) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('user', u);
      localStorage.setItem('locale', 'en');
      sessionStorage.setItem('seeded', '1');
    }
  }, [JSON.stringify(user)] as const);
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  await page.getByTestId('header-logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-login')).toBeVisible();
  await expect(page.getByTestId('login-form')).toHaveCount(0);
});

test('a wrong password is shown under the password field, not only in a toast', async ({ page }) => {
  await english(page);
  await page.goto('/auth?mode=login');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.email);
  await form.getByLabel('Password').fill('not-the-password-1');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByTestId('field-error-password')).toHaveText('Wrong email or password.');
  await expect(form.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  // Typing again clears it.
  await form.getByLabel('Password').fill('x');
  await expect(form.getByTestId('field-error-password')).toHaveCount(0);
});

test('sign-up grants trial points, the wallet says where real points come from, and a PIN of the wrong format is refused without a request', async ({ page, baseURL }, info) => {
  await english(page);
  let redeemCalls = 0;
  await page.route('**/api/pins/redeem', (route) => {
    redeemCalls++;
    return route.continue();
  });
  await page.goto('/auth');
  await expect(page.getByTestId('auth-trial-perk')).toHaveText('Start with 10.00 GP in trial points to try keno before you top up.');
  const form = page.getByTestId('signup-form');
  const email = `first-hour-${Date.now()}@example.com`;
  await form.getByLabel(/^name/i).fill('First Hour');
  await form.getByLabel(/^email/i).fill(email);
  await form.getByLabel(/^password$/i).fill('first-hour-pass');
  await form.getByLabel(/confirm password/i).fill('first-hour-pass');
  await form.getByLabel(/date of birth/i).fill('1990-01-01');
  const sent = Date.now();
  await form.getByRole('button', { name: /sign up/i }).click();
  await enterMailedCode(page, baseURL!, email, sent);
  await expect(page.getByTestId('header-logout')).toBeVisible();

  // Home: what can be bought are links to their purchase screens; a lottery no longer run says so.
  await page.goto('/');
  await expect(page.getByTestId('buy-TWB01')).toHaveAttribute('href', '/main/keno');
  await expect(page.getByTestId('buy-CAB01')).toHaveAttribute('href', '/main/keno/keno24h');
  await expect(page.getByTestId('buy-KRB01')).toHaveAttribute('href', '/main/keno?product=KRB01');
  await expect(page.getByTestId('buy-HKS01')).toHaveAttribute('href', '/main/sports/hkjc-football');
  await expect(page.getByTestId('buy-USA01')).toHaveAttribute('href', '/main/lotto/USA01');
  await expect(page.getByTestId('buy-HKA01')).toHaveAttribute('href', '/main/lotto/HKA01');
  await expect(page.getByTestId('off-sale-TWA05')).toContainText('not on sale');
  await expect(page.getByTestId('family-lotto').locator('.chip--buy')).toHaveCount(11);
  await expect(page.getByTestId('points-sources')).toBeVisible();
  await page.screenshot({ path: info.outputPath('home-new-member.png'), fullPage: true });

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('0.00 GP');
  await expect(page.getByTestId('wallet-trial-balance')).toHaveText('10.00 GP');
  const sources = page.getByTestId('points-sources');
  await expect(sources.getByTestId('points-sources-deposit')).toHaveAttribute('href', '/deposit');
  await expect(sources).toContainText('Or redeem a GPoints PIN card');
  await expect(sources.getByTestId('points-sources-email')).toHaveAttribute('href', 'mailto:service@example.com');
  await expect(sources.getByTestId('points-sources-trial')).toContainText('10.00 GP in trial points');
  await expect(page.getByTestId('ledger-table')).toContainText('Trial points on sign-up');
  await page.screenshot({ path: info.outputPath('wallet-new-member.png'), fullPage: true });

  // Not a PIN (too short, and with a 0): said under the field at once, and no request is sent.
  await page.getByTestId('pin-input').fill('ABCD-0123');
  await page.getByTestId('pin-form').getByRole('button').click();
  await expect(page.getByTestId('field-error-code')).toContainText('A PIN is 16 letters and digits');
  expect(redeemCalls).toBe(0);
});

test('the header’s “update points and orders” re-reads the balance and the orders, and says so', async ({ page, baseURL }) => {
  const member = await signUpMember(baseURL!, {
    name: 'Updater', email: `updater-${Date.now()}@example.com`, password: 'updater-pass-1', passwordCheck: 'updater-pass-1', promoOptIn: false,
  });
  await adoptSession(page, member.token);
  await page.addInitScript(([u]) => {
    localStorage.setItem('user', u);
    localStorage.setItem('locale', 'en');
  }, [JSON.stringify(member.user)] as const);
  await page.goto('/orders');
  await expect(page.getByTestId('header-balance')).toHaveText('0.00 GP');

  // Points arrive while no live event reaches this page (its socket is cut): only the button can show them.
  await page.route('**/socket.io/**', (route) => route.abort());
  const operator = await post<{ token: string }>(baseURL!, '/api/auth/login', { email: 'operator@example.com', password: 'operator-pass-2026' });
  const { codes } = await post<{ codes: string[] }>(baseURL!, '/api/admin/pins', { count: 1, points: 2_500 }, operator.token);
  await post(baseURL!, '/api/pins/redeem', { code: codes[0] }, member.token);

  const reread = Promise.all([page.waitForRequest('**/api/me'), page.waitForRequest(/\/api\/orders\?/)]);
  await page.getByTestId('header-update').click();
  await reread;
  await expect(page.getByTestId('header-balance')).toHaveText('25.00 GP');
  await expect(page.getByTestId('toast').filter({ hasText: 'Update successful' })).toBeVisible();
});

test('a new version waiting is announced bottom right, and reloading asks first, then runs the new version', async ({ page }, info) => {
  test.setTimeout(90_000);
  await english(page);
  await page.goto('/');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  // "Ready offline" is a toast, said once; the card is only for a new version.
  await expect(page.getByTestId('toast').filter({ hasText: 'App ready to work offline' })).toBeVisible();
  const prompt = page.getByTestId('reload-prompt');
  await expect(prompt).toHaveCount(0);
  // A returning visit: the page is controlled by the installed worker.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  // A new build is deployed: the service worker file changes on the server.
  const sw = path.resolve(import.meta.dirname, '../dist/sw.js');
  const original = fs.readFileSync(sw, 'utf8');
  try {
    fs.writeFileSync(sw, `${original}\n// new version ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(prompt).toHaveAttribute('data-state', 'need-refresh', { timeout: 30_000 });
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
    await expect(prompt).toContainText('A new version is available');

    // Bottom right, and the page can scroll clear of it: it never covers content for good.
    const box = (await prompt.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.9);
    expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.8);
    const padding = await page.locator('.shell').evaluate((el) => parseFloat(getComputedStyle(el).paddingBottom));
    expect(padding).toBeGreaterThanOrEqual(box.height);
    await page.screenshot({ path: info.outputPath('new-version.png') });

    // Reload asks first; declining keeps the page as it is.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'before'));
    page.once('dialog', (dialog) => void dialog.dismiss());
    await prompt.getByRole('button', { name: 'Reload' }).click();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('before');

    page.once('dialog', (dialog) => void dialog.accept());
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
    await expect(page.locator('[data-testid="reload-prompt"][data-state="need-refresh"]')).toHaveCount(0);
  } finally {
    fs.writeFileSync(sw, original);
  }
});
