import { expect, test } from '@playwright/test';

test('the app installs a service worker at the site root, offers offline use, and never serves the API from a cache', async ({ page, baseURL }) => {
  await page.goto('/');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);

  // Prompt mode: a toast says the app is ready offline, and can be closed; no card stays behind.
  const ready = page.getByTestId('toast').filter({ hasText: /offline|離線/ });
  await expect(ready).toBeVisible();
  await ready.getByRole('button').click();
  await expect(ready).toBeHidden();
  await expect(page.getByTestId('reload-prompt')).toHaveCount(0);

  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ scope: '/', start_url: '/', display: 'standalone' });

  // Under the service worker's control, API answers still come from the server each time.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls = (await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)))).flat();
    return { precached: urls.length, api: urls.filter((u) => /\/(api|socket\.io)\//.test(u)) };
  });
  expect(cached.precached).toBeGreaterThan(5);
  expect(cached.api).toEqual([]);
  const health = await page.evaluate(async () => (await fetch('/api/site')).headers.get('cache-control'));
  expect(health).toBe('no-store');
});

test('a toast shows bottom right, can be dismissed, and goes by itself after about 5 seconds', async ({ page }) => {
  await page.goto('/auth?mode=login');
  const form = page.getByTestId('login-form');
  await form.getByLabel(/email|電子郵件/i).fill('nobody@example.com');
  await form.getByLabel(/password|密碼/i).fill('wrong-password-1');

  await form.getByRole('button').click();
  const toast = page.getByTestId('toast').first();
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.75);
  expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.75);
  await toast.getByRole('button').click();
  await expect(page.getByTestId('toast')).toHaveCount(0);

  await form.getByRole('button').click();
  await expect(page.getByTestId('toast')).toHaveCount(1);
  const shownAt = Date.now();
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 8_000 });
  const lasted = Date.now() - shownAt;
  expect(lasted).toBeGreaterThan(4_000);
});
