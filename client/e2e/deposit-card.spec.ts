import { expect, test, type Page } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { signUpMember } from './signup-support.ts';

/** A fresh member, signed in through localStorage (the session keys of spec §3), reading `locale`. */
async function signIn(page: Page, baseURL: string, locale = 'en') {
  const email = `depositor-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { token, user } = await signUpMember(baseURL, { name: 'Depositor', email, password: 'deposit-pass-1', passwordCheck: 'deposit-pass-1', promoOptIn: false });
  await adoptSession(page, token);
  await page.addInitScript(
    ([u, l]) => {
      localStorage.setItem('locale', l);
      localStorage.setItem('user', u);
    },
    [JSON.stringify(user), locale] as const,
  );
}

test('a card deposit with a 3-D Secure challenge lands on the result page and the header balance rises', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.goto('/deposit');
  await expect(page.getByTestId('test-payments-banner')).toBeVisible();
  const balance = page.getByTestId('header-balance');
  await expect(balance).toContainText('0.00');

  await page.getByTestId('deposit-preset').filter({ hasText: '$20' }).click();
  await expect(page.getByTestId('deposit-points')).toContainText('20.00 GP');
  await page.getByTestId('method-card').click();
  await page.getByTestId('deposit-continue').click();

  await expect(page).toHaveURL(/\/payment\?id=\d+/);
  await page.getByTestId('payment-continue').click();

  // Stripe's hosted page (the sandbox's): the card number is typed there, never on our site.
  await expect(page.getByRole('heading', { name: /Pay USD 20.00/ })).toBeVisible();
  await page.getByLabel('Cardholder name').fill('Test Member');
  await page.getByLabel('Card number').fill('4000 0027 6000 3184');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(page).toHaveURL(/\/payment-result-h8\?id=\d+/);
  await expect(page.getByTestId('deposit-success')).toContainText('Payment successful: 20 USD, 20.00 GPoints credited.');
  await expect(page.getByTestId('deposit-state')).toHaveAttribute('data-state', 'paid');
  await expect(balance).toContainText('20.00');
  await page.screenshot({ path: 'test-results/deposit-result-desktop-en.png', fullPage: true });

  await page.goto('/wallet');
  await expect(page.getByTestId('deposit-row').first()).toHaveAttribute('data-state', 'paid');
});

test('deposit screens at phone and desktop width, in English and Traditional Chinese', async ({ page, baseURL }) => {
  for (const locale of ['en', 'zh-TW']) {
    await page.context().clearCookies();
    await signIn(page, baseURL!, locale);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/deposit');
      await expect(page.getByTestId('deposit-form')).toBeVisible();
      await page.getByTestId('deposit-preset').first().click();
      await page.screenshot({ path: `test-results/deposit-${width}-${locale}.png`, fullPage: true });
    }
  }
});
