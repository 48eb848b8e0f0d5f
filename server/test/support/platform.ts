import crypto from 'node:crypto';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createPlatform, type Platform } from '../../src/platform/platform.ts';
import { startServer, type Role, type RunningServer } from '../../src/server.ts';
import { createDatabaseFromTemplate } from '../global-setup.ts';
import { TestClock } from './clock.ts';

export type Mode = 'embedded' | 'scaled';
export const MODES: Mode[] = ['embedded', 'scaled'];

/**
 * A platform on a fresh database of its own. `embedded` = BullMQ on Postgres, in-process bus,
 * memory rate limits; `scaled` = the same on the run's redis-server. Env overrides go through the
 * real config parser.
 */
export async function testPlatform(mode: Mode = 'embedded', env: Record<string, string> = {}): Promise<Platform & { clock: TestClock }> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const databaseUrl = await createDatabaseFromTemplate(inject('pgAdminUrl'), name);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.resolve(import.meta.dirname, '../../../.tmp/test-data'),
    JWT_SECRET: 'test-secret-that-is-long-enough-to-be-valid-0123456789',
    SEED_DEMO: 'false',
    // Tests count balances to the cent from zero; the sign-up grant has its own test (auth/signup-trial).
    TRIAL_POINTS_ON_SIGNUP: '0',
    // Test files share one redis-server: each platform gets its own key/queue/channel namespace.
    ...(mode === 'scaled' ? { REDIS_URL: inject('redisUrl'), REDIS_PREFIX: name } : {}),
    // Tests move the platform's clock hours and days ahead (past a draw, a kick-off) and keep using
    // the sessions they opened before: sessions here last a week and never idle out. The 12-hour and
    // 30-minute limits of production have their own tests (auth/sessions.test.ts).
    SESSION_TTL_SECONDS: String(7 * 24 * 3600),
    SESSION_IDLE_MINUTES: String(7 * 24 * 60),
    // Tests drive the operator's API with a password session; the second factor has its own tests (admin/).
    STAFF_MFA: 'off',
    // Members are signed up by the thousand here: argon2id at its minimum cost (auth/password-hash.test.ts checks the production one).
    PASSWORD_HASH: 'fast-for-tests',
    // A fresh install fills in 120 past draws of each of twelve lotteries (results pages, number
    // master); a test needs a few, and each boot would otherwise write ~1,400 draws and ~10,000 prize
    // rows. Tests about history set their own figure.
    DRAW_HISTORY_DRAWS: '3',
    KENO_HISTORY_DRAWS: '3',
    // Likewise football's 150 past matches with all their markets (~1 s of a boot).
    FOOTBALL_HISTORY_MATCHES: '12',
    // Three hours of fixtures (12 matches with every market) instead of twelve: pricing and storing
    // 48 was a quarter of a boot. Football's own tests set the fixtures they need.
    FOOTBALL_SIMULATION: JSON.stringify({ aheadHours: 3 }),
    ...env,
  });
  const platform = await createPlatform(config, createLogger(config.LOG_LEVEL, { test: name }));
  // Before any service starts: they all read this clock, and a test moves it past its deadlines.
  const clock = new TestClock();
  platform.now = clock.now;
  return Object.assign(platform, { clock });
}

/** A running server (HTTP + sockets + workers, or only one side with `role`) on a free port; `clock` is its platform's. */
export async function testServer(mode: Mode = 'embedded', env: Record<string, string> = {}, role: Role = 'all') {
  const platform = await testPlatform(mode, env);
  const server: RunningServer = await startServer(platform, role, 0, '127.0.0.1');
  return { platform, server, url: server.url!, services: server.services, clock: platform.clock, stop: () => server.stop() };
}
