import { expect, test, type Page } from '@playwright/test';
import { inLocale, PHONE, phoneShot, signUpOnPhone } from './phone-support.ts';

/**
 * Issue 32 on a phone (390×844): the limits prompt on the home and deposit pages (RTS 12C), then a
 * 15-minute reality check (RTS 13). The browser-test server runs a reality-check minute of 600 ms
 * (REALITY_CHECK_MINUTE_MS, test mode only), so the check falls due 9 s after it is set: a modal
 * that Escape does not close, with the session's figures, while the server refuses deposits;
 * "Continue" answers it and play goes on.
 */

test.use(PHONE);

/** A deposit as any other tab or script of the session would send it. */
const depositFromAnotherTab = (page: Page) =>
  page.evaluate(async () => {
    const csrf = document.cookie.split('; ').find((c) => c.includes('csrf'))?.split('=')[1] ?? '';
    const res = await fetch('/api/deposits', { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID(), 'X-CSRF-Token': decodeURIComponent(csrf) }, body: JSON.stringify({ amount: 1000, currency: 'USD', method: 'card' }) });
    return { status: res.status, body: await res.json() };
  });

test('the limits prompt on the home and deposit pages, then a reality check that waits for an answer', async ({ page }, info) => {
  test.setTimeout(90_000);
  await inLocale(page, 'en');
  await page.goto('/auth?mode=signup');
  await signUpOnPhone(page);

  // RTS 12C: the home page links to the tools; the deposit page offers a limit before the first deposit.
  await page.goto('/');
  await expect(page.getByTestId('home-play-tools')).toHaveAttribute('href', '/account#responsible-play');
  await page.goto('/deposit');
  const prompt = page.getByTestId('deposit-limit-prompt');
  await expect(prompt).toContainText('Before you deposit you can set a deposit limit');
  await phoneShot(page, info, '01-deposit-limit-prompt');
  await prompt.getByRole('link', { name: 'Set a deposit limit' }).tap();
  await expect(page).toHaveURL(/\/account#responsible-play$/);

  // A 15-minute reality check.
  const setting = page.getByTestId('reality-check-setting');
  await setting.getByTestId('reality-check-minutes').selectOption('15');
  await setting.getByTestId('reality-check-save').tap();
  await expect(page.getByText('Reality check saved.')).toBeVisible();
  await expect(setting.getByTestId('reality-check-next')).toContainText('Next reminder:');

  // It opens by itself on whatever page is open (here the home page), 9 s after it was set.
  await page.goto('/');
  const dialog = page.getByTestId('reality-check');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: 'Reality check' })).toBeVisible();
  await expect(dialog.getByTestId('reality-check-elapsed')).toContainText('You signed in');
  await expect(dialog.getByTestId('reality-check-figures')).toContainText('Staked this session');
  await expect(dialog.getByTestId('reality-check-net')).toContainText('Even: 0.00 GP');
  await expect(dialog.getByTestId('reality-check-continue')).toBeFocused();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await phoneShot(page, info, '02-reality-check');

  // Escape does not close it, and the keyboard stays inside it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="reality-check"]')) || document.activeElement === document.body)).toBe(true);
  }

  // The server refuses play meanwhile, whatever tab asks.
  const refused = await depositFromAnotherTab(page);
  expect(refused.status).toBe(409);
  expect(refused.body.error.code).toBe('reality_check_due');

  // The answer, by keyboard: the notice goes, play goes on.
  await dialog.getByTestId('reality-check-continue').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const after = await depositFromAnotherTab(page);
  expect(after.status, JSON.stringify(after.body)).toBe(201);
});
