import { expect, test } from '@playwright/test';

/** The remaining routes of spec §2, reachable from the footer: services, the self-check, the sample error pages, indexes. */

test('services, the self-check and the indexes are reachable and say what they are', async ({ page }, info) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByTestId('services').getByRole('listitem')).toHaveCount(6);
  await page.screenshot({ path: info.outputPath('services-en.png'), fullPage: true });

  await page.getByRole('contentinfo').getByRole('link', { name: 'Self-check' }).click();
  await expect(page.getByTestId('check-api')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('check-storage')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('check-clock')).not.toHaveAttribute('data-ok', 'pending');
  await page.screenshot({ path: info.outputPath('self-check-en.png') });

  await page.goto('/main');
  await expect(page.getByTestId('main-index').getByRole('link', { name: 'Keno & Bingo' })).toBeVisible();
  await page.goto('/sidebar');
  await page.getByTestId('sidebar-index').getByRole('link', { name: 'Dashboards' }).first().click();
  await expect(page).toHaveURL(/\/(sidebar\/dashboards|auth)/);
});

test('the five sample error pages', async ({ page }, info) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'zh-TW'));
  const expected = ['401', '403', '404', '500', '503'];
  for (let i = 1; i <= 5; i++) {
    await page.goto(`/error/page-${i}`);
    await expect(page.getByTestId(`error-${expected[i - 1]}`)).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('離線或維護中');
  await page.screenshot({ path: info.outputPath('error-offline-zh-TW.png') });
});
