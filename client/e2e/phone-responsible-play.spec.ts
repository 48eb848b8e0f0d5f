import { expect, test } from '@playwright/test';
import { inLocale, PHONE, phoneShot, signUpOnPhone } from './phone-support.ts';

/**
 * Issue 32 on a phone (390×844): a member sets a deposit limit in free text and sees it in force,
 * asks for a raise and sees it waiting with its time, then takes a break with its confirm step;
 * the banner under the header then says until when, on every page.
 */

test.use(PHONE);

test('a member sets a limit, sees a raise wait 24 hours, then takes a break that the header shows', async ({ page }, info) => {
  await inLocale(page, 'en');
  await page.goto('/auth?mode=signup');
  await signUpOnPhone(page);

  await page.goto('/account#responsible-play');
  const section = page.getByTestId('responsible-play');
  await expect(section).toBeVisible();
  const daily = section.getByTestId('limit-deposit-day');
  await daily.fill('50');
  await section.getByTestId('limits-save').tap();
  await expect(page.getByText('Limits saved: they apply now.')).toBeVisible();
  await page.reload();
  await expect(section.getByTestId('limit-deposit-day')).toHaveValue('50.00');

  // A raise waits: the old limit stays, the pending one says from when it can be confirmed.
  await section.getByTestId('limit-deposit-day').fill('80');
  await section.getByTestId('limits-save').tap();
  await expect(section.getByTestId('pending-deposit-day')).toContainText('Raise to 80.00 GP waiting: confirm it here from');
  await expect(section.getByTestId('limits-confirm')).toBeVisible();
  await phoneShot(page, info, '01-limits');

  // A malformed amount is marked in place, nothing sent.
  await section.getByTestId('limit-spend-week').fill('12.345');
  await section.getByTestId('limits-save').tap();
  await expect(section.getByTestId('limit-spend-week')).toHaveAttribute('aria-invalid', 'true');
  await section.getByTestId('limit-spend-week').fill('');

  // A break: the period, then the confirm step.
  const brk = section.getByTestId('take-break');
  await brk.getByTestId('break-period').selectOption('7d');
  await brk.getByTestId('break-take').tap();
  await expect(brk.getByText('Start a break of 1 week now? It cannot be undone.')).toBeVisible();
  await brk.getByTestId('break-confirm').tap();
  const banner = page.getByTestId('play-banner');
  await expect(banner).toContainText('You are taking a break until');
  await expect(section.getByTestId('take-break')).toHaveCount(0);

  // Everywhere: the deposit page refuses with the reason.
  await page.goto('/');
  await expect(page.getByTestId('play-banner')).toBeVisible();
  const box = await page.getByTestId('play-banner').boundingBox();
  expect(box && box.width).toBeLessThanOrEqual(390);
  await phoneShot(page, info, '02-on-a-break');
  const refused = await page.evaluate(async () => {
    const csrf = document.cookie.split('; ').find((c) => c.includes('csrf'))?.split('=')[1] ?? '';
    const res = await fetch('/api/deposits', { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID(), 'X-CSRF-Token': decodeURIComponent(csrf) }, body: JSON.stringify({ amount: 1000, currency: 'USD', method: 'card' }) });
    return { status: res.status, body: await res.json() };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error.code).toBe('timed_out');
});

test('the responsible-play page is in the member’s language and the footer links it', async ({ page }) => {
  await inLocale(page, 'zh-TW');
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: '負責任博彩' }).tap();
  await expect(page).toHaveURL(/\/responsible-play$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('負責任博彩');
  await expect(page.locator('main')).toContainText('GAMSTOP');
});
