import { expect, type Page } from '@playwright/test';

/**
 * Puts a session an API call opened (its bearer token) into the page's browser, as the HttpOnly
 * session cookie and its CSRF companion (POST /api/auth/session): since issue 29 the web client
 * keeps no token where a script could read it, so a test cannot sign a page in through localStorage.
 */
export async function adoptSession(page: Page, token: string) {
  const res = await page.context().request.post('/api/auth/session', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), 'the browser adopts the session').toBe(204);
}
