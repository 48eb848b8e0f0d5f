import type { AdminDrawRow, AdminDrawsResponse } from '@gp/common';
import { expect, test } from '@playwright/test';
import { call, consoleSignIn, enrolmentLink, newAccount } from './staff-support.ts';

/**
 * Issue 31 items 1 and 2 in the console, on the shared e2e server (Mark Six drawn every 3 minutes
 * with simulated numbers, its pool amounts announced 5 minutes later): staff open /admin/feeds and
 * read each product's state in words and why Korea Speedkeno has no feed; a member's ticket makes a
 * Mark Six draw with sales; once drawn its pool divisions are pending on /admin/draws, and two
 * different staff members enter the amounts — the first waits, the second publishes them.
 */
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };
/** Per HK$10 unit, in HK$ (the form takes the currency's units, as the announcement reads). */
const AMOUNTS = ['9000000', '100000.50', '20000'];

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US' });

test('staff read the feeds, see a drawn draw with its sales and pending pools, and two of them publish its pool amounts', async ({ page, baseURL }) => {
  test.setTimeout(420_000);
  const base = baseURL!;
  const seeded = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const ann = await newAccount(base, 'Annfeeds');
  const ben = await newAccount(base, 'Benfeeds');
  for (const who of [ann, ben]) expect((await call(base, 'POST', `/api/admin/staff/${who.id}/role`, { token: seeded, body: { role: 'operator' } })).status).toBe(204);

  // A member buys a Mark Six line on the open draw: that draw will have sales.
  const member = await newAccount(base, 'Sixbuyer');
  const pins = await call(base, 'POST', '/api/admin/pins', { token: seeded, body: { count: 1, points: 10_000 } });
  expect((await call(base, 'POST', '/api/pins/redeem', { token: member.token, body: { code: pins.body.codes[0] } })).status).toBe(200);
  const placed = await call(base, 'POST', '/api/orders', { token: member.token, key: `six-${Date.now()}`, body: { productCode: 'HKA01', lines: [{ zones: [[3, 13, 23, 33, 43, 49]] }] } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const issue: string = placed.body.order.issue;

  // Ann signs in and reaches Result feeds from the console's navigation with the keyboard.
  await consoleSignIn(page, ann.email, ann.password, undefined, await enrolmentLink(base, seeded, ann.id));
  await page.getByRole('link', { name: 'Result feeds' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/feeds$/);
  await expect(page.getByRole('heading', { name: 'Result feeds', level: 1 })).toBeVisible();
  const markSix = page.locator('[data-testid="feed-product"][data-product="HKA01"]');
  // The state is a word, not a colour (simulated results here: nothing is late, failing or contradicted).
  await expect(markSix.getByTestId('feed-state')).toHaveText('OK');
  await expect(markSix).toContainText('Results are simulated on this platform');
  await expect(page.locator('[data-testid="feed-product"][data-product="KRB01"]').getByTestId('feed-none')).toHaveText(/No feed exists for this product: results are entered by two staff members/);
  await page.screenshot({ path: test.info().outputPath('feeds.png'), fullPage: true });

  // The member's draw is drawn (every 3 minutes here); its pool divisions wait for amounts.
  let row: AdminDrawRow | undefined;
  await expect
    .poll(async () => {
      const items = (await call<AdminDrawsResponse>(base, 'GET', '/api/admin/draws?productCode=HKA01', { token: seeded })).body.items ?? [];
      row = items.find((d) => d.issue === issue && d.status === 'drawn');
      return row ? row.pools.filter((p) => p.amount === null).length : 0;
    }, { timeout: 240_000, intervals: [3_000] })
    .toBe(3);
  const drawId = row!.id;

  await page.getByRole('link', { name: 'Draws', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Draws', level: 1 })).toBeVisible();
  await page.getByLabel('Product').selectOption('HKA01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/productCode=HKA01/);
  const card = page.locator(`[data-testid="draw-row"][data-draw="${drawId}"][data-product="HKA01"]`);
  await expect(card.getByTestId('draw-sales')).toHaveText(/[1-9][\d,.]* GP/);
  await expect(card.getByTestId('draw-orders')).toContainText('1');
  await expect(card.getByTestId('draw-origin')).toHaveText('Simulated');
  await expect(card.getByTestId('draw-pools').locator('[data-pending="true"]')).toHaveCount(3);
  await expect(card.getByTestId('draw-pools')).toContainText('amount pending');
  await expect(card.getByRole('link', { name: 'Purchase sheet' })).toHaveAttribute('href', `/admin/draws/${drawId}/sheet?productCode=HKA01`);
  await expect(card.getByRole('link', { name: "This draw's orders" })).toHaveAttribute('href', `/admin/orders?productCode=HKA01&drawId=${drawId}`);

  /** Types the announcement's amounts into the draw's pool form and records the entry. */
  async function enterAmounts(amounts: string[]) {
    const form = card.getByTestId('figures-form');
    const divisions = form.locator('fieldset');
    await expect(divisions).toHaveCount(3);
    for (let i = 0; i < 3; i++) await divisions.nth(i).getByLabel('Amount per unit (HKD)').fill(amounts[i]!);
    await form.getByRole('button', { name: 'Record my entry' }).click();
  }

  // Ann's entry alone publishes nothing.
  await enterAmounts(AMOUNTS);
  await expect(card.getByTestId('figures-outcome')).toContainText('waiting for a second entry');
  await expect(card.getByTestId('figures-form')).toContainText('Entered by you: waiting for a second person.');
  await expect(card.getByTestId('draw-pools').locator('[data-pending="true"]')).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('draws-first-entry.png'), fullPage: true });
  await page.getByRole('button', { name: 'Sign out' }).click();

  // Ben sees Ann's entry by name, not her figures, and enters the same: published.
  await consoleSignIn(page, ben.email, ben.password, undefined, await enrolmentLink(base, seeded, ben.id));
  await page.goto(`/admin/draws?productCode=HKA01`);
  await expect(card.getByTestId('figures-form')).toContainText('Entered by Annfeeds: waiting for a second person.');
  await expect(card.getByTestId('figure-entries')).toContainText('figures shown once you have entered yours');
  await enterAmounts(AMOUNTS);
  await expect(card.getByTestId('figures-outcome')).toContainText('the figures are published');
  await expect(card.getByTestId('draw-pools').locator('[data-pending="true"]')).toHaveCount(0);
  await expect(card.getByTestId('draw-pools')).toContainText('9,000,000.00 HKD');
  await expect(card.getByTestId('draw-pools')).toContainText('100,000.50 HKD');
  await expect(card.getByTestId('figures-form')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('draws-published.png'), fullPage: true });

  // The API agrees: amounts on record in the currency's minor units.
  const after = (await call<AdminDrawsResponse>(base, 'GET', '/api/admin/draws?productCode=HKA01', { token: seeded })).body.items.find((d) => d.id === drawId && d.productCode === 'HKA01')!;
  expect(after.pools.map((p) => p.amount)).toEqual([900_000_000, 10_000_050, 2_000_000]);
});
