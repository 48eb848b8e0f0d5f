import { expect, test, type Page } from '@playwright/test';
import { inLocale, PHONE } from './phone-support.ts';

/**
 * Issue 34, on a phone: what the installed app (its service worker) and its notices do to the
 * pages under them. A navigation to a page the server answers itself reaches the server.
 */

test.use(PHONE);

/** Waits until the service worker is installed and controls the page, as on a member's second visit. */
async function installed(page: Page) {
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('with the app installed, “Log in with LINE” reaches LINE’s sign-in page, not the app’s not-found page', async ({ page }, info) => {
  await inLocale(page, 'en');
  await page.goto('/auth?mode=login');
  await installed(page);

  await page.getByTestId('login-with-line').tap();
  // The provider's own sign-in form (the sandbox LINE at /sandbox/line), served by the server.
  await expect(page).toHaveURL(/\/sandbox\/line\/interaction\//);
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('line-sign-in-under-service-worker.png') });

  // The supervisors' job board is the server's too: it answers (asking for a staff sign-in), not the app.
  await page.goto('/auth?mode=login');
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const board = await page.goto('/admin/queues');
  expect(board?.fromServiceWorker()).toBe(false);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});
