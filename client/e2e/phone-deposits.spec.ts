import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { inLocale, openCardCheckout, PHONE, phoneShot, signUpOnPhone, Steps } from './phone-support.ts';

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
  await page.getByText('TWD', { exact: true }).tap();
  await expect(page.getByTestId('deposit-preset')).toHaveText(['NT$300', 'NT$500', 'NT$1,000', 'NT$3,000']);
  await page.getByTestId('deposit-preset').first().tap();
  await expect(form).toContainText(/從 NT\$[\d,]+ 到 NT\$[\d,]+/);
  await expect(page.getByTestId('deposit-points')).toContainText(/1 GP = NT\$[\d.]+/);
  await phoneShot(page, info, 'deposit-twd-zh-TW', true);
  await page.getByText('USD', { exact: true }).tap();
  await expect(page.getByTestId('deposit-preset').first()).toHaveText('US$10');
  await page.getByTestId('deposit-preset').first().tap();
  await expect(page.getByTestId('deposit-points')).toContainText(/1 GP = US\$[\d.]+/);
  await page.getByText('CNY', { exact: true }).tap();
  await expect(page.getByTestId('deposit-preset').first()).toHaveText('CN¥50');
  // No amount on the form is a bare "$" or "¥".
  expect(await form.innerText()).not.toMatch(/(^|[^A-Z])[$¥]\d/);
});

test('a deposit that did not complete says so and what to do next: a cancelled JKO Pay, an abandoned card payment, a payment link without a deposit', async ({ page }, info) => {
  await inLocale(page, 'en');
  await page.goto('/auth?mode=signup');
  await signUpOnPhone(page);

  // JKO Pay, cancelled on JKO's page: back on the site, not "waiting for the provider".
  await page.goto('/deposit');
  await page.getByText('TWD', { exact: true }).tap();
  await page.getByTestId('deposit-preset').first().tap();
  await page.getByTestId('method-jko').tap();
  await page.getByTestId('deposit-continue').tap();
  await page.getByTestId('payment-continue').tap();
  await expect(page.getByRole('heading', { name: /Pay NT\$300/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).tap();
  await expect(page).toHaveURL(/\/payment-result-h8\?id=\d+/);
  const notice = page.getByTestId('deposit-waiting');
  await expect(notice).toContainText('This payment is not complete. If you cancelled it or closed the payment page, nothing was charged');
  await expect(notice).not.toContainText('Waiting for the payment provider');
  await expect(page.getByTestId('deposit-open-until')).toContainText(/This deposit stays open until .+ (GMT|UTC)/);
  await expect(page.getByTestId('deposit-pay-now')).toBeVisible();
  await expect(page.getByTestId('deposit-another')).toHaveAttribute('href', '/deposit');
  await phoneShot(page, info, 'jko-cancelled', true);

  // A card payment left on the provider's page with "Cancel and return".
  await openCardCheckout(page);
  await page.getByRole('button', { name: 'Cancel and return' }).tap();
  await expect(page).toHaveURL(/cancelled=1/);
  await expect(notice).toHaveText(/You cancelled the payment, so nothing was charged\. Pay now, or make another deposit/);
  await expect(page.getByTestId('deposit-pay-now')).toHaveText('Pay now');

  // Payment links without a deposit of this member's: said at once, with the ways on.
  for (const path of ['/payment-h8', '/payment-h8?id=abc', '/payment-h8?id=999999999', '/payment-h8-stripe', '/payment-h8-stripe?id=999999999']) {
    await page.goto(path);
    const missing = page.getByTestId('payment-not-found');
    await expect(missing, path).toContainText('We can’t find this payment');
    await expect(missing.getByRole('link', { name: 'Make another deposit' })).toHaveAttribute('href', '/deposit');
    await expect(page.getByText('Taking you to the payment page…')).toHaveCount(0);
  }
  await phoneShot(page, info, 'payment-link-without-deposit');
});
