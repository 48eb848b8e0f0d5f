import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);

/**
 * Browser tests on Debian's Chromium (/usr/bin/chromium) — Playwright never downloads a browser
 * here. The web server is the real platform in embedded mode on a fresh data directory.
 */
export default defineConfig({
  testDir: './client/e2e',
  outputDir: './test-results',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    locale: 'zh-TW',
    viewport: { width: 1280, height: 860 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
    // SIGTERM, not Playwright's default SIGKILL of the process group: the server then stops its
    // embedded PostgreSQL itself, instead of leaving a postmaster behind after every run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
