import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ADULT_BIRTH_DATE } from '../../scripts/lib/member-signup.ts';
import { mailedSignupCode, signUpMember } from './signup-support.ts';
import { call } from './staff-support.ts';

/**
 * The phone the issue-34 tests walk on: 390×844 with a touch screen, as a member's phone is. Each
 * spec takes it with `test.use(PHONE)` and taps (`locator.tap()`) where a member would.
 */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** The member's language for this page's first load only (a later switch on screen is kept). */
export async function inLocale(page: Page, locale: string) {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('seeded-locale')) {
      localStorage.setItem('locale', l);
      sessionStorage.setItem('seeded-locale', '1');
    }
  }, locale);
}

/**
 * Counts what a member does with their fingers: each tap and each field filled in is one step.
 * The first-ticket and first-deposit tests measure their journeys with it.
 */
export class Steps {
  readonly taken: string[] = [];

  async tap(target: Locator, name = String(target)) {
    await target.tap();
    this.taken.push(`tap ${name}`);
  }

  async fill(target: Locator, value: string, name = String(target)) {
    await target.fill(value);
    this.taken.push(`fill ${name}`);
  }

  get count() {
    return this.taken.length;
  }
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Signs a new member up through the sign-up form, the way a newcomer does (five fields and the
 * button, then the mailed code and its button), and waits until the header shows them signed in. Steps, when given, count the taps.
 */
export async function signUpOnPhone(page: Page, options: { name?: string; steps?: Steps; password?: string } = {}) {
  const steps = options.steps ?? new Steps();
  const password = options.password ?? 'phone-member-pass-2026';
  const email = uniqueEmail('phone');
  const form = page.getByTestId('signup-form');
  await expect(form).toBeVisible();
  await steps.fill(form.locator('input[name=name]'), options.name ?? 'Phone Member', 'name');
  await steps.fill(form.locator('input[name=email]'), email, 'email');
  await steps.fill(form.locator('input[name=password]'), password, 'password');
  await steps.fill(form.locator('input[name=passwordCheck]'), password, 'password check');
  await steps.fill(form.locator('input[name=birthDate]'), ADULT_BIRTH_DATE, 'date of birth');
  const since = Date.now();
  await steps.tap(form.locator('button[type=submit]'), 'sign up');
  // The second step: the code the server mailed, as the member reads it from their email.
  const codeStep = page.getByTestId('signup-code-form');
  await expect(codeStep).toBeVisible();
  await steps.fill(codeStep.locator('input[name="code"]'), await mailedSignupCode(new URL(page.url()).origin, email, since), 'code');
  await steps.tap(codeStep.locator('button[type="submit"]'), 'confirm code');
  await expect(page.getByTestId('header-logout')).toBeVisible();
  return { email, password };
}

/** Logs an existing member in through the login form. */
export async function logInOnPhone(page: Page, who: { email: string; password: string }) {
  await page.goto('/auth?mode=login');
  const form = page.getByTestId('login-form');
  await form.locator('input[type=email]').fill(who.email);
  await form.locator('input[type=password]').fill(who.password);
  await form.locator('button[type=submit]').tap();
  await expect(page.getByTestId('header-logout')).toBeVisible();
}

/**
 * What a finger lands on at the centre of `target`: true when it is the target itself (or inside
 * it), false when a notice, a toast or a bar covers it.
 */
export async function isTappable(target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** What covers `target` at its centre, for a failure message ("div.reload-prompt"), or null. */
export async function coveredBy(target: Locator): Promise<string | null> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || hit === element || element.contains(hit)) return null;
    const owner = hit.closest('[data-testid]');
    return `${hit.tagName.toLowerCase()}.${String(hit.className)}${owner ? ` in [data-testid=${owner.getAttribute('data-testid')}]` : ''}`;
  });
}

/** A viewport screenshot under test-results/, named after the test's own folder. */
export async function phoneShot(page: Page, info: TestInfo, name: string, fullPage = false) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage });
}

/** A US$10 card deposit started by finger on /deposit, up to the card provider's (Stripe sandbox's) hosted page. */
export async function openCardCheckout(page: Page) {
  await page.goto('/deposit');
  await page.getByText('USD', { exact: true }).tap();
  await page.getByTestId('deposit-preset').first().tap();
  await page.getByTestId('method-card').tap();
  await page.getByTestId('deposit-continue').tap();
  await page.getByTestId('payment-continue').tap();
  await expect(page.getByRole('heading', { name: /Pay USD 10.00/ })).toBeVisible();
}

/** A PIN worth `points` GP hundredths, issued by the seeded operator over the API, as the back office would. */
export async function operatorPin(baseURL: string, points: number): Promise<string> {
  const operator = await call(baseURL, 'POST', '/api/auth/login', { body: { email: 'operator@example.com', password: 'operator-pass-2026' } });
  const created = await call<{ codes: string[] }>(baseURL, 'POST', '/api/admin/pins', { token: operator.body.token as string, body: { count: 1, points } });
  return created.body.codes[0]!;
}

/** A new member made over the API (the browser then logs in through the form): email, password and API token. */
export async function signUpOverApi(baseURL: string, prefix: string): Promise<{ email: string; password: string; token: string }> {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-member-pass-2026`;
  const { token } = await signUpMember(baseURL, { name: 'Phone Member', email, password, passwordCheck: password, promoOptIn: false });
  return { email, password, token };
}

/**
 * A Canada Keno order (3 units) placed over the API for the member of `token`, on trial points
 * (sign-up gives some) or real ones: on the issue on sale with at least 8 s to its cut-off,
 * waiting for the next one if need be.
 */
export async function placeKenoOrder(baseURL: string, token: string, { trial }: { trial: boolean }): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const clock = (await (await fetch(`${baseURL}/api/keno/CAB01/clock`)).json()) as { phase: string; issue: string | null; salesCloseAt: string | null };
    if (clock.phase === 'open' && clock.issue && clock.salesCloseAt && Date.parse(clock.salesCloseAt) - Date.now() > 8_000) {
      const placed = await fetch(`${baseURL}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `phone-trial-${Date.now()}-${Math.random()}` },
        body: JSON.stringify({ productCode: 'CAB01', issue: clock.issue, trial, multiplier: 3, plays: [{ type: 'pick', stars: 1, numbers: [7] }] }),
      });
      if (placed.status === 201) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error('no Canada Keno issue on sale within 90 s');
}
