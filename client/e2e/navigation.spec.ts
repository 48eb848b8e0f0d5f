import { expect, test } from '@playwright/test';

// A short viewport so pages are taller than the window and scrolling is visible.
test.use({ viewport: { width: 1000, height: 420 } });

test('a link to a hash scrolls to that element and focuses it', async ({ page }) => {
  await page.goto('/help/faq');
  await expect(page.locator('main h1')).toBeVisible(); // pages load on demand
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '#faq-7';
    link.textContent = 'to the last question';
    link.dataset.testid = 'hash-link';
    document.querySelector('main h1')!.after(link);
  });
  await page.getByTestId('hash-link').click();
  await expect(page).toHaveURL(/#faq-7$/);
  await expect(page.locator('#faq-7')).toBeFocused();
  await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('faq-7')!.getBoundingClientRect().top))).toBeLessThan(200);
});

test('a new page starts at the top, and going back restores where the reader was', async ({ page }) => {
  await page.goto('/about/terms');
  await expect(page.locator('main h1')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const before = await page.evaluate(() => window.scrollY);

  // The header's home link (the brand), clicked in place: Playwright's own click would first scroll the page.
  await page.locator('header a.brand[href="/"]').evaluate((link: HTMLAnchorElement) => link.click());
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/about\/terms$/);
  await expect.poll(() => page.evaluate((saved) => Math.abs(window.scrollY - saved), before)).toBeLessThan(5);
});

test('a thin progress bar runs during a navigation and goes away after', async ({ page }) => {
  await page.goto('/');
  const bar = page.locator('.progress-bar');
  await expect(page.getByTestId('header-login')).toBeVisible();
  await expect(bar).toHaveAttribute('data-phase', 'idle');
  const phases: string[] = [];
  await page.exposeFunction('recordPhase', (phase: string) => phases.push(phase));
  await page.evaluate(() => {
    const target = document.querySelector('.progress-bar')!;
    new MutationObserver(() => (window as unknown as { recordPhase(p: string): void }).recordPhase(target.getAttribute('data-phase') ?? '')).observe(target, { attributes: true });
  });
  await page.getByRole('link', { name: /常見問題|faq/i }).first().click();
  await expect.poll(() => phases).toContain('running');
  await expect(bar).toHaveAttribute('data-phase', 'idle');
});
