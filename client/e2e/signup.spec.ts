import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readMessage, signupCodeIn } from '../../scripts/lib/member-signup.ts';
import { expectNoSidewaysScroll } from './layout-support.ts';
import { e2eMailFolder, mailedSignupCode } from './signup-support.ts';

/**
 * Sign-up in two steps on a phone (issue 29 item 4, 390×844): the form, then the 6-digit code the
 * server emailed. The mail's link opens the code step filled in. Taps are counted as issue 34 does:
 * the four fields of the form, and one more field for the code.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = 'phone-signup-2026';

async function english(page: Page) {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
}

/** Fills and sends the form; returns when it was sent (for the mail that follows). */
async function sendForm(page: Page, email: string) {
  const form = page.getByTestId('signup-form');
  await form.getByLabel(/^name/i).fill('Phone Person');
  await form.getByLabel(/^email/i).fill(email);
  await form.getByLabel(/^password$/i).fill(PASSWORD);
  await form.getByLabel(/confirm password/i).fill(PASSWORD);
  await form.getByLabel(/date of birth/i).fill('1990-01-01');
  const sent = Date.now();
  await form.getByRole('button', { name: 'Sign up' }).click();
  return sent;
}

/** The primary action is on screen and nothing lies over it. */
async function expectReachable(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
  const box = (await button.boundingBox())!;
  const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? '', [box.x + box.width / 2, box.y + box.height / 2]);
  expect(onTop).toBe(name);
}

test('a newcomer signs up on a phone: the form, the mailed code (a wrong one said under its field), and is signed in with trial points', async ({ page, baseURL }, info) => {
  await english(page);
  await page.goto('/auth');
  const email = `phone-${Date.now()}@example.com`;
  const sent = await sendForm(page, email);

  const step = page.getByTestId('signup-code-form');
  await expect(step.getByTestId('signup-code-sent')).toHaveText(`We sent a 6-digit code to ${email}. Enter it to finish signing up.`);
  const code = step.getByLabel('6-digit code');
  // A one-time-code field with the digits keyboard, ready to type into.
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toBeFocused();
  // A new code only after 60 s.
  await expect(step.getByTestId('signup-resend')).toBeDisabled();
  await expect(step.getByTestId('signup-resend')).toHaveText(/^Send a new code in (60|59|58|57|56|55) s$/);
  await expectReachable(page, 'Create my account');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('signup-code-step-390.png'), fullPage: true });

  const mailed = await mailedSignupCode(baseURL!, email, sent);
  const wrong = String((Number(mailed) + 1) % 1_000_000).padStart(6, '0');
  await code.fill(wrong);
  await step.getByRole('button', { name: 'Create my account' }).click();
  await expect(step.getByTestId('field-error-code')).toHaveText('This code is not right, or not for this password. Check the newest email we sent, or ask for a new code.');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toBeFocused();

  // Typed with the keyboard, sent with Enter.
  await code.fill('');
  await page.keyboard.type(mailed);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('header-logout')).toBeVisible();
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-trial-balance')).toHaveText('10.00 GP');
});

test('the link in the code mail opens the code step filled in; the password chosen with the form confirms it', async ({ page, baseURL }, info) => {
  await english(page);
  const email = `linked-${Date.now()}@example.com`;
  // The form sent from another device (here: over the API); the mail is opened on this phone.
  const sent = Date.now();
  const started = await fetch(`${baseURL}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Link Opener', email, password: PASSWORD, passwordCheck: PASSWORD, birthDate: '1990-01-01', locale: 'en' }),
  });
  expect(started.status).toBe(202);
  const mailedCode = await mailedSignupCode(baseURL!, email, sent);
  const folder = e2eMailFolder(baseURL!);
  const mail = fs
    .readdirSync(folder)
    .filter((name) => name.startsWith('signup-code-'))
    .map((name) => readMessage(path.join(folder, name)))
    .find((message) => message?.to === email && signupCodeIn(message.text) === mailedCode)!;
  const link = /https?:\/\/\S+\/auth#\S+/.exec(mail.text)![0];
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

  await page.goto(link);
  const step = page.getByTestId('signup-code-form');
  await expect(step.getByLabel('6-digit code')).toHaveValue(mailedCode);
  // The code leaves the address bar once read.
  await expect(page).toHaveURL(/\/auth$/);
  const password = step.getByLabel('The password you chose');
  await expect(password).toBeFocused();
  await expect(step.getByTestId('signup-resend')).toHaveCount(0);
  await expectReachable(page, 'Create my account');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('signup-from-link-390.png'), fullPage: true });

  // Someone else's password (the mail reached an inbox whose owner did not send this form): refused like a wrong code.
  await password.fill('not-the-one-chosen');
  await password.press('Enter');
  await expect(step.getByTestId('field-error-code')).toBeVisible();
  await password.fill(PASSWORD);
  await password.press('Enter');
  await expect(page.getByTestId('header-logout')).toBeVisible();
});

test('“use another email” goes back to the form as it was typed, and the new address gets the code', async ({ page, baseURL }) => {
  await english(page);
  await page.goto('/auth');
  const typo = `typo-${Date.now()}@exmaple.com`;
  await sendForm(page, typo);
  await page.getByTestId('signup-start-again').click();
  const form = page.getByTestId('signup-form');
  await expect(form.getByLabel(/^email/i)).toHaveValue(typo);
  await expect(form.getByLabel(/^name/i)).toHaveValue('Phone Person');
  const email = `fixed-${Date.now()}@example.com`;
  await form.getByLabel(/^email/i).fill(email);
  const sent = Date.now();
  await form.getByRole('button', { name: 'Sign up' }).click();
  const step = page.getByTestId('signup-code-form');
  await expect(step.getByTestId('signup-code-sent')).toContainText(email);
  await step.getByLabel('6-digit code').fill(await mailedSignupCode(baseURL!, email, sent));
  await step.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByTestId('header-logout')).toBeVisible();
});

test('after 60 s a new code can be sent; it replaces the first, which no longer works', async ({ page, baseURL }) => {
  await english(page);
  await page.clock.install();
  await page.goto('/auth');
  const email = `resend-${Date.now()}@example.com`;
  const sent = await sendForm(page, email);
  const first = await mailedSignupCode(baseURL!, email, sent);
  const step = page.getByTestId('signup-code-form');
  const resend = step.getByTestId('signup-resend');
  await expect(resend).toBeDisabled();
  await page.clock.fastForward('00:30');
  await expect(resend).toHaveText(/^Send a new code in (30|29|28) s$/);
  await page.clock.fastForward('00:31');
  await expect(resend).toHaveText('Send a new code');
  await resend.click();
  await expect(page.getByTestId('toast').first()).toContainText(`A new code is on its way to ${email}.`);
  await expect(resend).toBeDisabled();
  // The newest code mail since the form: the second, once it has come.
  let second = first;
  await expect.poll(async () => (second = await mailedSignupCode(baseURL!, email, sent))).not.toBe(first);

  const code = step.getByLabel('6-digit code');
  await code.fill(first);
  await code.press('Enter');
  await expect(step.getByTestId('field-error-code')).toBeVisible();
  await code.fill(second);
  await code.press('Enter');
  await expect(page.getByTestId('header-logout')).toBeVisible();
});
