import { expect, test, type Page } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { signUpMember } from './signup-support.ts';

/**
 * The draw lotteries end to end (issue 12), on the real server: the test server runs Mark Six
 * every 3 minutes, sales closing 1 minute before, with simulated results (DRAW_RULE_OVERRIDES in
 * scripts/e2e-server.mjs), so one test buys a ticket for three draws and sees the first one drawn.
 */

async function post<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A member of its own (the demo member's balance belongs to the other specs), with 100 GP from a
 * PIN the operator issues over the API, as the back office would.
 */
async function signIn(page: Page, baseURL: string, locale: string) {
  const email = `lotto-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { token, user } = await signUpMember(baseURL, {
    name: 'Lotto Member',
    email,
    password: 'lotto-pass-2026',
    passwordCheck: 'lotto-pass-2026',
  });
  const operator = await post<{ token: string }>(baseURL, '/api/auth/login', { email: 'operator@example.com', password: 'operator-pass-2026' });
  const { codes } = await post<{ codes: string[] }>(baseURL, '/api/admin/pins', { count: 1, points: 10_000 }, operator.token);
  await post(baseURL, '/api/pins/redeem', { code: codes[0] }, token);
  await adoptSession(page, token);
  await page.addInitScript(
    ([u, l]) => {
      localStorage.setItem('user', u);
      localStorage.setItem('locale', l);
    },
    [JSON.stringify(user), locale] as const,
  );
  return token;
}

/** A full-page screenshot from the top, without the PWA's "ready offline" note over the page. */
async function shot(page: Page, name: string) {
  const prompt = page.getByTestId('reload-prompt');
  if (await prompt.isVisible()) await prompt.getByRole('button').last().click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/draw-${name}.png`, fullPage: true });
}

/**
 * Waits until the Mark Six draw on sale has at least `seconds` of sales left, so building the
 * ticket never straddles a cut-off (a demo draw every 3 minutes sells for 2).
 */
async function drawOnSaleFor(baseURL: string, seconds: number) {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseURL}/api/draw-products/HKA01`);
        const { nextDraw } = (await res.json()) as { nextDraw: { salesCloseAt: string } | null };
        return nextDraw !== null && Date.parse(nextDraw.salesCloseAt) - Date.now() > seconds * 1000;
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toBe(true);
}

const ball = (page: Page, n: number) => page.getByTestId('zone-0-0').locator(`button[data-number="${n}"]`);

test('a member builds a Mark Six banker ticket, sees the expansion and price, buys it for 3 draws and later sees the result with their lines highlighted', async ({ page, baseURL }) => {
  test.setTimeout(480_000);
  await signIn(page, baseURL!, 'en');
  await drawOnSaleFor(baseURL!, 60);

  // The home page leads to the lottery; the header has a way there too.
  await page.goto('/');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Lotteries' }).first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('buy-HKA01').click();
  await expect(page).toHaveURL(/\/main\/lotto\/HKA01$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Mark Six');
  await expect(page.getByTestId('next-draw-issue')).toHaveText(/^\d{2}\/\d{3,}$/);
  // The time left to buy counts down (here a demo draw every 3 minutes: under two minutes left).
  const left = Number(await page.getByTestId('draw-countdown').getAttribute('data-seconds'));
  expect(left).toBeGreaterThan(0);
  await expect.poll(async () => Number(await page.getByTestId('draw-countdown').getAttribute('data-seconds'))).toBeLessThan(left);

  // Banker entry: bankers 01 and 02, legs 10–14.
  await page.getByTestId('mode-banker').check();
  await page.getByTestId('tap-target-bankers').check();
  for (const n of [1, 2]) await ball(page, n).click();
  await expect(ball(page, 1)).toHaveAttribute('aria-label', /banker/);
  await page.getByTestId('tap-target-numbers').check();
  for (const n of [10, 11, 12, 13]) await ball(page, n).click();
  await expect(page.getByTestId('line-status-0')).toContainText('Pick 1 more number');
  await expect(page.getByTestId('draw-checkout')).toBeDisabled();
  await ball(page, 14).click();

  // The expansion before paying: C(5, 4) = 5 lines; if every picked number is drawn, one line
  // takes the 1st division and four the 2nd (five numbers plus the extra number).
  const expansion = page.getByTestId('expansion');
  await expect(expansion).toContainText('Expands to 5 lines');
  await expect(page.getByTestId('expansion-division-1').getByTestId('expansion-lines')).toHaveText('1');
  await expect(page.getByTestId('expansion-division-2').getByTestId('expansion-lines')).toHaveText('4');
  await expect(page.getByTestId('summary-lines')).toHaveText('5');
  await expect(page.getByTestId('summary-line-price')).toHaveText('HK$11 ≈ 1.41 GP');

  // Three consecutive draws: the total is three times the per-draw price, in GP.
  await page.getByTestId('draws-3').check();
  await expect(page.getByTestId('summary-draws')).toHaveText('× 3');
  // A reload keeps the ticket being filled in.
  await page.reload();
  await expect(page.getByTestId('summary-lines')).toHaveText('5');
  await expect(page.getByTestId('summary-draws')).toHaveText('× 3');
  const total = (await page.getByTestId('summary-total').textContent())!;
  expect(total).toMatch(/^[\d,]+\.\d{2} GP$/);
  await shot(page, 'ticket');

  // The checkout: the server prices the same ticket the screen did, for three named draws.
  await page.getByTestId('draw-checkout').click();
  await expect(page).toHaveURL(/\/payment-lotto-combination\?product=HKA01/);
  await expect(page.getByTestId('checkout-lines')).toHaveText('5');
  await expect(page.getByTestId('checkout-draws').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('checkout-total')).toHaveText(total);
  await expect(page.getByTestId('checkout-balance-after')).toHaveText(/GP$/);
  const firstIssue = (await page.getByTestId('checkout-draws').locator('li').first().locator('strong').textContent())!;
  await shot(page, 'checkout');

  // Confirm (twice, quickly: still one purchase): one order per draw, each bought with the lottery.
  await page.getByTestId('checkout-confirm').dblclick();
  await expect(page).toHaveURL(/\/payment-result-lotto-combination\?product=HKA01&orders=/);
  const bought = page.getByTestId('bought-order');
  await expect(bought).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(bought.nth(i)).toHaveAttribute('data-status', '2', { timeout: 30_000 });
  await expect(bought.first().getByTestId('draw-issue')).toHaveText(firstIssue);
  await page.getByTestId('reset-no').click();
  await shot(page, 'bought');

  // The orders list shows the draw product's columns, the system lines folded under the order.
  await page.getByTestId('result-orders-link').click();
  const row = page.getByTestId('order-row').filter({ has: page.getByTestId('draw-issue').getByText(firstIssue, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('draw-state')).toHaveAttribute('data-state', 'open');
  await row.getByTestId('draw-order-lines').locator('summary').click();
  await expect(row.getByTestId('draw-order-line')).toHaveCount(5);

  // Later: the first draw is drawn (simulated) and its result page highlights the member's lines.
  await page.goto('/roadmap/HKA01');
  const drawn = page.locator(`[data-testid="draw-result"][data-issue="${firstIssue}"]`);
  await expect
    .poll(
      async () => {
        if ((await drawn.count()) === 0) await page.reload();
        return drawn.count();
      },
      { timeout: 300_000, intervals: [5_000] },
    )
    .toBe(1);
  await expect(drawn).toHaveAttribute('data-mine', 'true');
  const mine = drawn.getByTestId('my-line');
  await expect(mine).toHaveCount(1);
  // Every number of the member's entry that the draw holds is marked; none that it does not.
  const result = await drawn.getByTestId('result-balls').locator('.balls').first().locator('li').allTextContents();
  const expected = ['01', '02', '10', '11', '12', '13', '14'].filter((n) => result.includes(n));
  await expect(mine.locator('li[data-hit]')).toHaveCount(expected.length);
  await shot(page, 'results');
});
