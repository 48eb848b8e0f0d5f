import { defineConfig } from 'vitest/config';

/** Unit tests (common/, client/ logic) and server integration tests against a real Postgres (and Redis). */
export default defineConfig({
  test: {
    include: ['common/src/**/*.test.ts', 'server/test/**/*.test.ts', 'client/src/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
