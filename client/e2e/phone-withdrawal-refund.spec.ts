import { expect, test } from '@playwright/test';
import { openCardCheckout, PHONE } from './phone-support.ts';
import { adoptSession } from './session-support.ts';
import { call } from './staff-support.ts';
import { verifiedMember } from './withdrawal-support.ts';

/**
 * Issue 33, the refund rail on the member's page, on a phone: a member who deposited by card (the
 * Stripe sandbox's hosted page) and played nothing chooses a refund to that payment instead of a bank
 * transfer, sees what comes back (no fee, in the deposit's currency), confirms, and sees it in their
 * list with its rail and state until it is paid with Stripe's refund id. Before the deposit, the page
 * says plainly that nothing can be refunded.
 */
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };

test.use({ ...PHONE, locale: 'en-US' });

test('a member who paid by card and played nothing refunds it to the card on a phone, and sees it paid', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const staff = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const member = await verifiedMember(base, staff, 'Refunder');
  await adoptSession(page, member.token);
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));

  // Nothing deposited yet: no refund is offered, and the page says why.
  await page.goto('/withdrawals');
  await expect(page.getByTestId('withdraw-methods')).toBeVisible();
  await expect(page.getByTestId('method-stripe_refund')).toHaveCount(0);
  await expect(page.getByTestId('method-refund-none')).toHaveText(/No refund to a card is open to you: only deposited points you have not played, paid by card or wallet through Stripe, can go back to that payment\./);

  // A US$10 card deposit on Stripe's hosted page (the sandbox's).
  await openCardCheckout(page);
  await page.getByLabel('Cardholder name').fill('Refund Member');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay' }).tap();
  await expect(page.getByTestId('deposit-state')).toHaveAttribute('data-state', 'paid');

  // The withdrawal page: both rails, each saying what may go, the fee and the currency.
  await page.goto('/withdrawals');
  const bank = page.getByTestId('method-bank_transfer');
  const refund = page.getByTestId('method-stripe_refund');
  await expect(refund).toHaveCount(1);
  await expect(bank).toContainText('Bank transfer of your winnings');
  await expect(bank).toContainText('Up to 0.00 GP now · fee 1.00 GP · paid in TWD');
  await expect(refund).toContainText('Refund to the payment it came from (Credit or debit card)');
  await expect(refund).toContainText(/US\$10 paid on .+: up to 10\.00 GP not yet played · no fee · up to US\$10 back to that payment/);
  // Played nothing, won nothing: the page lands on the refund.
  await expect(refund.getByRole('radio')).toBeChecked();
  const terms = page.getByTestId('withdraw-terms');
  await expect(terms).toHaveAttribute('data-method', 'stripe_refund');
  await expect(terms).toContainText('You may refund');
  await expect(terms).toContainText('No fee');
  await expect(terms).toContainText('US$10 for 10.00 GP');
  // By finger to the bank and back by keyboard (a radio group: the arrow keys move the choice).
  await bank.tap();
  await expect(terms).toHaveAttribute('data-method', 'bank_transfer');
  await expect(page.getByTestId('withdrawable')).toHaveText('0.00 GP');
  await bank.getByRole('radio').press('ArrowDown');
  await expect(refund.getByRole('radio')).toBeChecked();
  await expect(terms).toHaveAttribute('data-method', 'stripe_refund');
  await expect(page.getByTestId('withdrawable')).toHaveText('10.00 GP');

  // More than the deposit gave: said before anything is sent.
  await page.getByTestId('withdraw-amount').fill('11');
  await page.getByTestId('withdraw-amount').press('Enter');
  await expect(page.getByTestId('field-error-amount')).toContainText('These points cannot go back to that payment');
  await page.getByTestId('withdraw-amount').fill('10');
  await page.getByTestId('withdraw-amount').press('Enter');
  const quote = page.getByTestId('withdraw-quote');
  await expect(quote).toHaveText(/10\.00 GP back to the payment it came from \(Credit or debit card\): you receive US\$10, no fee\./);
  const confirm = page.getByTestId('withdraw-confirm');
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toHaveText('Confirm refund');
  await expect(confirm).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('refund-quote-390.png'), fullPage: true });
  await confirm.tap();

  // In the list: its rail and its state; the refund is no longer offered.
  const mine = page.getByTestId('withdrawal').first();
  await expect(mine).toHaveAttribute('data-state', 'requested');
  await expect(mine).toHaveAttribute('data-method', 'stripe_refund');
  await expect(mine.getByTestId('withdrawal-rail')).toHaveText('Refund to the original payment');
  await expect(mine).toContainText('10.00 GP → US$10 back to the payment it came from');
  await expect(page.getByTestId('method-stripe_refund')).toHaveCount(0);
  const id = await mine.getAttribute('data-id');

  // Staff approve it and send the refund (the console's buttons are withdrawals.spec.ts's); Stripe pays it.
  expect((await call(base, 'POST', `/api/admin/withdrawals/${id}/approve`, { token: staff })).body.state).toBe('approved');
  const sent = await call(base, 'POST', `/api/admin/withdrawals/${id}/refund`, { token: staff });
  expect(sent.body.state, JSON.stringify(sent.body)).toBe('paid');

  await page.reload();
  await expect(mine).toHaveAttribute('data-state', 'paid');
  await expect(mine.getByTestId('withdrawal-state')).toHaveText('Paid');
  await expect(mine.getByTestId('withdrawal-reference')).toHaveText(/^Refund reference: re_\w+$/);
  await expect(mine.getByTestId('withdrawal-cancel')).toHaveCount(0);
  // Nothing runs off the side of the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('refund-paid-390.png'), fullPage: true });
});
