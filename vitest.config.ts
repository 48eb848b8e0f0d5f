import { defineConfig } from 'vitest/config';

/**
 * Two projects, both run by `npx vitest run` (what `npm test` calls):
 * - `unit`: common/ and client/ (logic, and React components under happy-dom, chosen per file with a
 *   `@vitest-environment happy-dom` comment). No database, no Redis, no global setup:
 *   `npm run test:unit` runs it alone in a few seconds.
 * - `integration`: server/test/** against a real PostgreSQL and redis-server, started once by the
 *   global setup (which, being on this project only, never runs for `--project unit`).
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['common/src/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
          // Pure functions and components on fresh atoms/stores: no file leaves state behind, so the
          // files share their workers' module cache (a third of the time of importing per file).
          isolate: false,
          testTimeout: 5_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/test/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // Each file boots its own platform on its own database (server/test/support/platform.ts), and
          // no test mocks a module: the files can share their worker's module cache. Importing the
          // server afresh for each of ~160 files cost about 40% of the suite's wall time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
