import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';

/**
 * The back-office console in a real browser, against a platform of its own: the manual purchase
 * gateway (PURCHASE_GATEWAY=manual: every order waits for a person), staff TOTP required, and
 * Canada Keno every 3 minutes so 20 orders share one issue with time to spare. Its port is the
 * run's E2E_PORT + 15, its data directory its own (as scripts/e2e-server.mjs does for the shared one).
 */
const PORT = Number(process.env.E2E_PORT ?? 4310) + 15;
const BASE = `http://127.0.0.1:${PORT}`;
const SUPERVISOR = { email: 'operator@example.com', password: 'operator-pass-2026' };
// A tiny real PNG: what the operator's phone camera would upload, only smaller.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

let server: ChildProcess;
/** The seeded supervisor, signed in (and enrolled) over HTTP by the first test. */
let supervisor: { token: string; secret: string };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, locale: 'en-US' });

async function call<T = any>(method: string, url: string, options: { body?: unknown; token?: string; key?: string } = {}) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** The step (30 s) of each secret's last code: the server refuses a code used once (no replay). */
const lastStep = new Map<string, number>();

/**
 * The code an authenticator app shows for `secret` now — or, when this step's code was already
 * used, the next one, after waiting for it as a person would.
 */
async function totp(secret: string) {
  let step = Math.floor(Date.now() / 30_000);
  if (lastStep.get(secret) === step) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 200));
    step += 1;
  }
  lastStep.set(secret, step);
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/** Staff sign-in over HTTP (enrolling on the first one); returns the token and the TOTP secret. */
async function staffToken(email: string, password: string, secret?: string) {
  const login = await call('POST', '/api/admin/auth/login', { body: { email, password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const usedSecret: string = login.body.enrol?.secret ?? secret;
  const verified = await call('POST', '/api/admin/auth/verify', { body: { challenge: login.body.challenge, code: await totp(usedSecret) } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { token: verified.body.token as string, secret: usedSecret };
}

async function newAccount(name: string) {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'console-pass-2026';
  const res = await call('POST', '/api/auth/signup', { body: { name, email, password, passwordCheck: password, promoOptIn: false, locale: 'en' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.user.id as string, email, password, token: res.body.token as string, user: res.body.user };
}

/** Signs in to /admin with the keyboard: email, password, then the code (enrolling: the secret is read off the screen). */
async function consoleSignIn(page: Page, email: string, password: string, knownSecret?: string) {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  const code = page.getByLabel('Authenticator code');
  await expect(code).toBeFocused();
  let secret = knownSecret;
  if (!secret) {
    await expect(page.getByTestId('totp-enrol').getByRole('img')).toBeVisible();
    secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  }
  await code.fill(await totp(secret));
  await page.keyboard.press('Enter');
  if (!knownSecret) {
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.keyboard.press('Enter'); // "I have saved them" has the focus
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return secret;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const root = path.resolve(import.meta.dirname, '..', '..');
  const dataDir = path.join(root, `.tmp/e2e-data-${PORT}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PURCHASE_GATEWAY: 'manual',
      STAFF_MFA: 'required',
      KENO_PRODUCTS: 'CAB01',
      KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 180, salesCloseSeconds: 15 } }),
      SIGNUP_MAX_PER_ADDRESS: '1000',
    },
  });
  await expect.poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status ?? 0, { timeout: 150_000, intervals: [1000] }).toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGINT');
});

test('an operator clears a queue of 20 manual purchases with the keyboard only, with a ticket scan the member then sees', async ({ page, browser }) => {
  test.setTimeout(240_000);
  supervisor = await staffToken(SUPERVISOR.email, SUPERVISOR.password);
  const operator = await newAccount('Olga');
  expect((await call('POST', `/api/admin/staff/${operator.id}/role`, { token: supervisor.token, body: { role: 'operator' } })).status).toBe(204);

  // A member with points (a PIN from the supervisor) places 20 orders on one open issue.
  const member = await newAccount('Max');
  const pins = await call('POST', '/api/admin/pins', { token: supervisor.token, body: { count: 1, points: 1_000_000 } });
  expect((await call('POST', '/api/pins/redeem', { token: member.token, body: { code: pins.body.codes[0] } })).status).toBe(200);
  let clock: { issue: string; salesCloseAt: string; phase: string } = { issue: '', salesCloseAt: '', phase: '' };
  await expect
    .poll(async () => {
      clock = (await call('GET', '/api/keno/CAB01/clock')).body;
      return clock.phase === 'open' && Date.parse(clock.salesCloseAt) - Date.now() > 90_000;
    }, { timeout: 200_000, intervals: [2000] })
    .toBe(true);
  const plays = [1, 2, 3].map((n) => ({ type: 'pick', stars: 1, numbers: [n] }));
  const orderIds: string[] = [];
  for (let i = 0; i < 20; i++) {
    const placed = await call('POST', '/api/orders', { token: member.token, key: `admin-e2e-${Date.now()}-${i}`, body: { productCode: 'CAB01', issue: clock.issue, multiplier: 1, plays } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    orderIds.push(placed.body.order.id);
  }

  await consoleSignIn(page, operator.email, operator.password);
  const rows = page.getByTestId('queue-row');
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId('figure-waiting')).toHaveText('20');
  await page.screenshot({ path: test.info().outputPath('queue-desktop.png') });

  // Keyboard only: Enter opens the confirmation of the current (most urgent) row, the ticket
  // reference is typed, Enter confirms; the next row becomes current. The last one gets a scan.
  // The last row is the newest order: the first on the member's orders page.
  const scanned = await rows.last().getAttribute('data-order');
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Enter');
    const ref = page.getByLabel('Ticket reference');
    await expect(ref).toBeFocused();
    await page.keyboard.type(`CAB-${clock.issue}-${i + 1}`);
    if (i === 19) {
      // The photo comes from the phone's camera or a file: the one step that is not a key press.
      await page.getByLabel('Scan or photo of the ticket').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: PNG });
      await ref.focus();
    }
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(19 - i);
  }
  await expect(page.getByTestId('queue-empty')).toBeVisible();
  expect(Date.now(), 'cleared before the sales cut-off').toBeLessThan(Date.parse(clock.salesCloseAt));

  // Every order is bought, with its reference; the member's order page shows the scan.
  const mine = await call('GET', '/api/orders?pageSize=20', { token: member.token });
  expect(mine.body.items.filter((o: any) => o.status === 2)).toHaveLength(20);
  const memberPage = await browser.newPage({ baseURL: BASE, locale: 'en-US' });
  await memberPage.addInitScript(([t, u]) => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem('token', t);
    localStorage.setItem('user', u);
  }, [member.token, JSON.stringify(member.user)] as const);
  await memberPage.goto('/orders');
  const row = memberPage.locator(`[data-testid="order-row"][data-order-id="${scanned}"]`);
  await row.getByTestId('order-toggle').click();
  const scan = memberPage.getByTestId('ticket-scan').getByRole('img');
  await expect(scan).toBeVisible();
  expect(await scan.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await memberPage.screenshot({ path: test.info().outputPath('member-scan.png') });
  await memberPage.close();
});

test('a supervisor approves a large adjustment an operator requested, and the member is credited', async ({ page }) => {
  test.setTimeout(120_000);
  const operator = await newAccount('Otto');
  expect((await call('POST', `/api/admin/staff/${operator.id}/role`, { token: supervisor.token, body: { role: 'operator' } })).status).toBe(204);
  const otto = await staffToken(operator.email, operator.password);
  const member = await newAccount('Mia');
  const requested = await call('POST', '/api/admin/adjustments', { token: otto.token, key: `adj-${Date.now()}`, body: { userId: member.id, amount: 250_000, reason: 'prize paid by hand' } });
  expect(requested.body.status).toBe('pending_approval');

  await consoleSignIn(page, SUPERVISOR.email, SUPERVISOR.password, supervisor.secret);
  await page.getByRole('link', { name: 'Adjustments' }).click();
  const row = page.locator(`[data-testid="adjustment-row"][data-id="${requested.body.adjustmentId}"]`);
  await expect(row).toContainText('Awaiting approval');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toContainText('Approved');
  await expect.poll(async () => (await call('GET', '/api/me', { token: member.token })).body.balance, { timeout: 20_000 }).toBe(250_000);
  await page.reload();
  await expect(row).toContainText('Applied');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: test.info().outputPath('adjustments-phone.png'), fullPage: true });
});
