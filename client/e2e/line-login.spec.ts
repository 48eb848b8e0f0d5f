import { expect, test, type Page } from '@playwright/test';

/**
 * "Log in with LINE" in a real browser, through the sandbox LINE the e2e server runs (LINE_SANDBOX:
 * a local oidc-provider configured like LINE, at /sandbox/line): its sign-in and consent pages, back
 * to the site, signed in; the account page then shows LINE as the only way in.
 */

async function inLocale(page: Page, locale: string) {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('seeded-locale')) {
      localStorage.setItem('locale', l);
      sessionStorage.setItem('seeded-locale', '1');
    }
  }, locale);
}

test('a visitor logs in with LINE through the provider’s consent page and lands signed in', async ({ page }, info) => {
  await inLocale(page, 'en');
  const email = `line-e2e-${Date.now()}@example.com`;
  await page.goto('/auth?mode=login');
  const button = page.getByTestId('login-with-line');
  await expect(button).toHaveText('Log in with LINE');
  await page.screenshot({ path: info.outputPath('login-with-line-en.png') });
  await button.click();

  // The provider's own pages (oidc-provider's development sign-in, then consent).
  await expect(page).toHaveURL(/\/sandbox\/line\/interaction\//);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('header-logout')).toBeVisible();

  await page.goto('/account');
  const line = page.getByTestId('login-method-line');
  await expect(line).toContainText(email);
  // LINE is this account's only way in: it cannot be unlinked until a password is set.
  await expect(page.getByTestId('unlink-line')).toBeDisabled();
  await expect(page.getByTestId('email-status')).toContainText('Verified');
  await page.screenshot({ path: info.outputPath('account-en.png'), fullPage: true });
});

test('a LINE account without an email is told to register another way', async ({ page }) => {
  await inLocale(page, 'zh-TW');
  await page.goto('/auth?mode=login');
  await page.getByTestId('login-with-line').click();
  await page.locator('input[name="login"]').fill(`nomail-${Date.now()}`);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const notice = page.getByTestId('provider-no-email');
  await expect(notice).toContainText('若您的通訊軟體帳號未綁定電子郵件');
  await notice.getByRole('link').click();
  await expect(page.getByTestId('signup-form')).toBeVisible();
});
