import { expect, test, type Page } from '@playwright/test';
import { inLocale, operatorPin, PHONE, phoneShot, signUpOnPhone } from './phone-support.ts';

/**
 * Issue 34, prices and times on a phone: a draw-lottery line is quoted at what the ledger takes,
 * to the hundredth, and a draw's time names its zone the same way on the checkout and on the
 * result page a moment later.
 */

test.use({ ...PHONE, timezoneId: 'Asia/Taipei' });

/** A new member with 100.00 GP from a PIN card redeemed in the wallet. */
async function fundedMember(page: Page, baseURL: string) {
  await page.goto('/auth?mode=signup');
  await signUpOnPhone(page);
  await page.goto('/wallet');
  await page.getByTestId('pin-input').fill(await operatorPin(baseURL, 10_000));
  await page.getByTestId('pin-form').getByRole('button').tap();
  await expect(page.getByTestId('header-balance')).toHaveText('100.00 GP');
}

/** The zone a formatted time ends with ("EST", "GMT+8"), or null. */
const zoneOf = (text: string) => /\b(E[SD]T|GMT[+-]\d+(?::\d\d)?|UTC|HKT)\s*$/.exec(text.trim())?.[1] ?? null;

test('Mark Six quotes one line at HK$11 ≈ 1.41 GP, its stake and fee, not the 1.28 GP of the stake alone', async ({ page }, info) => {
  await inLocale(page, 'en');
  await page.goto('/auth?mode=signup');
  await signUpOnPhone(page);
  await page.goto('/main/lotto/HKA01');
  await page.getByTestId('quick-pick-0').tap();
  await expect(page.getByTestId('summary-line-price')).toHaveText('HK$11 ≈ 1.41 GP');
  await expect(page.getByTestId('summary-line-parts')).toHaveText('HK$10 stake + HK$1 service fee');
  await expect(page.getByTestId('summary-total')).toHaveText('1.41 GP');
  await expect(page.getByTestId('draw-summary')).not.toContainText('service fee included');
  // Its 1st–3rd divisions are shared pools: the most it can win in fixed prizes is the 4th, HK$9,600 — not HK$0.
  await expect(page.getByTestId('summary-max-prize')).toHaveText(/^HK\$9,600 ≈ [\d,]+\.\d\d GP$/);
  await expect(page.getByTestId('summary-max-prize-pools')).toHaveText('The top 3 divisions are shared pools: each draw sets the amount.');
  await page.getByTestId('draw-summary').scrollIntoViewIfNeeded();
  await phoneShot(page, info, 'mark-six-line-price');
});

test('Powerball: the line price quoted is what the checkout charges and the ledger takes, and the draw time names its zone on the checkout and the result page alike', async ({ page, baseURL }, info) => {
  test.setTimeout(120_000);
  await inLocale(page, 'en');
  await fundedMember(page, baseURL!);
  await page.goto('/main/lotto/USA01');
  await page.getByTestId('quick-pick-0').tap();
  const quoted = (await page.getByTestId('summary-line-price').textContent())!;
  const linePoints = /≈ ([\d,]+\.\d\d) GP$/.exec(quoted)?.[1];
  expect(linePoints, quoted).toBeTruthy();
  await expect(page.getByTestId('summary-total')).toHaveText(`${linePoints} GP`);
  await expect(page.getByTestId('draw-bar-total')).toHaveText(`${linePoints} GP`);

  await page.getByTestId('draw-bar-buy').tap();
  await expect(page).toHaveURL(/\/payment-lotto-combination\?product=USA01/);
  await expect(page.getByTestId('checkout-total')).toHaveText(`${linePoints} GP`);
  // Powerball's jackpot is its pool: the most a line can win in fixed prizes is Match 5.
  await expect(page.getByTestId('checkout-max-prize')).toHaveText(/^US\$1,000,000 ≈ [\d,]+\.\d\d GP$/);
  await expect(page.getByTestId('checkout-max-prize-pools')).toHaveText('The top division is a shared pool: each draw sets the amount.');
  const checkoutTime = (await page.getByTestId('checkout-draw-time').first().textContent())!;
  const zone = zoneOf(checkoutTime);
  expect(zone, checkoutTime).toMatch(/^E[SD]T$/);
  await phoneShot(page, info, 'powerball-checkout');

  await page.getByTestId('draw-bar-buy').tap();
  await expect(page).toHaveURL(/\/payment-result-lotto-combination\?product=USA01&orders=/);
  const bought = page.getByTestId('bought-order').first();
  await expect(bought.getByTestId('bought-draw-time')).toBeVisible();
  // Bought: spec §8's "Order processed successfully."
  await expect(bought.getByTestId('order-processed')).toHaveText('Order processed successfully.', { timeout: 15_000 });
  // A moment later, the same draw at the same time in the same zone.
  expect(zoneOf((await bought.getByTestId('bought-draw-time').textContent())!)).toBe(zone);
  await phoneShot(page, info, 'powerball-bought');

  // The ledger took exactly the quoted price.
  await page.goto('/wallet');
  await expect(page.getByTestId('ledger-amount').first()).toHaveText(`-${linePoints} GP`);
  await expect(page.getByTestId('header-balance')).toHaveText(`${(100 - Number(linePoints)).toFixed(2)} GP`);
  // Every time on the wallet names its zone (the reader's, here Taipei's).
  for (const time of await page.locator('[data-testid=ledger-table] time').allTextContents()) expect(zoneOf(time), time).toBe('GMT+8');
});
