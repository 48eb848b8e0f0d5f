import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { call, consoleSignIn, enrolmentLink, newAccount } from './staff-support.ts';

/**
 * Issue 13 in the console, on the shared e2e server (football results entered by hand): two staff
 * members enter the same match result on their own — the first sees "waiting for a second entry",
 * a wrong second entry shows both entries as a mismatch, the corrected one publishes it. Then a
 * supervisor issues a PIN batch, downloads its CSV once (the button is gone after), a member
 * redeems one code, and the supervisor voids the rest.
 */
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US' });

/** Desktop and phone, English (as the screen stands, messages and all) and Traditional Chinese (reloaded). */
async function shots(page: Page, name: string) {
  for (const locale of ['en', 'zh-TW']) {
    if (locale !== 'en') {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${locale}-${width}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Fills the played-match form from the keyboard: the status select has the focus, Tab walks the fields, Enter submits. */
async function enterScore(page: Page, score: { ht: [number, number]; ft: [number, number]; corners: number }) {
  await expect(page.getByLabel('Match status')).toBeFocused();
  for (const value of [...score.ht, ...score.ft, score.corners]) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(String(value));
  }
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // first team to score: Home
  await page.getByLabel('Full-time home').press('Enter');
}

test('two staff enter the same football result → published; a mismatch shows both entries', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const seeded = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const ann = await newAccount(base, 'Ann');
  const ben = await newAccount(base, 'Ben');
  expect((await call(base, 'POST', `/api/admin/staff/${ann.id}/role`, { token: seeded, body: { role: 'operator' } })).status).toBe(204);
  expect((await call(base, 'POST', `/api/admin/staff/${ben.id}/role`, { token: seeded, body: { role: 'operator' } })).status).toBe(204);

  // A match that has kicked off and waits for its result (a simulated match kicks off every 15 s here).
  let target = '';
  await expect
    .poll(async () => {
      const items = (await call<{ items: Array<{ targetType: string; targetId: string; entries: number }> }>(base, 'GET', '/api/admin/results', { token: seeded })).body.items ?? [];
      target = items.find((i) => i.targetType === 'football_event' && i.entries === 0)?.targetId ?? '';
      return target;
    }, { timeout: 90_000, intervals: [2_000] })
    .not.toBe('');

  await consoleSignIn(page, ann.email, ann.password, undefined, await enrolmentLink(base, seeded, ann.id));
  await page.getByRole('link', { name: 'Results' }).click();
  const row = page.locator(`[data-testid="result-row"][data-target="football_event:${target}"]`);
  await row.getByRole('button', { name: /^Enter the result of/ }).focus();
  await page.keyboard.press('Enter');
  await enterScore(page, { ht: [1, 0], ft: [2, 1], corners: 9 });
  await expect(page.getByTestId('result-outcome')).toContainText('waiting for a second entry');
  await expect(row).toContainText('Your entry is in');
  await shots(page, 'results-waiting');
  await page.getByRole('button', { name: 'Sign out' }).click();

  // Ben misreads the sheet: a mismatch, both entries shown — and Ann's list shows it too.
  await consoleSignIn(page, ben.email, ben.password, undefined, await enrolmentLink(base, seeded, ben.id));
  await page.getByRole('link', { name: 'Results' }).click();
  await row.getByRole('button', { name: /^Enter the result of/ }).focus();
  await page.keyboard.press('Enter');
  await enterScore(page, { ht: [1, 0], ft: [3, 1], corners: 9 });
  await expect(page.getByTestId('result-outcome')).toContainText('Mismatch');
  await expect(page.getByTestId('result-outcome').getByTestId('result-entries').getByRole('listitem')).toHaveCount(2);
  // Each entry by its author's name, the full-time scores that differ marked (not by colour alone).
  await expect(page.getByTestId('result-outcome')).toContainText(/Ann\s*2:1.*HT 1:0/);
  await expect(page.getByTestId('result-outcome')).toContainText(/Yours\s*3:1.*HT 1:0/);
  await expect(page.getByTestId('result-outcome').locator('mark')).toHaveText([/2:1/, /3:1/]);
  await expect(row).toContainText('Mismatch');
  await shots(page, 'results-mismatch');
  const annSees = (await call<{ items: Array<{ targetId: string; state: string; shown: unknown[] }> }>(base, 'GET', '/api/admin/results', { token: (await call(base, 'POST', '/api/auth/login', { body: { email: ann.email, password: ann.password } })).body.token })).body.items.find((i) => i.targetId === target);
  expect(annSees).toMatchObject({ state: 'mismatch', shown: [expect.anything(), expect.anything()] });

  // Ben checks again and corrects his entry: it matches Ann's, the result is published.
  await row.getByRole('button', { name: /^Enter the result of/ }).focus();
  await page.keyboard.press('Enter');
  await enterScore(page, { ht: [1, 0], ft: [2, 1], corners: 9 });
  await expect(page.getByTestId('result-outcome')).toContainText('the result is published');
  await expect(row).toHaveCount(0);
  const event = (await call(base, 'GET', `/api/football/events/${target}`)).body;
  expect(event).toMatchObject({ status: 'resulted', resultSource: 'manual', result: { fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 0 } } });
  await shots(page, 'results-published');
});

test('a supervisor issues a PIN batch, exports its CSV once, and voids the unredeemed codes', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const seeded = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const sven = await newAccount(base, 'Sven');
  expect((await call(base, 'POST', `/api/admin/staff/${sven.id}/role`, { token: seeded, body: { role: 'supervisor' } })).status).toBe(204);

  await consoleSignIn(page, sven.email, sven.password, undefined, await enrolmentLink(base, seeded, sven.id));
  await page.getByRole('link', { name: 'PINs' }).click();
  await page.getByLabel('Number of codes').fill('3');
  await page.getByLabel('Points per code (GP)').fill('5');
  await page.getByLabel('Note').fill('Browser test batch');
  await page.getByLabel('Note').press('Enter');
  await expect(page.getByTestId('pins-message')).toContainText('issued: 3 codes');
  const batch = page.getByTestId('pin-batch-row').filter({ hasText: 'Browser test batch' });
  await expect(batch.getByTestId('pin-batch-counts')).toHaveText('3 / 0 / 0');
  await shots(page, 'pins-issued');

  const downloading = page.waitForEvent('download');
  await batch.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const codes = csv.trim().split(/\r?\n/).slice(1).map((line) => line.split(',')[0]!);
  expect(codes).toHaveLength(3);
  await expect(page.getByTestId('pins-message')).toContainText('cannot be downloaded again');
  await expect(batch.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await expect(batch).toContainText('Exported');
  // A second export (another tab, a script) is refused with its stable code.
  const batchId = (await batch.getAttribute('data-id'))!;
  expect((await call(base, 'POST', `/api/admin/pin-batches/${batchId}/export`, { token: seeded })).body.error.code).toBe('pins_exported');

  const member = await newAccount(base, 'Pinny');
  expect((await call(base, 'POST', '/api/pins/redeem', { token: member.token, body: { code: codes[0] } })).body).toMatchObject({ points: 500 });
  await page.reload();
  await expect(batch.getByTestId('pin-batch-counts')).toHaveText('3 / 1 / 0');

  await batch.getByRole('button', { name: 'Void unredeemed' }).click();
  await expect(batch.getByRole('button', { name: 'Void 2 unredeemed codes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pins-message')).toContainText('2 codes voided, 1 redeemed codes kept');
  await expect(batch.getByTestId('pin-batch-counts')).toHaveText('3 / 1 / 2');
  await shots(page, 'pins-voided');
  expect((await call(base, 'POST', '/api/pins/redeem', { token: member.token, body: { code: codes[1] } })).body.error.code).toBe('pin_not_found');
});
