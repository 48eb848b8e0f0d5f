import { expect, test, type Page } from '@playwright/test';

/**
 * The keno purchase screen end to end. The test server runs Canada Keno every 60 s with sales
 * closing 15 s before each draw, and confirms purchases after 0.5 s (scripts/e2e-server.mjs).
 */

const DEMO = { email: 'demo@example.com', password: 'demo-pass-2026' };

async function demoSession(baseURL: string) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  return (await res.json()) as { token: string; user: object };
}

async function signIn(page: Page, baseURL: string, locale: string, theme = 'dark') {
  const { token, user } = await demoSession(baseURL);
  await page.addInitScript(
    ([t, u, l, c]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
      localStorage.setItem('locale', l);
      localStorage.setItem('color-scheme', c);
    },
    [token, JSON.stringify(user), locale, theme] as const,
  );
  return token;
}

const seconds = async (page: Page) => Number(await page.getByTestId('keno-countdown').getAttribute('data-seconds'));
const phase = (page: Page) => page.getByTestId('keno-clock').getAttribute('data-phase');

/** A full-page screenshot from the top, without the PWA's "ready offline" note over the page. */
async function shot(page: Page, name: string) {
  const prompt = page.getByTestId('reload-prompt');
  if (await prompt.isVisible()) await prompt.getByRole('button').last().click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/keno-${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a member buys Canada Keno once (even on a double click), watches it get purchased, then sees the official result and prize', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, baseURL!, 'en');
  await page.goto('/main/keno/keno24h');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Canada Keno');

  // The countdown runs locally: the same phase shows fewer seconds a moment later.
  await expect(page.getByTestId('keno-countdown')).toBeVisible();
  await expect.poll(async () => (await phase(page)) === 'open' && (await seconds(page)) >= 12, { timeout: 75_000, intervals: [500] }).toBe(true);
  const before = await seconds(page);
  await page.waitForTimeout(2_200);
  expect(await seconds(page)).toBeLessThan(before);
  await expect(page.getByTestId('keno-clock-status')).toContainText(/Issue \d+ is on sale/);
  await expect(page.getByTestId('keno-deadline')).toContainText('Deadline');

  // Canada Keno sells no side bets and no super number: 3 stars at ×3 make the 3-unit minimum.
  await expect(page.getByTestId('side-big')).toHaveCount(0);
  await expect(page.getByTestId('super-toggle')).toHaveCount(0);
  await page.getByRole('radio', { name: '3 stars' }).check();
  const board = page.getByTestId('pick-board');
  for (const n of ['05', '23', '41']) await board.getByRole('button', { name: n, exact: true }).click();
  await expect(board.getByRole('button', { name: '23', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // A fourth number is refused with the catalogue's message.
  await board.getByRole('button', { name: '77', exact: true }).click();
  await expect(page.getByTestId('pick-status')).toHaveText(/exceed the number chosen to play/);
  await expect(board.getByRole('button', { name: '77', exact: true })).toHaveAttribute('aria-pressed', 'false');

  // One unit is under the minimum: the quote says so inline.
  const summary = page.getByTestId('ticket-summary');
  await expect(summary.getByTestId('quote-error')).toContainText('minimum purchase is 3 units');
  await page.getByTestId('multiplier-increase').click();
  await page.getByTestId('multiplier-increase').click();
  await expect(summary.getByTestId('summary-plays')).toContainText('3 stars: 05 · 23 · 41');
  await expect(summary.getByTestId('summary-units')).toHaveText('3');
  await expect(summary.getByTestId('summary-total')).toHaveText('3.00 GP');
  await expect(summary.getByTestId('summary-stake')).toContainText('3');
  await expect(summary.getByTestId('quote-error')).toHaveCount(0);
  await shot(page, 'cab01-ticket-1280');

  // Confirm with a double click: one order, then its live status reaches "purchase successful".
  await expect(page.getByTestId('confirm-order')).toBeEnabled();
  await page.getByTestId('confirm-order').dblclick();
  const status = page.getByTestId('order-status');
  await expect(status).toHaveAttribute('data-status', '2', { timeout: 15_000 });
  await expect(status.getByTestId('order-status-label')).toHaveText('Purchase successful');
  await expect(page.getByTestId('header-balance')).toContainText('497.00');
  const orders = (await (await fetch(`${baseURL}/api/orders?productCode=CAB01`, { headers: { authorization: `Bearer ${token}` } })).json()) as { total: number };
  expect(orders.total).toBe(1);

  // "Reset the order information?" — no: the ticket stays as it was.
  await expect(page.getByTestId('reset-prompt')).toBeVisible();
  await page.getByTestId('reset-no').click();
  await expect(page.getByTestId('reset-prompt')).toHaveCount(0);
  await expect(summary.getByTestId('summary-plays')).toContainText('3 stars: 05 · 23 · 41');
  await shot(page, 'cab01-purchased-1280');

  // The draw comes within a minute; settlement fills in the official result and the prize.
  await expect(status.getByTestId('order-settlement')).toBeVisible({ timeout: 120_000 });
  await expect(status.getByTestId('order-settlement').locator('.result-ball')).toHaveCount(20);
  await expect(status.getByTestId('order-line').first()).toContainText('3 stars');
  await expect(status.getByTestId('order-prize')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'cab01-settled-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, 'cab01-settled-390');
});

test('a member without points is pointed to the deposit page, and an issue that closed meanwhile moves the ticket on; retries reuse the ticket’s key', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const email = `keno-${Date.now()}@example.com`;
  const signup = await fetch(`${baseURL}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'No Points', email, password: 'keno-pass-1', passwordCheck: 'keno-pass-1', promoOptIn: false }),
  });
  const { token, user } = (await signup.json()) as { token: string; user: object };
  await page.addInitScript(([t, u]) => {
    localStorage.setItem('token', t);
    localStorage.setItem('user', u);
    localStorage.setItem('locale', 'en');
  }, [token, JSON.stringify(user)] as const);

  const keys: string[] = [];
  let sendIssue: string | null = null;
  await page.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (!sendIssue) return route.continue();
    const body = { ...(route.request().postDataJSON() as object), issue: sendIssue };
    return route.continue({ postData: JSON.stringify(body) });
  });

  await page.goto('/main/keno/keno24h');
  await expect.poll(async () => (await phase(page)) === 'open' && (await seconds(page)) >= 12, { timeout: 75_000, intervals: [500] }).toBe(true);
  await page.getByRole('radio', { name: '1 star' }).check();
  await page.getByTestId('pick-auto').click();
  await expect(page.getByTestId('pick-board').locator('[aria-pressed="true"]')).toHaveCount(1);
  await page.getByTestId('multiplier-input').fill('3');
  await expect(page.getByTestId('summary-total')).toHaveText('3.00 GP');

  await page.getByTestId('confirm-order').click();
  const problem = page.getByTestId('order-error');
  await expect(problem).toHaveAttribute('data-code', 'insufficient_points');
  await expect(problem.getByRole('link', { name: 'Add points' })).toHaveAttribute('href', '/deposit');

  // The same ticket again, but the server is told an issue whose sales are over.
  const onSale = (await page.getByTestId('keno-clock-status').textContent())!.match(/\d+/)![0];
  sendIssue = String(Number(onSale) - 1);
  await page.getByTestId('confirm-order').click();
  await expect(problem).toHaveAttribute('data-code', 'sales_closed');
  await expect(problem).toContainText(`Sales for issue ${onSale} closed while you were choosing. Your ticket now goes to issue ${onSale}`);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await shot(page, 'cab01-problems-1280');
});

test('BINGO BINGO shows its countdown in Traditional Chinese, with big/small, odd/even and the super number, on a phone too', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'zh-TW', 'light');
  await page.goto('/main/keno');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('賓果賓果');
  await expect(page.getByTestId('keno-countdown')).toBeVisible();
  await expect(page.getByTestId('keno-countdown')).toHaveAttribute('data-seconds', /^\d+$/);
  // Open, closed or (outside 07:05–23:55 Taipei) idle: each names its issue or the non-draw period.
  await expect(page.getByTestId('keno-clock-status')).toContainText(/第 \d+ 期|非開獎時段/);
  await expect(page.getByTestId('side-big')).toContainText('大');
  await expect(page.getByTestId('side-odd')).toContainText('未經證實');

  await page.getByRole('radio', { name: '2 星' }).check();
  await page.getByTestId('pick-auto').click();
  await expect(page.getByTestId('pick-board').locator('[aria-pressed="true"]')).toHaveCount(2);
  await page.getByTestId('side-big').click();
  await page.getByTestId('super-toggle').check();
  await page.getByTestId('super-board').getByRole('button', { name: '07', exact: true }).click();
  await expect(page.getByTestId('summary-units')).toHaveText('3');
  await expect(page.getByTestId('summary-plays')).toContainText('猜大小：大');
  await shot(page, 'twb01-zh-TW-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, 'twb01-zh-TW-390');
});
