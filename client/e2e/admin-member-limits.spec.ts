import { expect, test } from '@playwright/test';
import { call, consoleSignIn, enrolmentLink, newAccount } from './staff-support.ts';

/**
 * Issue 32 item 6 in the console, on the shared e2e server: a supervisor reads a member's limits
 * (with the raise the member asked for, waiting), breaks and limit history on the member page,
 * lowers the daily deposit limit with a reason — the member's own view has it at once, and their
 * inbox says so — and a raise is refused with the reason in words.
 */
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };

test.use({ locale: 'en-US' });

test('a supervisor sees a member’s limits and breaks and lowers a limit, never raises one', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const seeded = (await call(base, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
  const sofia = await newAccount(base, 'Sofialimits');
  expect((await call(base, 'POST', `/api/admin/staff/${sofia.id}/role`, { token: seeded, body: { role: 'supervisor' } })).status).toBe(204);

  const lena = await newAccount(base, 'Lena');
  expect((await call(base, 'PUT', '/api/me/limits', { token: lena.token, body: { deposit: { day: 50_000 } } })).status).toBe(200);
  expect((await call(base, 'PUT', '/api/me/limits', { token: lena.token, body: { deposit: { day: 90_000 } } })).status).toBe(200);
  expect((await call(base, 'POST', '/api/me/time-out', { token: lena.token, body: { period: '24h' } })).status).toBe(200);

  await consoleSignIn(page, sofia.email, sofia.password, undefined, await enrolmentLink(base, seeded, sofia.id));
  await page.goto(`/admin/members/${lena.id}`);
  const panel = page.getByTestId('member-responsible-play');
  await expect(panel.getByTestId('member-limit-deposit-day')).toContainText('500.00 GP');
  await expect(panel.getByTestId('member-limit-deposit-day')).toContainText('900.00 GP, confirmable from');
  await expect(panel.getByTestId('member-breaks')).toContainText('Break');
  await expect(panel.getByTestId('member-limit-history')).toContainText('Raise asked');
  await expect(panel.getByRole('button', { name: /lift|end/i })).toHaveCount(0);

  // Lower the daily deposit limit to 100 GP, by keyboard.
  const form = panel.getByTestId('member-lower-limit');
  await form.getByTestId('member-lower-which').selectOption('deposit.day');
  await form.getByTestId('member-lower-amount').fill('100');
  await form.getByTestId('member-lower-reason').fill('Asked us on the phone to cut it');
  await form.getByTestId('member-lower-reason').press('Enter');
  await expect(form.getByTestId('member-lower-notice')).toHaveText('Limit lowered: it applies now, and the member has been told.');
  await expect(panel.getByTestId('member-limit-deposit-day')).toContainText('100.00 GP');
  await expect(panel.getByTestId('member-limit-history')).toContainText('Sofialimits: Asked us on the phone to cut it');
  const mine = await call(base, 'GET', '/api/me/limits', { token: lena.token });
  expect(mine.body.limits.deposit.day).toMatchObject({ amount: 10_000, pending: null });
  await expect.poll(async () => (await call(base, 'GET', '/api/inbox', { token: lena.token })).body.items.map((i: { kind: string }) => i.kind)).toContain('limit_lowered');

  // A raise is refused, in words.
  await form.getByTestId('member-lower-which').selectOption('deposit.day');
  await form.getByTestId('member-lower-amount').fill('200');
  await form.getByTestId('member-lower-reason').fill('Trying to raise it');
  await form.getByTestId('member-lower-submit').click();
  await expect(form.getByTestId('member-lower-notice')).toHaveText('Staff can only lower a limit, never raise or remove it.');
  expect((await call(base, 'GET', '/api/me/limits', { token: lena.token })).body.limits.deposit.day.amount).toBe(10_000);
  await page.screenshot({ path: test.info().outputPath('member-limits-1280.png'), fullPage: true });
});
