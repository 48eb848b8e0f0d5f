import { expect, test } from '@playwright/test';
import { inLocale, logInOnPhone, operatorPin, PHONE, phoneShot, signUpOverApi } from './phone-support.ts';
import { call } from './staff-support.ts';

/**
 * Issue 34, the phone layout: nothing a member reads is cut off past the screen's edge, a card
 * shows only what applies to its order, and the menu starts with language and theme.
 */

test.use(PHONE);

interface Member {
  email: string;
  password: string;
  token: string;
}

/** A member made over the API (the browser then logs in through the form), with 100.00 GP from a PIN. */
async function apiMember(baseURL: string): Promise<Member> {
  const member = await signUpOverApi(baseURL, 'layout');
  await call(baseURL, 'POST', '/api/pins/redeem', { token: member.token, body: { code: await operatorPin(baseURL, 10_000) } });
  return member;
}

/** A football single on a match with a minute or more to go, at its current price (prices move every second here). */
async function footballOrder(baseURL: string, member: Member) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const events = (await (await fetch(`${baseURL}/api/football/events?status=open`)).json()) as { id: string; salesCloseAt: string; markets: { market: string; status: string; selections: { key: string; odds: string }[] }[] }[];
    const match = events.filter((e) => Date.parse(e.salesCloseAt) - Date.now() >= 60_000)[0]!;
    const had = match.markets.find((m) => m.market === 'HAD' && m.status === 'open')!;
    const res = await fetch(`${baseURL}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}`, 'idempotency-key': `layout-${Date.now()}-${attempt}` },
      body: JSON.stringify({ productCode: 'HKS01', mode: 'single', acceptBetterOdds: true, legs: [{ eventId: match.id, market: 'HAD', selection: 'H', odds: had.selections.find((s) => s.key === 'H')!.odds }], unitStake: { amount: 3_000, currency: 'HKD' } }),
    });
    if (res.status === 201) return;
  }
  throw new Error('no football order could be placed');
}

test('the wallet’s points history reads as cards on a phone: every column on screen, none past the edge', async ({ page, baseURL }, info) => {
  const member = await apiMember(baseURL!);
  await inLocale(page, 'zh-TW');
  await logInOnPhone(page, member);
  await page.goto('/wallet#history');
  const table = page.getByTestId('ledger-table');
  await expect(table.locator('tbody tr')).toHaveCount(2); // the sign-up's trial points and the PIN
  const row = table.locator('tbody tr').first();
  await row.scrollIntoViewIfNeeded();
  // Each of the five columns is on screen with its heading, inside the 390 px.
  for (const label of ['日期', '內容', '帳戶', '金額', '異動後餘額']) {
    const cell = row.locator(`td[data-label="${label}"]`);
    await expect(cell, label).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, label).toBeLessThanOrEqual(390);
  }
  await expect(row.locator('td[data-label="金額"]')).toHaveText('+100.00 GP');
  const region = table.locator('xpath=..');
  // It does not scroll sideways, so it is no tab stop either.
  await expect(region).not.toHaveAttribute('tabindex', '0');
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await phoneShot(page, info, 'wallet-history-cards');
});

test('a football order’s card has no special-number or multiplier line; the phone menu starts with language and theme', async ({ page, baseURL }, info) => {
  const member = await apiMember(baseURL!);
  await footballOrder(baseURL!, member);
  await inLocale(page, 'zh-TW');
  await logInOnPhone(page, member);
  await page.goto('/orders');
  const card = page.getByTestId('order-row').first();
  await expect(card).toContainText('香港足球投注');
  await expect(card.locator('.order-row__special')).toBeHidden();
  await expect(card.locator('.order-row__multiplier')).toBeHidden();
  await expect(card).not.toContainText('特別號');
  await phoneShot(page, info, 'football-order-card');

  // The menu: language and theme are the first things on it, above the fold.
  await page.getByTestId('menu-button').tap();
  await expect(page).toHaveURL(/\/navbar$/);
  for (const control of [page.getByTestId('navbar-settings').getByTestId('locale-select'), page.getByTestId('navbar-settings').getByTestId('theme-select')]) {
    const box = (await control.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  }
  const settings = (await page.getByTestId('navbar-settings').boundingBox())!;
  const links = (await page.getByTestId('navbar-links').boundingBox())!;
  expect(settings.y).toBeLessThan(links.y);
  await phoneShot(page, info, 'phone-menu');
});
