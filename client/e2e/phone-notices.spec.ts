import { expect, test, type Page } from '@playwright/test';
import { coveredBy, inLocale, PHONE, phoneShot, signUpOnPhone } from './phone-support.ts';

/**
 * Issue 34, on a phone: what the installed app (its service worker) and its notices do to the
 * pages under them. "Ready offline" is said once per device and goes by itself; toasts never cover
 * a bottom bar's button; a navigation to a page the server answers itself reaches the server.
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

test('“ready offline” is said once per device and goes by itself; toasts never cover the slip bar or the Buy button', async ({ page }, info) => {
  test.setTimeout(90_000);
  await inLocale(page, 'en');
  await page.goto('/');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const offline = page.getByTestId('toast').filter({ hasText: 'App ready to work offline' });
  await expect(offline).toBeVisible();
  await phoneShot(page, info, '01-ready-offline-once');
  await expect(offline).toHaveCount(0, { timeout: 8_000 });
  // Said once: neither a reload nor another page says it again.
  await page.reload();
  await page.goto('/auth?mode=signup');
  await signUpOnPhone(page);
  await page.waitForTimeout(1_500);
  await expect(offline).toHaveCount(0);
  await expect(page.getByTestId('reload-prompt')).toHaveCount(0);

  // Football: picks made, the bar back to the slip at the bottom; news arrives (three updates).
  await page.goto('/main/sports/hkjc-football');
  await page.locator('[data-testid=event-row][data-status=open]').first().getByTestId('odds-button').first().tap();
  const slipBar = page.getByTestId('slip-bar');
  await expect(slipBar).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByTestId('header-update').tap();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  // At most two toasts at once on a phone, and none over the bar's button.
  await expect.poll(() => page.getByTestId('toast').evaluateAll((toasts) => toasts.filter((t) => (t as HTMLElement).offsetParent !== null).length)).toBeLessThanOrEqual(2);
  expect(await coveredBy(slipBar)).toBeNull();
  await phoneShot(page, info, '02-football-toasts-above-slip-bar');
  await slipBar.tap();
  await expect(page.locator('#football-slip')).toBeInViewport();

  // Keno: the same news over the bottom buy bar leaves its Buy button free.
  await page.goto('/main/keno/keno24h');
  const buy = page.getByTestId('keno-bar-buy');
  await expect(buy).toBeVisible();
  for (let i = 0; i < 2; i++) await page.getByTestId('header-update').tap();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  expect(await coveredBy(buy)).toBeNull();
  const toastBox = (await page.getByTestId('toast').last().boundingBox())!;
  const barBox = (await page.getByTestId('keno-bar').boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y + 1);
  await phoneShot(page, info, '03-keno-toasts-above-buy-bar');
});
