import { expect, test, type Page } from '@playwright/test';
import { signUpMember } from './signup-support.ts';

/**
 * Issue 29 in a real browser: the member's session lives in an HttpOnly cookie (no token a script
 * can read), state-changing requests need the CSRF token and another site's page cannot make them,
 * the session list ends sessions elsewhere, a password change renews the session, every page runs
 * under a CSP with no violation, and uploads are served as sandboxed attachments.
 */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

async function english(page: Page) {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
}

/** A fresh member (over the API: only the account is made there; the browser signs in through the form). */
async function newMember(page: Page) {
  const email = `secure-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'secure-pass-2026';
  // Another client (a script), through both steps of sign-up: the cookies it gets must not land in this browser.
  const { token } = await signUpMember(test.info().project.use.baseURL!, { name: 'Secure', email, password, passwordCheck: password });
  // That script's own session is not one of the browser's: end it, and drop anything set here.
  expect((await page.context().request.fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}`, cookie: '' } })).status()).toBe(204);
  await page.context().clearCookies();
  return { email, password };
}

async function logInThroughTheForm(page: Page, member: { email: string; password: string }) {
  await page.goto('/auth?mode=login');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password').fill(member.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('header-logout')).toBeVisible();
}

/** What a script on the page can read: web storage and document.cookie. */
const readableByScripts = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);

test('the session is an HttpOnly, SameSite=Strict cookie: no script can read a token, and the site still works', async ({ page }) => {
  await english(page);
  const member = await newMember(page);
  await logInThroughTheForm(page, member);

  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === 'gp_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(session!.value).toMatch(JWT);
  expect(cookies.find((cookie) => cookie.name === 'gp_csrf')).toMatchObject({ httpOnly: false, sameSite: 'Strict' });
  expect(await readableByScripts(page)).not.toMatch(JWT);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Signed in across a reload, from the cookie alone.
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  await expect(page.getByTestId('header-logout')).toBeVisible();
});

test('a state-changing request needs the CSRF token, and a page of another site cannot make one', async ({ page, baseURL }) => {
  await english(page);
  const member = await newMember(page);
  await logInThroughTheForm(page, member);

  // Same page, no X-CSRF-Token: refused, and the session survives.
  const bare = await page.evaluate(async () => {
    const res = await fetch('/api/account/sessions/end-all', { method: 'POST' });
    return { status: res.status, body: await res.json() };
  });
  expect(bare).toMatchObject({ status: 403, body: { error: { code: 'csrf_failed' } } });
  // With a made-up token: refused too.
  const forged = await page.evaluate(() => fetch('/api/account/sessions/end-all', { method: 'POST', headers: { 'X-CSRF-Token': 'x'.repeat(43) } }).then((res) => res.status));
  expect(forged).toBe(403);

  // Another site (localhost is not 127.0.0.1): its page posts a form and fetches with credentials.
  const other = new URL(baseURL!);
  other.hostname = 'localhost';
  const attacker = await page.context().newPage();
  await attacker.goto(`${other.origin}/help/faq`);
  await attacker.evaluate(async (target) => {
    await fetch(`${target}/api/account/sessions/end-all`, { method: 'POST', credentials: 'include', mode: 'no-cors' }).catch(() => undefined);
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = `${target}/api/auth/logout`;
    document.body.append(form);
    form.submit();
  }, new URL(baseURL!).origin);
  await attacker.waitForLoadState();
  await attacker.close();

  // The member is still signed in: nothing of that reached their session.
  await page.goto('/account');
  await expect(page.getByTestId('session-item')).toHaveCount(1);
  await expect(page.getByTestId('header-logout')).toBeVisible();
});

test('the account page lists sessions, ends another one, and logs out everywhere', async ({ page, browser }) => {
  await english(page);
  const member = await newMember(page);
  await logInThroughTheForm(page, member);

  // A second device.
  const phone = await browser.newContext({ locale: 'en-US', userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' });
  const phonePage = await phone.newPage();
  await english(phonePage);
  await logInThroughTheForm(phonePage, member);

  await page.goto('/account');
  const items = page.getByTestId('session-item');
  await expect(items).toHaveCount(2);
  await expect(page.locator('[data-testid="session-item"][data-current]')).toContainText('This device');
  await expect(items.filter({ hasText: 'Chrome · Android' })).toHaveCount(1);
  // Every time names its zone.
  await expect(items.first()).toContainText(/UTC|GMT/);

  await items.filter({ hasText: 'Chrome · Android' }).getByTestId('end-session').click();
  await expect(items).toHaveCount(1);
  // The phone's next request finds its session over: back to the login form, told why.
  await phonePage.goto('/wallet');
  await expect(phonePage.getByTestId('login-form')).toBeVisible();

  await page.getByTestId('end-all-sessions').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect((await page.context().cookies()).filter((cookie) => cookie.name === 'gp_session' && cookie.value)).toEqual([]);
  await page.goto('/wallet');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await phone.close();
});

test('changing the password renews this session and signs the other devices out; a leaked password is refused', async ({ page, browser }) => {
  await english(page);
  const member = await newMember(page);
  await logInThroughTheForm(page, member);
  const other = await browser.newContext({ locale: 'en-US' });
  const otherPage = await other.newPage();
  await english(otherPage);
  await logInThroughTheForm(otherPage, member);
  const before = (await page.context().cookies()).find((cookie) => cookie.name === 'gp_session')!.value;

  await page.goto('/account');
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Current password').fill(member.password);
  await form.getByLabel('New password').fill('qwerty123456');
  await form.getByLabel('Confirm password').fill('qwerty123456');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByTestId('field-error-password')).toHaveText('This password appears in lists of leaked passwords; choose another.');

  await form.getByLabel('New password').fill('a-new-long-pass-29');
  await form.getByLabel('Confirm password').fill('a-new-long-pass-29');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  const after = (await page.context().cookies()).find((cookie) => cookie.name === 'gp_session')!.value;
  expect(after).not.toBe(before);
  // This page goes on with the new session; the other device is signed out.
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  await otherPage.goto('/wallet');
  await expect(otherPage.getByTestId('login-form')).toBeVisible();
  await other.close();
});

test('pages run under a Content-Security-Policy without a single violation, the service worker and live updates included', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await english(page);
  const member = await newMember(page);
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  await logInThroughTheForm(page, member);
  for (const path of ['/main/keno', '/wallet', '/account', '/deposit', '/help/faq']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // The live clock comes over the socket (its handshake carries the session cookie).
  await page.goto('/main/keno');
  await expect(page.getByTestId('keno-clock')).not.toHaveAttribute('data-phase', 'loading', { timeout: 20_000 });
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), { timeout: 20_000 }).toBe(true);
  expect(violations).toEqual([]);
});
