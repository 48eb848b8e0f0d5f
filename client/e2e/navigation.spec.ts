import { expect, test } from '@playwright/test';
import { adoptSession } from './session-support.ts';

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

test.describe('the header and the menu', () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  async function member(page: import('@playwright/test').Page, baseURL: string, locale = 'en') {
    const res = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo-pass-2026' }),
    });
    const { token, user } = (await res.json()) as { token: string; user: object };
    await adoptSession(page, token);
    await page.addInitScript(
      ([u, l]) => {
        localStorage.setItem('user', u);
        localStorage.setItem('locale', l);
      },
      [JSON.stringify(user), locale] as const,
    );
  }

  test('on an English desktop a member’s header is one row, and the page title’s suffix is in the reader’s language', async ({ page, baseURL }, info) => {
    await member(page, baseURL!);
    await page.goto('/orders');
    await expect(page.getByTestId('header-balance')).toContainText('GP');
    const rows = await page.locator('.site-header__inner').evaluate((inner) => {
      const parts = [...inner.children].filter((el) => getComputedStyle(el).display !== 'none');
      const tops = parts.map((el) => el.getBoundingClientRect().top);
      const list = inner.querySelector('.main-nav__list')!;
      return { spread: Math.max(...tops) - Math.min(...tops), height: inner.getBoundingClientRect().height, cut: list.scrollWidth - list.clientWidth };
    });
    expect(rows.spread).toBeLessThan(12);
    expect(rows.height).toBeLessThan(72);
    expect(rows.cut).toBeLessThanOrEqual(1); // no link cut off
    await expect(page.getByTestId('menu-button')).toBeHidden();
    await page.locator('.site-header').screenshot({ path: info.outputPath('header-en-1280.png') });
    await expect(page).toHaveTitle('Orders · GPoints Lottery');

    await page.locator('header').getByTestId('locale-select').selectOption('zh-TW');
    await page.locator('header a.brand').click();
    await expect(page).toHaveTitle('GPoints Lottery · 彩券與足球代購');
    await expect(page.locator('.site-header__inner')).toHaveClass(/site-header__inner--fits/);
  });

  test('on a phone the menu is a button that opens /navbar, and closes back to the page', async ({ page }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await page.goto('/help/faq');
    await expect(page.locator('.main-nav')).toBeHidden();
    await page.getByTestId('menu-button').click();
    await expect(page).toHaveURL(/\/navbar$/);
    const links = page.getByTestId('navbar-links');
    await expect(links.getByRole('link', { name: 'Keno & Bingo' })).toBeVisible();
    await expect(page.locator('.navbar-page__settings').getByTestId('locale-select')).toBeVisible();
    await page.screenshot({ path: info.outputPath('navbar-390.png') });
    await page.getByTestId('menu-button').click(); // now "close the menu"
    await expect(page).toHaveURL(/\/help\/faq$/);
    await page.getByTestId('menu-button').click();
    await links.getByRole('link', { name: 'Results' }).click();
    await expect(page).toHaveURL(/\/roadmap/);
  });

  test('/sidebar/dashboards lists the dashboards there are', async ({ page, baseURL }) => {
    await member(page, baseURL!);
    await page.goto('/sidebar/dashboards');
    const index = page.getByTestId('dashboard-index');
    await expect(index.getByRole('link')).toHaveCount(2);
    await index.getByRole('link', { name: /Football results and league tables/ }).click();
    await expect(page).toHaveURL(/\/sidebar\/dashboards\/soccer$/);
  });
});
