import { expect, test } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { signUpMember } from './signup-support.ts';

test('a convenience-store barcode deposit shows the barcode and turns paid once it is paid at the counter', async ({ page, baseURL }) => {
  const email = `barcode-${Date.now()}@example.com`;
  const { token, user } = await signUpMember(baseURL!, { name: 'Store Payer', email, password: 'barcode-pass-1', passwordCheck: 'barcode-pass-1', promoOptIn: false });
  await adoptSession(page, token);
  await page.addInitScript(
    ([u]) => {
      localStorage.setItem('locale', 'en');
      localStorage.setItem('user', u);
    },
    [JSON.stringify(user)] as const,
  );

  await page.goto('/deposit');
  await page.getByRole('radio', { name: 'TWD' }).check({ force: true });
  await page.getByTestId('deposit-custom').fill('300');
  // NT$300 at 2/65 GP hundredths per cent, rounded down.
  await expect(page.getByTestId('deposit-points')).toContainText('9.23 GP');
  await page.getByTestId('method-cvs_barcode').click();
  await page.getByTestId('deposit-continue').click();
  await page.getByTestId('payment-continue').click();

  // ECPay's cashier (the sandbox's) issues the barcodes; the member goes back to the shop.
  await expect(page.getByRole('heading', { name: /Pay NT\$300 at a convenience store/ })).toBeVisible();
  const sandbox = new URL(page.url()).origin;
  const merchantTradeNo = await page.locator('input[name="MerchantTradeNo"]').inputValue();
  await page.getByRole('button', { name: 'Return to the shop' }).click();

  await expect(page).toHaveURL(/\/payment-result-h8\?id=\d+/);
  await expect(page.getByTestId('deposit-barcode')).toHaveCount(3);
  await expect(page.getByTestId('deposit-state')).toHaveAttribute('data-state', 'pending');
  await page.screenshot({ path: 'test-results/deposit-barcode-desktop-en.png', fullPage: true });

  // Later, at the store counter: ECPay notifies the site, and the open page turns paid by itself.
  const paid = await fetch(`${sandbox}/__sandbox/ecpay/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ merchantTradeNo }) });
  expect(paid.status).toBe(200);
  await expect(page.getByTestId('deposit-success')).toContainText('9.23 GPoints credited');
  await expect(page.getByTestId('deposit-barcode')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toContainText('9.23');
});
