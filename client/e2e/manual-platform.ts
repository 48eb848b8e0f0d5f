import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * A platform of a back-office spec's own, on `port` with a fresh data directory: the manual purchase
 * gateway (every order waits for a person), staff TOTP required, and Canada Keno every 3 minutes so
 * a batch of orders shares one issue with time to spare. Resolves once it answers /api/health.
 */
export async function startManualPlatform(port: number): Promise<{ server: ChildProcess; dataDir: string }> {
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
    },
  });
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status ?? 0, { timeout: 150_000, intervals: [1000] }).toBe(200);
  return { server, dataDir };
}
