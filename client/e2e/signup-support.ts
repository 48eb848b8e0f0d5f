import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { fetchPost, mailFolderCodes, signUpWithCode, type Answer, type SignupForm } from '../../scripts/lib/member-signup.ts';

export type { SignupForm } from '../../scripts/lib/member-signup.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * Where the browser tests' server on `baseURL` writes its mail: scripts/e2e-server.mjs (and
 * admin-console.spec.ts for its own server) give each port the data directory
 * `.tmp/e2e-data-<port>`, and without SMTP_URL the server writes each message to its `mail` folder.
 */
export const e2eMailFolder = (baseURL: string) => path.join(ROOT, `.tmp/e2e-data-${new URL(baseURL).port}`, 'mail');

/** The code of the newest sign-up code mail to `email` since `since`, as the test server wrote it. */
export const mailedSignupCode = (baseURL: string, email: string, since: number) => mailFolderCodes(e2eMailFolder(baseURL))(email, since);

/**
 * A new member through both steps of sign-up over the API (the form, the code from the mail the
 * server sent, the code): their `{ token, user }`. Fails the test when either step is refused.
 */
export async function signUpMember<T = { token: string; user: { id: string; name: string; email: string } }>(baseURL: string, form: SignupForm): Promise<T> {
  const answer = await signUpWithCode(fetchPost(baseURL), form, mailFolderCodes(e2eMailFolder(baseURL)));
  expect(answer.status, `sign-up of ${form.email}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body as T;
}

/**
 * Both steps through the page's own request context: a session the answer sets would land in the
 * page's browser, unless `headers` (such as `cookie: ''`, for "another client") say otherwise.
 */
export function signUpThroughPage(page: Page, baseURL: string, form: SignupForm, headers: Record<string, string> = {}): Promise<Answer> {
  const post = async (route: string, data: unknown): Promise<Answer> => {
    const res = await page.context().request.fetch(route, { method: 'POST', data, headers });
    return { status: res.status(), body: await res.json().catch(() => null) };
  };
  return signUpWithCode(post, form, mailFolderCodes(e2eMailFolder(baseURL)));
}

/**
 * The sign-up form was just sent in `page` (at `since`): enters the code the server mailed to
 * `email` in the code step and confirms, as a member does after reading the email.
 */
export async function enterMailedCode(page: Page, baseURL: string, email: string, since: number) {
  const step = page.getByTestId('signup-code-form');
  await expect(step).toBeVisible();
  await step.locator('input[name="code"]').fill(await mailedSignupCode(baseURL, email, since));
  await step.locator('button[type="submit"]').click();
}
