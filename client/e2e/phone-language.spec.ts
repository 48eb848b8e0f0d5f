import { expect, test } from '@playwright/test';
import { inLocale, logInOnPhone, PHONE, phoneShot, placeKenoOrder, signUpOnPhone, signUpOverApi } from './phone-support.ts';

/**
 * Issue 34, language on a phone: a first visit reads the browser's language; members read plain,
 * translated words — never the catalogue's English engineering notes — and an unconfirmed fact is
 * marked in words a member understands.
 */

test.use(PHONE);

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('reads English on a first visit, and keeps a language chosen on screen', async ({ page }, info) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('header-login')).toHaveText(/Log in/);
    await phoneShot(page, info, 'first-visit-en-US');
    // Chosen on screen, a language stays chosen.
    await page.getByTestId('menu-button').tap();
    await page.getByTestId('navbar-settings').getByTestId('locale-select').selectOption('ja');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  });
});

test.describe('a Hong Kong browser', () => {
  test.use({ locale: 'zh-HK' });

  test('reads Traditional Chinese', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  });
});

/** A member with a trial keno order, made over the API (the browser then logs in through the form). */
async function memberWithTrialOrder(baseURL: string) {
  const member = await signUpOverApi(baseURL, 'words');
  await placeKenoOrder(baseURL, member.token, { trial: true });
  return member;
}

test('Chinese screens carry no English engineering notes: the rules, an unconfirmed fact, an order’s history', async ({ page, baseURL }, info) => {
  test.setTimeout(150_000);
  const member = await memberWithTrialOrder(baseURL!);
  await inLocale(page, 'zh-TW');
  await logInOnPhone(page, member);

  // Mark Six's rules: no "Draw numbers YY/NNN … not verified".
  await page.goto('/main/lotto/HKA01');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('六合彩');
  const body = page.locator('main');
  await expect(body).not.toContainText('Draw numbers');
  await expect(body).not.toContainText('not verified');

  // Canada Keno's rules: an unconfirmed fact is "待確認", and opens onto words a member reads.
  await page.goto('/main/keno/rules?product=CAB01');
  const label = page.getByTestId('confidence-label').first();
  await expect(label).toContainText('待確認');
  await label.locator('summary').tap();
  await expect(label).toContainText('一切以彩券官方公告為準');
  await expect(body).not.toContainText('營運方可編輯');
  await expect(body).not.toContainText(/No WCLC source|source found/);
  await phoneShot(page, info, 'rules-unconfirmed-zh-TW');

  // An order's history: each step in Chinese, none of the pipeline's English notes.
  await page.goto('/orders');
  await page.getByTestId('order-toggle').first().tap();
  const reasons = page.getByTestId('history-reason');
  await expect(reasons.first()).toHaveText('已下試玩訂單');
  for (const reason of await reasons.allTextContents()) expect(reason).not.toMatch(/[a-z]{3,}/);
  await phoneShot(page, info, 'order-history-zh-TW', true);
});

test('a store barcode’s expiry is said in plain words, not as a note on what ECPay has not confirmed', async ({ page }, info) => {
  await inLocale(page, 'zh-TW');
  await page.goto('/auth?mode=signup');
  await signUpOnPhone(page, { name: 'Store Payer', password: 'store-payer-pass-2026' });
  await page.goto('/deposit');
  await page.getByText('TWD', { exact: true }).tap();
  await page.getByTestId('deposit-preset').first().tap();
  await page.getByTestId('method-cvs_barcode').tap();
  await page.getByTestId('deposit-continue').tap();
  await page.getByTestId('payment-continue').tap();
  await page.getByRole('button', { name: 'Return to the shop' }).tap();
  await expect(page.getByTestId('deposit-barcode').first()).toBeVisible();
  const expiry = page.getByTestId('barcode-expiry-unconfirmed');
  await expect(expiry).toHaveText('請在顯示的時間前繳費：超商可能會提早一點停止收取這筆款項。');
  await expect(page.locator('main')).not.toContainText('尚未確認');
  await phoneShot(page, info, 'barcode-expiry-zh-TW', true);
});
