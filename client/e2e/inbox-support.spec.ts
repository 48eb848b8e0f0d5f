import { expect, test, type Browser, type Page } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { expectNoSidewaysScroll } from './layout-support.ts';
import { signUpMember } from './signup-support.ts';

/**
 * Customer service end to end (issue 15): a member starts a conversation from an order's details
 * ("There is an issue with the order, contact customer service") with the order attached and a
 * screenshot; staff read it in the console and answer; each side sees the other's message live.
 * A notice from the console lights the member's inbox badge live. On a phone the signed-in header
 * is two rows at most, in English, Traditional Chinese and German.
 */

// A tiny real PNG: the screenshot a member would attach, only smaller.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const OPERATOR = { email: 'operator@example.com', password: 'operator-pass-2026' };

interface Session {
  token: string;
  user: { id: string; name: string; role: string };
}

async function call<T>(baseURL: string, method: string, path: string, options: { body?: unknown; token?: string; key?: string } = {}) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function signUp(baseURL: string, name: string): Promise<Session> {
  const email = `cs-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  return signUpMember<Session>(baseURL, { name, email, password: 'support-pass-2026', passwordCheck: 'support-pass-2026' });
}

async function asMember(page: Page, session: Session, locale: string) {
  await adoptSession(page, session.token);
  await page.addInitScript(
    ([u, l]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('user', u);
        localStorage.setItem('locale', l);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [JSON.stringify(session.user), locale] as const,
  );
}

/** The console, signed in as the seeded supervisor (this server runs with STAFF_MFA=off: a password session is a staff session). */
async function consolePage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 860 }, locale = 'en') {
  const staff = (await call<Session>(baseURL, 'POST', '/api/auth/login', { body: OPERATOR })).body;
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  // The console's session is its HttpOnly cookie (issue 29): the browser adopts the API session.
  expect((await context.request.post('/api/admin/auth/session', { headers: { authorization: `Bearer ${staff.token}` } })).status()).toBe(204);
  await context.addInitScript(
    ([value, l]) => {
      localStorage.setItem('locale', l);
      sessionStorage.setItem('gp.staff', value);
    },
    [JSON.stringify({ user: staff.user, expiresAt: new Date(Date.now() + 3600_000).toISOString() }), locale] as const,
  );
  return { page: await context.newPage(), context };
}

/** A trial-play keno order (new members get trial points): a product on sale with time before its cut-off. */
async function placeTrialOrder(baseURL: string, token: string): Promise<{ id: string }> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    for (const code of ['TWB01', 'CAB01']) {
      const { body: clock } = await call<{ phase: string; issue: string | null; salesCloseAt: string | null; productCode: string }>(baseURL, 'GET', `/api/keno/${code}/clock`);
      const left = clock.salesCloseAt ? Date.parse(clock.salesCloseAt) - Date.now() : 0;
      if (clock.phase !== 'open' || !clock.issue || left < 8_000) continue;
      const plays =
        code === 'TWB01'
          ? [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }, { type: 'bigSmall', pick: 'big' }, { type: 'oddEven', pick: 'odd' }]
          : [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }, { type: 'pick', stars: 2, numbers: [4, 5] }, { type: 'pick', stars: 1, numbers: [6] }];
      const res = await call<{ order: { id: string } }>(baseURL, 'POST', '/api/orders', {
        token,
        key: `e2e-cs-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        body: { productCode: code, issue: clock.issue, trial: true, multiplier: 1, plays },
      });
      if (res.status === 201) return res.body.order;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error('no keno issue on sale within 90 s');
}

test('from an order to customer service with a screenshot; staff answer from the console; both sides live; a notice lights the badge', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(180_000);
  const member = await signUp(baseURL!, 'Clara');
  const order = await placeTrialOrder(baseURL!, member.token);
  await asMember(page, member, 'en');

  // The order's details lead to customer service with the order attached.
  await page.goto('/orders');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
  await row.getByTestId('order-toggle').click();
  await expect(page.getByTestId('order-contact-support')).toHaveText('There is an issue with the order, contact customer service.');
  await page.getByTestId('order-details').screenshot({ path: info.outputPath('order-details-en.png') });
  await page.getByTestId('order-contact-support').click();
  await expect(page).toHaveURL(new RegExp(`/messaging-v1\\?order=${order.id}$`));
  await expect(page.getByTestId('messaging-order')).toContainText(order.id);
  await page.getByRole('textbox', { name: 'Your message' }).fill('The ticket scan of this order does not open.');
  await page.getByTestId('messaging-screenshot').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Send to customer service' }).click();
  await expect(page.getByTestId('message-member')).toContainText('does not open');
  await expect(page.getByTestId('message-screenshot')).toBeVisible();

  // Staff: the conversation is listed first (open, newest), with the order and the screenshot.
  const staff = await consolePage(browser, baseURL!);
  await staff.page.goto('/admin/support');
  const first = staff.page.getByTestId('support-thread-row').first();
  await expect(first).toContainText(order.id);
  await first.getByRole('link').click();
  const conversation = staff.page.getByTestId('staff-conversation');
  await expect(conversation.getByTestId('staff-message-member')).toContainText('does not open');
  await expect(conversation.getByTestId('staff-screenshot')).toBeVisible();
  await staff.page.getByTestId('staff-answer').fill('Thanks, we re-attached the scan. Please look again.');
  await staff.page.getByRole('button', { name: 'Send answer' }).click();
  await expect(conversation.getByTestId('staff-message-staff')).toContainText('re-attached the scan');
  await staff.page.screenshot({ path: info.outputPath('console-support-en.png'), fullPage: true });

  // The member sees the answer without reloading, and the inbox badge counts it.
  await expect(page.getByTestId('message-staff')).toContainText('re-attached the scan');
  await expect(page.getByTestId('header-inbox-count')).toHaveText('1');
  await page.screenshot({ path: info.outputPath('messaging-order-en.png'), fullPage: true });

  // …and staff see the member's reply without reloading.
  await page.getByRole('textbox', { name: 'Your message' }).fill('It works now, thank you.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(conversation.getByTestId('staff-message-member')).toHaveCount(2);
  await expect(conversation.getByTestId('staff-message-member').last()).toContainText('It works now');
  await staff.page.getByTestId('staff-close').click();
  await expect(conversation).toContainText('Closed');

  // A notice from the console: the member's badge moves at once.
  await staff.page.goto('/admin/notices');
  await staff.page.getByLabel('Title').fill('Maintenance tonight');
  await staff.page.getByLabel('Message').fill('The site pauses from 02:00 to 02:30 Taipei time.');
  await staff.page.getByRole('button', { name: 'Send notice' }).click();
  await expect(staff.page.getByTestId('notice-result')).toContainText(/Sent to \d+ member/);
  await staff.page.screenshot({ path: info.outputPath('console-notices-en.png'), fullPage: true });
  await expect(page.getByTestId('header-inbox-count')).toHaveText('2');
  await staff.context.close();
});

for (const locale of ['en', 'zh-TW', 'de']) {
  test(`the signed-in header is two rows at most on a 390 px phone (${locale})`, async ({ page, baseURL }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const member = await signUp(baseURL!, 'Pham');
    await asMember(page, member, locale);
    await page.goto('/');
    const logout = page.getByTestId('header-logout');
    await expect(logout).toBeVisible();
    const [balance, out, brand] = await Promise.all([
      page.locator('.balance-chip').boundingBox(),
      logout.boundingBox(),
      page.locator('.site-header .brand').first().boundingBox(),
    ]);
    // Log out sits on the balance's row (the second), not a third one below it.
    expect(Math.abs(out!.y + out!.height / 2 - (balance!.y + balance!.height / 2))).toBeLessThan(4);
    expect(balance!.y).toBeGreaterThan(brand!.y + brand!.height / 2);
    await expectNoSidewaysScroll(page);
    await page.locator('.site-header').screenshot({ path: info.outputPath(`header-390-${locale}.png`) });
  });
}

test('the console’s customer-service screen on a phone, in Traditional Chinese', async ({ browser, baseURL }, info) => {
  const member = await signUp(baseURL!, 'Lin');
  await call(baseURL!, 'POST', '/api/support/threads', { token: member.token, body: { body: '請問開獎結果何時公布？' } });
  const staff = await consolePage(browser, baseURL!, { width: 390, height: 844 }, 'zh-TW');
  await staff.page.goto('/admin/support');
  await staff.page.getByTestId('support-thread-row').first().getByRole('link').click();
  await expect(staff.page.getByTestId('staff-message-member')).toContainText('開獎');
  await expectNoSidewaysScroll(staff.page);
  await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText('客服');
  await staff.page.screenshot({ path: info.outputPath('console-support-phone-zh-TW.png'), fullPage: true });
  await staff.context.close();
});
