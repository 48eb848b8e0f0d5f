import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { PHONE } from './phone-support.ts';
import { adoptSession } from './session-support.ts';
import { call, consoleSignIn, enrolmentLink, newAccount } from './staff-support.ts';
import { paidCardDeposit, verifiedMember, winFootball } from './withdrawal-support.ts';

/**
 * Issue 33 in the console: a member deposits US$200 by card, stakes a little and wins, then asks to
 * withdraw — little play for what came in, so the request is flagged. One staff member reads the flag,
 * acknowledges it and gives the first approval; a second (a supervisor) acknowledges and approves.
 * The supervisor exports a bank batch, downloads it again (the same bytes), and marks it paid with the
 * bank's reference; the member sees the withdrawal paid. Then the bank sends the transfer back: the
 * supervisor records the return, and the member sees the points back with the bank's reason.
 */
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };

test.use({ locale: 'en-US' });

async function staffDesk(page: Page, base: string, seeded: string, name: string, role: 'operator' | 'supervisor') {
  const person = await newAccount(base, name);
  expect((await call(base, 'POST', `/api/admin/staff/${person.id}/role`, { token: seeded, body: { role } })).status).toBe(204);
  await consoleSignIn(page, person.email, person.password, undefined, await enrolmentLink(base, seeded, person.id));
  await page.getByRole('link', { name: 'Withdrawals' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winnings out');
  return person;
}

const bytesOf = async (download: Download) => fs.readFileSync((await download.path())!);

test('staff acknowledge a flagged withdrawal, two approve it, a batch is exported, re-downloaded and paid; the bank’s return gives the points back', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const seeded = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const member = await verifiedMember(base, seeded, 'Flagged');
  await paidCardDeposit(base, member.token, 20_000);
  await winFootball(base, member.token);
  const asked = await call(base, 'POST', '/api/withdrawals', { token: member.token, key: `flagged-${Date.now()}`, body: { amount: 2_000, method: 'bank_transfer' } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const id = asked.body.id as string;

  // The first staff member: the flag with its figures; approving waits for the acknowledgement.
  const deskA = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const a = await deskA.newPage();
  await staffDesk(a, base, seeded, 'Ada', 'operator');
  const cardA = a.locator(`[data-testid="admin-withdrawal"][data-id="${id}"]`);
  await expect(cardA.getByTestId('admin-withdrawal-rail')).toHaveText('Bank transfer');
  await expect(cardA.getByTestId('withdrawal-flags')).toContainText('Little play: deposited 200.00 GP, staked only');
  await expect(cardA.getByTestId('withdrawal-approve')).toBeDisabled();
  await cardA.getByTestId('withdrawal-acknowledge').focus();
  await a.keyboard.press('Space'); // by keyboard
  await expect(cardA.getByTestId('withdrawal-acknowledge')).toBeChecked();
  await cardA.getByTestId('withdrawal-approve').click();
  await expect(a.getByTestId('withdrawal-notice')).toHaveText(`Withdrawal ${id}: your approval is recorded; a second staff member must approve it too.`);
  // The first approver is told it is someone else's turn, not offered a button the server would refuse.
  await expect(cardA.getByTestId('withdrawal-awaiting-second')).toHaveText('You gave the first approval: another staff member gives the second.');
  await expect(cardA.getByTestId('withdrawal-approve')).toHaveCount(0);
  await a.screenshot({ path: test.info().outputPath('console-flag-first-approval-1280.png'), fullPage: true });

  // A supervisor: the second approval, after acknowledging the flag too.
  const deskB = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const b = await deskB.newPage();
  await staffDesk(b, base, seeded, 'Bea', 'supervisor');
  const cardB = b.locator(`[data-testid="admin-withdrawal"][data-id="${id}"]`);
  await expect(cardB.getByTestId('withdrawal-awaiting-second')).toHaveText('Approved once: a second staff member must approve it.');
  await cardB.getByTestId('withdrawal-acknowledge').check();
  await cardB.getByTestId('withdrawal-approve').click();
  await expect(b.getByTestId('withdrawal-notice')).toHaveText(`Withdrawal ${id} approved.`);

  // The batch: exported (a file naming the withdrawal), listed, downloaded again byte for byte, paid.
  const [exported] = await Promise.all([b.waitForEvent('download'), b.getByTestId('withdrawal-batch').click()]);
  const file = await bytesOf(exported);
  expect(file.toString('utf8')).toContain(`,W${id},`);
  const batch = b.getByTestId('withdrawal-batch-row').first();
  await expect(batch).toContainText('exported by Bea');
  const batchId = await batch.getAttribute('data-id');
  const [again] = await Promise.all([b.waitForEvent('download'), batch.getByRole('button', { name: 'Download again (same file)' }).click()]);
  expect((await bytesOf(again)).equals(file)).toBe(true);
  expect(again.suggestedFilename()).toBe(`withdrawals-batch-${batchId}.csv`);
  await batch.getByTestId('withdrawal-batch-pay').click();
  await b.getByTestId('withdrawal-batch-reference').fill('TW-BULK-2026-0042');
  await b.keyboard.press('Enter');
  await expect(b.getByTestId('withdrawal-batch-notice')).toHaveText(`Batch #${batchId} marked paid.`);
  await expect(batch).toContainText(' · paid · TW-BULK-2026-0042');
  await expect(batch.getByTestId('withdrawal-batch-pay')).toHaveCount(0);
  await b.screenshot({ path: test.info().outputPath('console-batch-paid-1280.png'), fullPage: true });

  // The member, on a phone, sees it paid with the bank's reference.
  const phone = await browser.newContext({ ...PHONE, locale: 'en-US' });
  const m = await phone.newPage();
  await adoptSession(m, member.token);
  await m.addInitScript(() => localStorage.setItem('locale', 'en'));
  await m.goto('/withdrawals');
  const mine = m.locator(`[data-testid="withdrawal"][data-id="${id}"]`);
  await expect(mine).toHaveAttribute('data-state', 'paid');
  await expect(mine.getByTestId('withdrawal-reference')).toHaveText('Bank reference: TW-BULK-2026-0042');
  const balanceBefore = (await call(base, 'GET', '/api/me', { token: member.token })).body.balance as number;

  // The bank sends it back: the supervisor records the return on the paid withdrawal.
  await b.getByTestId('withdrawal-state-filter').selectOption('paid');
  await expect(cardB.getByTestId('withdrawal-returned')).toBeVisible();
  await cardB.getByTestId('withdrawal-returned').click();
  await b.getByTestId('withdrawal-text').fill('RTN-0042-7');
  await b.getByTestId('withdrawal-return-reason').fill('account closed at the bank');
  await b.keyboard.press('Enter');
  await expect(b.getByTestId('withdrawal-notice')).toHaveText(`Withdrawal ${id} recorded as returned; its points are back with the member.`);
  await b.getByTestId('withdrawal-state-filter').selectOption('returned');
  await expect(cardB).toContainText('account closed at the bank');
  await expect(cardB.getByTestId('withdrawal-returned')).toHaveCount(0);
  await a.getByTestId('withdrawal-state-filter').selectOption('paid');
  await expect(a.getByTestId('withdrawal-returned')).toHaveCount(0);

  await m.reload();
  await expect(mine).toHaveAttribute('data-state', 'returned');
  await expect(mine.getByTestId('withdrawal-state')).toHaveText('Returned by the bank, points back');
  await expect(mine).toContainText('Reason: account closed at the bank');
  expect((await call(base, 'GET', '/api/me', { token: member.token })).body.balance).toBe(balanceBefore + 2_000);
  await m.screenshot({ path: test.info().outputPath('member-returned-390.png'), fullPage: true });
  await Promise.all([deskA.close(), deskB.close(), phone.close()]);
});
