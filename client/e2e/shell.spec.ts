import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

const APM = 'http://apm.monitoring.test';

/**
 * Serves /api/site with a monitoring block and records what the page sends to the APM server. The
 * server names its APM_SERVER_URL in the page's Content-Security-Policy (`connect-src`); this
 * server has none set, so its pages get that origin added, as a deployment with APM would send them.
 */
async function withMonitoring(page: Page, monitoring: Record<string, unknown>) {
  const sent: string[] = [];
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const csp = response.headers()['content-security-policy'] ?? '';
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp.replace("connect-src 'self'", `connect-src 'self' ${APM}`) } });
  });
  await page.route('**/api/site', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), monitoring } });
  });
  await page.route(`${APM}/**`, async (route) => {
    const request = route.request();
    // The agent gzips its intake batches (Content-Encoding: gzip) where the browser can.
    const raw = request.postDataBuffer();
    const gzipped = (await request.allHeaders())['content-encoding'] === 'gzip';
    const body = raw ? (gzipped ? gunzipSync(raw) : raw).toString('utf8') : '';
    sent.push(`${request.method()} ${new URL(request.url()).pathname}\n${body}`);
    await route.fulfill(route.request().method() === 'GET' ? { json: {} } : { status: 202, body: '' });
  });
  return sent;
}

test('an uncaught interface error reaches the monitoring service and the console', async ({ page }) => {
  const sent = await withMonitoring(page, { serverUrl: APM, serviceName: 'gpoints web', transactionSampleRate: 1 });
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  await page.goto('/');
  await expect(page.getByTestId('header-login')).toBeVisible();

  await page.evaluate(() => setTimeout(() => { throw new Error('e2e-uncaught-boom'); }));

  await expect.poll(() => sent.find((s) => s.startsWith('POST /intake/v2/rum/events') && s.includes('e2e-uncaught-boom')), { timeout: 10_000 }).toBeTruthy();
  expect(consoleErrors.some((text) => text.includes('e2e-uncaught-boom'))).toBe(true);
  expect(sent.some((s) => s.startsWith('GET /config/v1/rum/agents'))).toBe(true);
});

test('an invalid monitoring configuration is skipped and the app still works', async ({ page }) => {
  const sent = await withMonitoring(page, { serverUrl: APM, serviceName: 'bad!name', transactionSampleRate: 2 });
  await page.goto('/');
  await expect(page.getByTestId('header-login')).toBeVisible();
  await page.evaluate(() => setTimeout(() => { throw new Error('not-sent'); }));
  await page.waitForTimeout(1_500);
  expect(sent).toEqual([]);
});

test('the colour scheme defaults to dark, can be switched and is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-select').selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBe('light');

  await page.getByTestId('theme-select').selectOption('auto');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('every footer page has real content', async ({ page }, info) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  // Paragraphs, list items or FAQ entries of real text (in English), not one placeholder line.
  const minimumBlocks = { '/about/company': 3, '/about/privacy': 4, '/about/terms': 4, '/help/contact': 2, '/help/faq': 4 };
  for (const [path, minimum] of Object.entries(minimumBlocks)) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    const blocks = await page.locator('main :is(p, li, details)').evaluateAll((els) => els.filter((el) => (el.textContent ?? '').trim().length >= 40).length);
    expect(blocks, `${path} has too little content`).toBeGreaterThanOrEqual(minimum);
    await page.screenshot({ path: info.outputPath(`${path.replaceAll('/', '_')}.png`), fullPage: true });
  }
  await page.goto('/help/contact');
  await expect(page.getByTestId('contact-email')).toHaveText(/service@example\.com/);
});

test('the keno sub-site host shows the keno brand and title', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://keno.localhost:${port}/`);
  await expect(page.getByTestId('header-brand')).toHaveText('GPoints Keno');
  await expect(page).toHaveTitle(/GPoints Keno/);
  await page.goto(`http://127.0.0.1:${port}/`);
  await expect(page.getByTestId('header-brand')).toHaveText('GPoints Lottery');
});

test('a visitor on the home page loads only the frame’s messages and opens no socket; a live page brings both', async ({ page }) => {
  const sockets: string[] = [];
  const scripts: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.addInitScript(() => localStorage.setItem('locale', 'zh-TW'));
  await page.goto('/');
  await expect(page.getByTestId('header-brand')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => /\/zh-TW-shell-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.some((path) => /\/zh-TW-pages-[\w-]+\.js$/.test(path))).toBe(false);
  expect(sockets).toEqual([]);

  // The draw results subscribe to live results: the rest of the catalogue and the socket come with them.
  const socket = page.waitForEvent('websocket');
  await page.goto('/roadmap');
  expect((await socket).url()).toContain('/socket.io/');
  expect(scripts.some((path) => /\/zh-TW-pages-[\w-]+\.js$/.test(path))).toBe(true);
});
