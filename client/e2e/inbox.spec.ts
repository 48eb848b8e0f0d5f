import { expect, test, type Page } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { signUpMember } from './signup-support.ts';

/** The inbox and customer service in a browser: a staff answer arrives live (header badge), is read and deleted. */

async function post<T>(baseURL: string, route: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

async function signedIn(page: Page, baseURL: string, locale: string) {
  const email = `inbox-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const session = await signUpMember(baseURL, {
    name: 'Ines',
    email,
    password: 'inbox-pass-2026',
    passwordCheck: 'inbox-pass-2026',
  });
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
  return session.token;
}

test('a member writes to customer service; the answer lights the inbox badge live and lands in the inbox', async ({ page, baseURL }, info) => {
  await signedIn(page, baseURL!, 'en');
  await page.goto('/messaging-v1?order=');
  await page.getByRole('textbox', { name: 'Your message' }).fill('Where is my ticket scan?');
  await page.getByRole('button', { name: 'Send to customer service' }).click();
  await expect(page.getByTestId('message-member')).toHaveText(/Where is my ticket scan\?/);
  const threadId = new URL(page.url()).searchParams.get('thread')!;

  const staff = await post<{ token: string }>(baseURL!, '/api/auth/login', { email: 'operator@example.com', password: 'operator-pass-2026' });
  await post(baseURL!, `/api/admin/support/threads/${threadId}/messages`, { body: 'It is attached to the order now.' }, staff.token);

  await expect(page.getByTestId('message-staff')).toContainText('It is attached to the order now.');
  await expect(page.getByTestId('header-inbox-count')).toHaveText('1');
  await page.screenshot({ path: info.outputPath('messaging-en.png') });

  await page.getByTestId('header-inbox').click();
  const item = page.getByTestId('inbox-item').first();
  await expect(item).toContainText('Customer service answered your message.');
  await page.screenshot({ path: info.outputPath('inbox-en.png') });
  await item.getByTestId('inbox-toggle-read').click();
  await expect(page.getByTestId('header-inbox-count')).toHaveCount(0);
  await item.getByTestId('inbox-delete').click();
  await expect(page.getByTestId('inbox-empty')).toBeVisible();
});

test('the inbox on a phone in Traditional Chinese', async ({ page, baseURL }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await signedIn(page, baseURL!, 'zh-TW');
  await post(baseURL!, '/api/support/threads', { body: '請問開獎時間？' }, token);
  await page.goto('/inbox');
  await expect(page.getByTestId('inbox-empty')).toHaveText('目前沒有訊息。');
  await page.goto('/messaging-v1');
  await expect(page.getByTestId('thread-item')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath('messaging-zh-TW-phone.png'), fullPage: true });
});
