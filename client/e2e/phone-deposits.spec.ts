import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { inLocale, PHONE, phoneShot, signUpOnPhone, Steps } from './phone-support.ts';

/**
 * Issue 34, deposits on a phone: every place that tells a newcomer where points come from leads to
 * the deposit page, which opens ready to pay; amounts name their currency; a deposit that did not
 * complete says so and what to do next.
 */

test.use(PHONE);

test('from the zero-balance notice to a first deposit in two taps; the sign-up perk, home and the FAQ lead to deposits too', async ({ page }, info) => {
  await inLocale(page, 'zh-TW');
  await page.goto('/auth?mode=signup');
  await expect(page.getByText('可用信用卡、超商或電子錢包儲值，也可用 GPoints PIN 卡，所有產品都能使用。')).toBeVisible();
  await signUpOnPhone(page);

  // Home: the notice leads to the deposit page, and so does step 2 of "how it works".
  await page.goto('/');
  const notice = page.getByTestId('points-sources');
  await expect(notice).toContainText('可用信用卡、超商條碼或電子錢包儲值');
  await expect(page.getByTestId('home.step2.title-link')).toHaveAttribute('href', '/deposit');
  await expect(page.locator('main')).not.toContainText('準備中');

  // The FAQ no longer says deposits are being prepared; its answer links to them.
  await page.goto('/help/faq');
  await page.locator('#faq-2 summary').tap();
  await expect(page.locator('#faq-2')).toContainText('付款確認後點數立即入帳');
  await expect(page.locator('#faq-2')).not.toContainText('準備中');
  await expect(page.getByTestId('faq-2-link')).toHaveAttribute('href', '/deposit');

  // The wallet's notice: "Top up now", then Continue on a form that opens ready (NT$, its smallest preset, a method).
  await page.goto('/wallet');
  const steps = new Steps();
  await steps.tap(page.getByTestId('points-sources-deposit'), 'top up now');
  await expect(page).toHaveURL(/\/deposit$/);
  await expect(page.getByRole('radio', { name: 'TWD' })).toBeChecked();
  await expect(page.getByTestId('deposit-preset').first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('deposit-preset').first()).toHaveText('NT$300');
  await expect(page.getByTestId('deposit-points')).toContainText(/\d+\.\d\d GP/);
  await phoneShot(page, info, 'deposit-ready', true);
  await steps.tap(page.getByTestId('deposit-continue'), 'continue');
  await expect(page).toHaveURL(/\/payment\?id=\d+$/);
  await expect(page.getByTestId('payment-continue')).toBeVisible();
  await phoneShot(page, info, 'first-deposit-created');
  expect(steps.count, steps.taken.join(', ')).toBe(2);
  const measured = { zeroBalanceNoticeToFirstDeposit: { count: steps.count, steps: steps.taken } };
  fs.writeFileSync(info.outputPath('taps.json'), JSON.stringify(measured, null, 2));
  await info.attach('taps', { body: JSON.stringify(measured, null, 2), contentType: 'application/json' });
});

test('every deposit amount names its currency: NT$ presets, range and rate in Traditional Chinese beside US$ and CN¥', async ({ page }, info) => {
  await inLocale(page, 'zh-TW');
  await page.goto('/auth?mode=signup');
  await signUpOnPhone(page);
  await page.goto('/deposit');
  const form = page.getByTestId('deposit-form');
  await expect(page.getByRole('radio', { name: 'TWD' })).toBeChecked();
  await expect(page.getByTestId('deposit-preset')).toHaveText(['NT$300', 'NT$500', 'NT$1,000', 'NT$3,000']);
  await expect(form).toContainText(/從 NT\$[\d,]+ 到 NT\$[\d,]+/);
  await expect(page.getByTestId('deposit-points')).toContainText(/1 GP = NT\$[\d.]+/);
  await phoneShot(page, info, 'deposit-twd-zh-TW', true);
  await page.getByText('USD', { exact: true }).tap();
  await expect(page.getByTestId('deposit-preset').first()).toHaveText('US$10');
  await expect(page.getByTestId('deposit-points')).toContainText(/1 GP = US\$[\d.]+/);
  await page.getByText('CNY', { exact: true }).tap();
  await expect(page.getByTestId('deposit-preset').first()).toHaveText('CN¥50');
  // No amount on the form is a bare "$" or "¥".
  expect(await form.innerText()).not.toMatch(/(^|[^A-Z])[$¥]\d/);
});
