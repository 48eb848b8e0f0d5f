import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { call, totp } from './staff-support.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * A platform of a back-office spec's own, on `port` with a fresh data directory: the manual purchase
 * gateway (every order waits for a person), staff TOTP required, and Canada Keno every 3 minutes so
 * a batch of orders shares one issue with time to spare. Resolves once it answers /api/health.
 * `env` adds to or replaces those settings (another product and schedule, results from feeds).
 */
export async function startManualPlatform(port: number, env: Record<string, string> = {}): Promise<{ server: ChildProcess; dataDir: string }> {
  const dataDir = path.join(ROOT, `.tmp/e2e-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PURCHASE_GATEWAY: 'manual',
      STAFF_MFA: 'required',
      KENO_PRODUCTS: 'CAB01',
      KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 180, salesCloseSeconds: 15 } }),
      SIGNUP_MAX_PER_ADDRESS: '1000',
      ...env,
    },
  });
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status ?? 0, { timeout: 150_000, intervals: [1000] }).toBe(200);
  return { server, dataDir };
}

/** The demo seeding's supervisor (OPERATOR_EMAIL), as the back-office specs' platforms seed it. */
export const SEEDED_SUPERVISOR = { email: 'operator@example.com', password: 'operator-pass-2026' };

/**
 * The seeded supervisor enrols over HTTP with the link the demo seeding writes into `dataDir` (it
 * may come just after /api/health answers); returns their bearer token and TOTP secret.
 */
export async function enrolSeededSupervisor(baseURL: string, dataDir: string): Promise<{ token: string; secret: string }> {
  const linkFile = path.join(dataDir, 'secrets', 'demo-enrolment-link.txt');
  await expect.poll(() => fs.existsSync(linkFile), { timeout: 30_000 }).toBe(true);
  const enrolment = fs.readFileSync(linkFile, 'utf8').trim();
  const login = await call(baseURL, 'POST', '/api/admin/auth/login', { body: { ...SEEDED_SUPERVISOR, enrolment } });
  const verified = await call(baseURL, 'POST', '/api/admin/auth/verify', { body: { challenge: login.body.challenge, code: await totp(login.body.enrol.secret) } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { token: verified.body.token, secret: login.body.enrol.secret };
}

/** The page in English unless the test chose another language. */
export async function english(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('locale')) localStorage.setItem('locale', 'en');
  });
}

/** Signs `page` in to the console by mouse with an enrolled secret (email, password, code). */
export async function signIn(page: Page, who: { email: string; password: string; secret: string }) {
  await english(page);
  await page.goto('/admin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Authenticator code').fill(await totp(who.secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Order queue' })).toBeVisible();
}
