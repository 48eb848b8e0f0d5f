import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { signUpMember } from './signup-support.ts';

/** The back-office browser tests' helpers: the API over fetch, a fresh account, the console's keyboard sign-in. */

export async function call<T = any>(baseURL: string, method: string, url: string, options: { body?: unknown; token?: string; key?: string; form?: string } = {}) {
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: {
      'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    body = text as T;
  }
  return { status: res.status, body };
}

/** The step (30 s) of each secret's last code: the server refuses a code used once (no replay). */
const lastStep = new Map<string, number>();

/**
 * The code an authenticator app shows for `secret` now — or, when this step's code was already
 * used, the next one, after waiting for it as a person would.
 */
export async function totp(secret: string) {
  let step = Math.floor(Date.now() / 30_000);
  if (lastStep.get(secret) === step) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 200));
    step += 1;
  }
  lastStep.set(secret, step);
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/** A new member account (a unique email per call), signed in. */
export async function newAccount(baseURL: string, name: string, password = 'staff-spec-pass-2026') {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const session = await signUpMember(baseURL, { name, email, password, passwordCheck: password, promoOptIn: false, locale: 'en' });
  return { id: session.user.id, email, password, token: session.token, user: session.user };
}

/** A single-use enrolment link for staff member `userId`, issued by a supervisor (docs/money-controls.md): the password alone does not enrol. */
export async function enrolmentLink(baseURL: string, supervisorToken: string, userId: string) {
  const res = await call<{ url: string }>(baseURL, 'POST', `/api/admin/staff/${userId}/enrolment-link`, { token: supervisorToken });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.url;
}

/**
 * Signs in to /admin with the keyboard: email, password, then the code. Enrolling (no
 * `knownSecret`), the page is the staff member's enrolment link, the secret is read off the screen
 * and the recovery codes acknowledged. Returns the secret.
 */
export async function consoleSignIn(page: Page, email: string, password: string, knownSecret?: string, enrolLink?: string) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('locale')) localStorage.setItem('locale', 'en');
  });
  await page.goto(knownSecret ? '/admin' : (enrolLink ?? '/admin'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  const code = page.getByLabel('Authenticator code');
  await expect(code).toBeFocused();
  // Issue 29 item 5: the code step starts empty (the password typed a moment ago never shows here,
  // in clear) and asks for a one-time code.
  await expect(code).toHaveValue('');
  await expect(code).toHaveAttribute('type', 'text');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  let secret = knownSecret;
  if (!secret) {
    await expect(page.getByTestId('totp-enrol').getByRole('img')).toBeVisible();
    secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  }
  await code.fill(await totp(secret));
  await page.keyboard.press('Enter');
  if (!knownSecret) {
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.keyboard.press('Enter'); // "I have saved them" has the focus
    expect(new URL(page.url()).hash, 'the spent link leaves the address bar').toBe('');
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const staffCookie = () => page.context().cookies().then((cookies) => cookies.find((cookie) => cookie.name === 'gp_staff'));
  await expect.poll(staffCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  // The console's session is an HttpOnly cookie: nothing a script can read holds a token.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie);
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  return secret;
}
