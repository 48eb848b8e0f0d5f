import { expect, test } from '@playwright/test';
import { call, consoleSignIn, enrolmentLink, newAccount } from './staff-support.ts';

/**
 * The console's order search and reports (issue 31 items 4 and 5) on the shared e2e server: an
 * operator opens a search straight from its address (the filters are the link), opens an order's
 * page with the keyboard and reads its timeline, then reads the day's report (a chart per figure)
 * and the reconciliation, and downloads the CSV.
 */
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };

test.use({ locale: 'en-US' });

/** Today in the server's report time zone (REPORT_TIME_ZONE, Asia/Taipei by default). */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test('an operator finds an order from a link, reads its timeline, and reads the day’s report and reconciliation', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const seeded = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const oscar = await newAccount(base, 'Oscar');
  expect((await call(base, 'POST', `/api/admin/staff/${oscar.id}/role`, { token: seeded, body: { role: 'operator' } })).status).toBe(204);

  // A member buys a Mark Six line with points from a PIN.
  const mia = await newAccount(base, 'Mia');
  const pins = await call(base, 'POST', '/api/admin/pins', { token: seeded, body: { count: 1, points: 5_000 } });
  expect((await call(base, 'POST', '/api/pins/redeem', { token: mia.token, body: { code: pins.body.codes[0] } })).status).toBe(200);
  const placed = await call(base, 'POST', '/api/orders', { token: mia.token, key: `orders-e2e-${Date.now()}`, body: { productCode: 'HKA01', lines: [{ zones: [[3, 9, 17, 25, 33, 41]] }] } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.order as { id: string; pointsSpent: number };

  await consoleSignIn(page, oscar.email, oscar.password, undefined, await enrolmentLink(base, seeded, oscar.id));

  // The search is a link: its filters come from the address and show in the form.
  await page.goto(`/admin/orders?productCode=HKA01&memberId=${mia.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await expect(page.getByLabel('Product')).toHaveValue('HKA01');
  await expect(page.getByLabel('Member id')).toHaveValue(mia.id);
  const results = page.getByTestId('order-results');
  await expect(results.getByRole('row')).toHaveCount(2); // the head and Mia's order
  await expect(results).toContainText('Mia');
  await expect(results).toContainText(`${(order.pointsSpent / 100).toFixed(2)} GP`);
  await page.screenshot({ path: test.info().outputPath('orders-search.png'), fullPage: true });

  // A search typed in the form goes to the address (Back returns to it).
  await page.getByLabel('Order number, member email or name').fill(order.id);
  await page.getByLabel('Order number, member email or name').press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${order.id}`));
  await expect(results.getByRole('row')).toHaveCount(2);

  // The order's page, by keyboard: its timeline holds the member's history and the points it took.
  const link = results.getByRole('link', { name: order.id, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.id}`);
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline.locator('li[data-type="status"]').first()).toContainText('→');
  await expect(timeline.locator('li[data-type="money"]')).toContainText(`-${(order.pointsSpent / 100).toFixed(2)} GP`);
  await page.screenshot({ path: test.info().outputPath('order-timeline.png'), fullPage: true });

  // Reports: today's report has Mark Six in it, a chart per figure, and the reconciliation of the day.
  const site = (await call(base, 'GET', `/api/admin/reports/daily?from=${todayIn('Asia/Taipei')}`, { token: seeded })).body as { timeZone: string };
  const today = todayIn(site.timeZone);
  await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  await page.goto(`/admin/reports?from=${today}&to=${today}&date=${today}`);
  await expect(page.getByTestId('daily-report')).toContainText('HKA01');
  await expect(page.locator('.admin-chart svg[role="img"]')).toHaveCount(6);
  const reconciliation = page.getByTestId('reconciliation');
  await expect(reconciliation.getByRole('row')).toHaveCount(11); // the head and ten checks (three of them withdrawals: held, returned, paid)
  await expect(reconciliation.getByRole('status')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reports.png'), fullPage: true });

  // The CSV download is the console's session (its cookie), GP in two decimals.
  const csvHref = await page.getByRole('link', { name: 'Download CSV' }).last().getAttribute('href');
  expect(csvHref).toContain('format=csv');
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect(await csv.text()).toMatch(new RegExp(`^${today},[^,]+,product,HKA01,HKD,\\d+,,\\d+\\.\\d{2},`, 'm'));
});
