import { defineConfig } from 'vitest/config';
import { catalogueParts } from './client/build/catalogue-parts.ts';

/**
 * Three projects, all run by `npx vitest run` (what `npm test` calls):
 * - `unit`: the logic of common/ and client/, and the checks of docs/ (scripts/docs), in plain Node. No DOM, no database, no Redis, no global
 *   setup: `npm run test:unit` runs it alone in about 4 seconds.
 * - `components`: client React components under happy-dom (`*.dom.test.ts(x)` files: slip, picker,
 *   wallet and console widgets). Importing React, react-intl and a DOM per file costs more than all
 *   the unit tests together, so it is its own project (`npm run test:components`).
 * - `integration`: server/test/** against a real PostgreSQL and redis-server, started once by the
 *   global setup (which, being on this project only, never runs for `--project unit`).
 */
export default defineConfig({
  // The message catalogues' parts (client/src/shared/i18n/message-catalogue.ts imports them).
  plugins: [catalogueParts()],
  test: {
    pool: 'forks',
    // Three forks on two cores: an integration file spends much of its time waiting (on PostgreSQL,
    // Redis, a child process, a BullMQ delay), and a third fork fills that idle time. Measured on
    // this 2-core machine, idle: the whole run 186 s with two forks, 163 s with three.
    maxWorkers: 3,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['common/src/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/*.dom.test.{ts,tsx}'],
          // Pure functions: no file leaves state behind, so the files share their workers' module
          // cache (a third of the time of importing per file).
          isolate: false,
          testTimeout: 5_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['client/src/**/*.dom.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Each test renders on fresh atoms and a fresh query client, and cleans up after itself.
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
