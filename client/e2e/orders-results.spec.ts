import { expect, test, type Page } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { expectNoSidewaysScroll } from './layout-support.ts';
import { signUpMember } from './signup-support.ts';

interface Session {
  token: string;
  user: object;
}
interface Clock {
  productCode: string;
  phase: 'open' | 'closed' | 'idle';
  issue: string | null;
  salesCloseAt: string | null;
  nextSalesOpenAt: string | null;
}
interface PlacedOrder {
  id: string;
  productCode: string;
  issue: string;
  status: number;
  pointsSpent: number;
}

async function call<T>(baseURL: string, method: string, path: string, options: { body?: unknown; token?: string; key?: string } = {}) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A keno product on sale right now with enough time before its cut-off: BINGO BINGO during its
 * draw hours (07:05–23:55 Taipei), else Canada Keno, which runs around the clock. Between a
 * cut-off and the next opening (about a minute) it waits.
 */
async function openIssue(baseURL: string): Promise<Clock & { issue: string }> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    for (const code of ['TWB01', 'CAB01']) {
      const { body: clock } = await call<Clock>(baseURL, 'GET', `/api/keno/${code}/clock`);
      const left = clock.salesCloseAt ? Date.parse(clock.salesCloseAt) - Date.now() : 0;
      if (clock.phase === 'open' && clock.issue && left > 8_000) return clock as Clock & { issue: string };
    }
    await sleep(2_000);
  }
  throw new Error('no keno issue opened for sale within 90 s');
}

// Three units either way (the minimum): Canada Keno sells no big/small or odd/even, so it gets two more picks.
const playsFor = (code: string) =>
  code === 'TWB01'
    ? [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }, { type: 'bigSmall', pick: 'big' }, { type: 'oddEven', pick: 'odd' }]
    : [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }, { type: 'pick', stars: 2, numbers: [4, 5] }, { type: 'pick', stars: 1, numbers: [6] }];

async function placeOrder(baseURL: string, token: string, trial: boolean): Promise<PlacedOrder> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const clock = await openIssue(baseURL);
    const res = await call<{ order: PlacedOrder; error?: { code: string } }>(baseURL, 'POST', '/api/orders', {
      token,
      key: `e2e-orders-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      body: {
        productCode: clock.productCode,
        issue: clock.issue,
        trial,
        multiplier: 1,
        plays: playsFor(clock.productCode),
      },
    });
    if (res.status === 201) return res.body.order;
    // The cut-off passed between reading the clock and ordering: the next issue will do.
    if (res.body.error?.code !== 'sales_closed') throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  }
  throw new Error('sales kept closing before the order arrived');
}

async function signIn(page: Page, session: Session) {
  await adoptSession(page, session.token);
  await page.addInitScript(([u]) => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem('user', u);
  }, [JSON.stringify(session.user)] as const);
}

test('a member sees both keno orders in the list, filters them by status and opens one’s history', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const session = (await call<Session>(baseURL!, 'POST', '/api/auth/login', { body: { email: 'demo@example.com', password: 'demo-pass-2026' } })).body;
  const real = await placeOrder(baseURL!, session.token, false);
  const trial = await placeOrder(baseURL!, session.token, true);

  await signIn(page, session);
  await page.goto('/orders');
  const realRow = page.locator(`[data-testid="order-row"][data-order-id="${real.id}"]`);
  const trialRow = page.locator(`[data-testid="order-row"][data-order-id="${trial.id}"]`);
  await expect(realRow).toBeVisible();
  await expect(trialRow).toBeVisible();
  await expect(realRow).toContainText(real.issue);
  await expect(realRow.locator('.order-row__numbers')).toContainText('01');
  if (real.productCode === 'TWB01') await expect(realRow.locator('.order-row__numbers')).toContainText('Big');
  else await expect(realRow.locator('.order-row__playType')).toContainText('2 stars');
  await expect(realRow.locator('.order-row__playType')).toContainText('3 stars');
  await expect(realRow.locator('.order-row__points')).toContainText(`${(real.pointsSpent / 100).toFixed(2)} GP`);
  await expect(realRow.getByTestId('order-status')).toHaveText(/Pending confirmation|Purchase processing|Purchase successful|Settled — /);
  await expect(trialRow.getByTestId('order-status')).toHaveText(/Trial order|Settled — /);
  // GP spent with the stake it bought in the local currency.
  await expect(realRow.locator('.order-row__points')).toContainText(real.productCode === 'TWB01' ? 'NT$' : 'CA$');
  await page.screenshot({ path: 'test-results/orders-desktop.png', fullPage: true });

  // Status filter: only trial-play orders; the address keeps the filter, so the view is linkable.
  await page.getByTestId('filter-status').selectOption('8');
  await expect(page).toHaveURL(/status=8/);
  await expect(trialRow).toBeVisible();
  await expect(realRow).toHaveCount(0);
  await page.getByTestId('filter-status').selectOption('');
  await expect(realRow).toBeVisible();

  // The real order's details: its history starts with "Placed → Pending confirmation".
  await realRow.getByTestId('order-toggle').click();
  await expect(realRow.getByTestId('order-toggle')).toHaveAttribute('aria-expanded', 'true');
  const history = page.getByTestId('order-history');
  await expect(history).toContainText('Placed → Pending confirmation');
  await expect(history).toContainText(/Pending confirmation → Purchase processing/);
  await page.screenshot({ path: 'test-results/orders-details.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(realRow).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/orders-phone.png', fullPage: true });
});

test('a member with no orders is pointed to the keno screen', async ({ page, baseURL }) => {
  const email = `no-orders-${Date.now()}@example.com`;
  const session = await signUpMember<Session>(baseURL!, { name: 'Newcomer', email, password: 'newcomer-pass-1', passwordCheck: 'newcomer-pass-1', promoOptIn: false });
  await signIn(page, session);
  await page.goto('/orders?status=2');
  await expect(page.getByTestId('orders-empty')).toContainText('No orders match these filters.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId('orders-empty').getByRole('link', { name: 'Play keno' })).toHaveAttribute('href', '/main/keno');
});

test('anyone can read the results and roadmap, and switch product', async ({ page, baseURL }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto('/roadmap');
  const switcher = page.getByTestId('product-switcher');
  await expect(switcher.getByRole('link', { name: 'BINGO BINGO' })).toHaveAttribute('aria-current', 'page');

  const { body } = await call<{ total: number }>(baseURL!, 'GET', '/api/results/TWB01');
  if (body.total > 0) {
    await expect(page.getByTestId('results-table')).toBeVisible();
    await expect(page.getByTestId('road-big-small')).toBeVisible();
  } else {
    await expect(page.getByTestId('results-empty')).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/orders-roadmap-desktop.png', fullPage: true });

  await switcher.getByRole('link', { name: 'Speed Keno' }).click();
  await expect(page).toHaveURL(/product=KRB01/);
  await expect(switcher.getByRole('link', { name: 'Speed Keno' })).toHaveAttribute('aria-current', 'page');
  // Speed Keno has no big/small or odd/even: no column and no road for them.
  await expect(page.getByRole('columnheader', { name: 'Big/Small' })).toHaveCount(0);
  await expect(page.getByTestId('road-big-small')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/roadmap?product=CAB01');
  await expect(switcher.getByRole('link', { name: 'Canada Keno' })).toHaveAttribute('aria-current', 'page');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/orders-roadmap-phone.png', fullPage: true });
});

test('the rules page shows the prize table and labels Canada Keno’s unconfirmed facts', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto('/main/keno/rules?product=TWB01');
  const table = page.getByTestId('prize-table');
  await expect(table).toBeVisible();
  // 10 stars, all 10 matched: NT$25 × 200,000.
  await expect(table.getByRole('row', { name: /^10 stars/ })).toContainText('5,000,000');
  await expect(table).toContainText('Amounts in TWD');
  await expect(page.getByTestId('side-bets')).toContainText('NT$150 ≈ 4.61 GP');
  // Every prize with its GP value at the market rate, and the two rates named.
  await expect(table.locator('caption')).toContainText('1 GP = NT$32.50 at the market rate');
  await expect(table.getByRole('row', { name: /^10 stars/ })).toContainText('153,846.15 GP');
  await expect(page.getByTestId('rules-unit-price')).toContainText('1.00 GP 1 GP = NT$25, service fee included');
  await expect(page.getByTestId('rules-prize-rate')).toContainText('1 GP = NT$32.50 at the market rate');
  // BINGO's small odd, small even and draw bets are on sale.
  await expect(page.getByTestId('side-bets')).toContainText('Small odd');
  await expect(page.getByTestId('side-bets').locator('.side-table__unsold')).toHaveCount(0);
  await expect(page.getByTestId('caps')).toContainText('NT$100,000,000');
  await expect(page.getByTestId('rules-play')).toHaveAttribute('href', '/main/keno');
  await page.screenshot({ path: 'test-results/orders-rules-desktop.png', fullPage: true });

  await page.getByTestId('product-switcher').getByRole('link', { name: 'Canada Keno' }).click();
  await expect(page).toHaveURL(/product=CAB01/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Canada Keno: rules and prize tables');
  const labels = page.getByTestId('confidence-label');
  await expect(labels.first()).toContainText('To be confirmed');
  expect(await labels.count()).toBeGreaterThan(3);
  await expect(page.getByTestId('caps')).toContainText('CA$100,000');
  await expect(page.getByTestId('caps')).toContainText('CA$200,000');
  await expect(page.getByTestId('rules-play')).toHaveAttribute('href', '/main/keno/keno24h');

  // The label opens onto what it means, in words a member reads (the English source note stays off the page).
  await page.getByTestId('caps').getByTestId('confidence-label').locator('summary').click();
  await expect(page.getByTestId('caps').getByTestId('confidence-label')).toContainText('The lottery’s official announcement prevails.');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/orders-rules-phone.png', fullPage: true });
});
