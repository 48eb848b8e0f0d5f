import { expect, test, type Page } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { expectNoSidewaysScroll } from './layout-support.ts';
import { signUpMember } from './signup-support.ts';

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
  await adoptSession(page, token);
  await page.addInitScript(
    ([u, l, c]) => {
      localStorage.setItem('user', u);
      localStorage.setItem('locale', l);
      localStorage.setItem('color-scheme', c);
    },
    [JSON.stringify(user), locale, theme] as const,
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
  await expect(page.getByTestId('keno-deadline')).toContainText(/UTC|GMT/);
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

  // One play is one unit: until the member sets a multiplier it is ×3, the 3-unit minimum, and says so.
  const summary = page.getByTestId('ticket-summary');
  await expect(summary.getByTestId('summary-unit-price')).toHaveText('1 unit = 1.00 GP (CA$1 stake) · at least 3 units a ticket');
  await expect(page.getByTestId('multiplier-input')).toHaveValue('3');
  await expect(page.getByTestId('multiplier-auto')).toHaveText('Set to ×3 to reach the 3-unit minimum; change it if you like.');

  // A multiplier the game cannot take is refused as typed (10.5 is not cut to 10), and the error goes once corrected.
  await page.getByTestId('multiplier-input').fill('10.5');
  await expect(page.getByTestId('multiplier-error')).toContainText('“10.5” is not a multiplier this game takes');
  await expect(page.getByTestId('multiplier-input')).toHaveValue('10.5');
  await expect(page.getByTestId('confirm-order')).toBeDisabled();
  // ×1 is one unit, under the minimum: said beside Buy before any quote.
  await page.getByTestId('multiplier-input').fill('1');
  await expect(page.getByTestId('multiplier-error')).toHaveCount(0);
  await expect(summary.getByTestId('summary-below-minimum')).toContainText('minimum purchase is 3 units; this ticket has 1');
  await expect(summary.getByTestId('quote-error')).toHaveCount(0);
  await expect(page.getByTestId('confirm-order')).toBeDisabled();
  await page.getByTestId('multiplier-increase').click();
  await page.getByTestId('multiplier-increase').click();
  await expect(summary.getByTestId('summary-plays')).toContainText('3 stars: 05 · 23 · 41');
  await expect(summary.getByTestId('summary-units')).toHaveText('3');

  // GP next to the local currency, with the rate used: the price includes the fee, prizes convert at the market rate.
  await expect(summary.getByTestId('summary-total')).toHaveText('3.00 GP');
  await expect(summary.getByTestId('summary-stake')).toHaveText('CA$3 ≈ 3.00 GP');
  await expect(summary.getByTestId('summary-price-rate')).toHaveText('1 GP = CA$1, service fee included');
  await expect(summary.getByTestId('summary-max-prize')).toHaveText(/^CA\$[\d,]+ ≈ [\d,]+\.\d\d GP$/);
  await expect(summary.getByTestId('summary-prize-rate')).toHaveText('1 GP = CA$1.37 at the market rate');
  await expect(summary).toContainText('The price includes the service fee; prizes convert to GP at the market rate.');
  await expect(summary.getByTestId('quote-error')).toHaveCount(0);
  await shot(page, 'cab01-ticket-1280');

  // Buy opens the confirm step: the GP total and the balance after. Confirming with a double click buys once.
  await expect(page.getByTestId('confirm-order')).toBeEnabled();
  await page.getByTestId('confirm-order').click();
  const step = page.getByTestId('confirm-step');
  await expect(step.getByTestId('confirm-total')).toHaveText('3.00 GP');
  await expect(step.getByTestId('balance-after')).toHaveText('497.00 GP');
  await shot(page, 'cab01-confirm-1280');
  await step.getByTestId('confirm-spend').dblclick();
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

  // The settled order in the list: what it won in GP, and its details in GP next to Canadian dollars with each rate.
  const placed = (await (await fetch(`${baseURL}/api/orders?productCode=CAB01`, { headers: { authorization: `Bearer ${token}` } })).json()) as { items: { id: string; prize: number }[] };
  const settled = placed.items[0]!;
  await page.goto('/orders?productCode=CAB01');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${settled.id}"]`);
  await expect(row.getByTestId('order-status')).toHaveText(settled.prize > 0 ? `Settled — won ${(settled.prize / 100).toFixed(2)} GP` : 'Settled — no win');
  await expect(row.getByTestId('order-points')).toHaveText('3.00 GP');
  await expect(row.locator('.order-row__special')).toHaveText('—'); // Canada Keno has no super number
  await expect(row.getByTestId('order-official-result')).not.toContainText('Super');
  await row.getByTestId('order-toggle').click();
  const details = page.getByTestId('order-details');
  await expect(details.getByTestId('order-paid')).toHaveText('CA$3 ≈ 3.00 GP');
  await expect(details).toContainText('1 GP = CA$1, service fee included');
  if (settled.prize > 0) {
    await expect(details.getByTestId('order-won')).toHaveText(/^CA\$[\d,.]+ ≈ [\d,]+\.\d\d GP$/);
    await expect(details).toContainText('1 GP = CA$1.37 at the market rate');
  } else {
    await expect(details).toContainText('No win');
  }
  await shot(page, 'cab01-order-details-1280');

  // The wallet's history says what each line was.
  await page.goto('/wallet');
  // Exactly the order's line ("Prize — Order 6 — Canada Keno", when it won, is a line of its own).
  await expect(page.getByTestId('ledger-line').filter({ hasText: new RegExp(`^Order ${settled.id} — Canada Keno$`) })).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'cab01-wallet-390');
});

test('a new member with trial points but no real ones is shown the top-up before asking the server, plays on trial points instead, and a retry after an issue closed reuses the ticket’s key', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const email = `keno-${Date.now()}@example.com`;
  const { token, user } = await signUpMember(baseURL!, { name: 'No Points', email, password: 'keno-pass-2026', passwordCheck: 'keno-pass-2026', promoOptIn: false });
  // This member turned the confirm step off in the wallet's settings: Buy spends at once.
  await adoptSession(page, token);
  await page.addInitScript(([u]) => {
    localStorage.setItem('user', u);
    localStorage.setItem('locale', 'en');
    localStorage.setItem('confirm-purchases', 'off');
  }, [JSON.stringify(user)] as const);

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

  // With trial points and no real ones, the ticket starts on trial points; played with real points instead…
  const trial = page.getByLabel(/Pay with trial points \(10\.00 GP available\)/);
  await expect(trial).toBeChecked();
  await trial.uncheck();

  // …0.00 real GP: Buy is disabled and the summary says by how much, with the way to top up; nothing was sent.
  const short = page.getByTestId('balance-short');
  await expect(short).toContainText('Your balance of 0.00 GP is 3.00 GP short for this order.');
  await expect(short.getByTestId('top-up-link')).toHaveAttribute('href', '/deposit');
  await expect(page.getByTestId('confirm-order')).toBeDisabled();
  expect(keys).toHaveLength(0);
  await shot(page, 'cab01-short-1280');

  // Sign-up granted 10.00 GP in trial points: the same ticket as a trial order can be bought.
  await trial.check();
  await expect(short).toHaveCount(0);
  await expect(page.getByTestId('confirm-order')).toBeEnabled();

  // The server is told an issue whose sales are over: refused, and the ticket moves on.
  const onSale = (await page.getByTestId('keno-clock-status').textContent())!.match(/\d+/)![0];
  sendIssue = String(Number(onSale) - 1);
  await page.getByTestId('confirm-order').click();
  const problem = page.getByTestId('order-error');
  await expect(problem).toHaveAttribute('data-code', 'sales_closed');
  await expect(problem).toContainText(`Sales for issue ${onSale} closed while you were choosing. Your ticket now goes to issue ${onSale}`);

  // Trying the same ticket again reuses its Idempotency-Key, and it is bought as a trial-play order.
  sendIssue = null;
  await page.getByTestId('confirm-order').click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', '8', { timeout: 15_000 });
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  await shot(page, 'cab01-trial-1280');
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
  // BINGO's draw, small odd and small even bets are on sale (spec §3, §9).
  await expect(page.getByTestId('side-draw')).toContainText('和');
  await expect(page.getByTestId('side-smallOdd')).toContainText('小單');
  await expect(page.getByTestId('side-smallEven')).toContainText('小雙');
  // An unconfirmed value shows with an info mark on the purchase screen; the rules page labels it in full.
  await expect(page.getByTestId('side-odd').getByTestId('unconfirmed-mark')).toHaveAttribute('aria-label', '待確認：以官方公告為準。');
  await expect(page.getByTestId('side-odd')).not.toContainText('未經證實');

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
  await expectNoSidewaysScroll(page);
  await shot(page, 'twb01-zh-TW-390');
});

test('on a phone, a sticky bottom bar carries the countdown (mm:ss, red in the last 30 s, deadline with its time zone), units, GP total and Buy', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, baseURL!, 'en');
  await page.goto('/main/keno/keno24h');
  const bar = page.getByTestId('keno-bar');
  await expect(bar).toBeVisible();
  await expect.poll(async () => (await phase(page)) === 'open' && (await seconds(page)) > 31, { timeout: 75_000, intervals: [500] }).toBe(true);

  // Pinned to the bottom of the screen while the page scrolls.
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(844 - 2);
  await page.mouse.wheel(0, 1200);
  await expect.poll(async () => (await bar.boundingBox())!.y).toBeCloseTo(box.y, 0);

  const countdown = bar.getByTestId('keno-bar-countdown');
  await expect(countdown).toHaveText(/^\d\d:\d\d$/);
  await expect(countdown).not.toHaveClass(/urgent/);
  await expect(bar.getByTestId('keno-bar-deadline')).toContainText(/UTC|GMT/);
  await expect(bar.getByTestId('keno-bar-units')).toHaveText('0 units');
  await expect(bar.getByTestId('keno-bar-buy')).toBeDisabled();

  await page.getByRole('radio', { name: '3 stars' }).check({ force: true });
  await page.getByTestId('pick-auto').click();
  await page.getByTestId('multiplier-input').fill('3');
  await expect(bar.getByTestId('keno-bar-units')).toHaveText('3 units');
  await expect(bar.getByTestId('keno-bar-total')).toHaveText('3.00 GP');
  await expectNoSidewaysScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/keno-bar-390.png' });

  // Buy opens the confirm step right above the bar, with the balance after.
  await bar.getByTestId('keno-bar-buy').click();
  await expect(bar.getByTestId('confirm-step')).toBeVisible();
  await expect(bar.getByTestId('balance-after')).toHaveText(/^\d[\d,]*\.\d\d GP$/);
  await page.screenshot({ path: 'test-results/keno-bar-confirm-390.png' });
  await bar.getByTestId('confirm-cancel').click();
  await expect(bar.getByTestId('confirm-step')).toHaveCount(0);

  // The last 30 seconds turn the countdown red.
  await expect.poll(async () => Number(await countdown.getAttribute('data-seconds')), { timeout: 30_000 }).toBeLessThanOrEqual(30);
  await expect(countdown).toHaveClass(/urgent/);
  await page.screenshot({ path: 'test-results/keno-bar-urgent-390.png' });
});
