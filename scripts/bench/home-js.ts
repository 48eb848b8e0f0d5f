/**
 * `npm run bench:home-js`: the JavaScript the home route costs a first-time visitor, measured in a
 * real browser against the real server (built client, embedded mode, fresh DATA_DIR).
 *
 * Headless Chromium (Debian's /usr/bin/chromium) opens `/` as a visitor with no cache in the
 * chosen language (`--locale`, zh-TW by default: the product's default market), waits until the
 * network is idle, and lists every `/assets/*.js` the page fetched with its size after `gzip -9`
 * (what a compressing proxy sends), with the time each was fetched at.
 * The issue-11 goal is ≤ 150 KB in all. `--build` rebuilds the client first.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { startServerProcess } from '../loadtest/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'client/dist');
const argValue = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const locale = argValue('--locale') ?? 'zh-TW';
const GOAL_KB = 150;

if (process.argv.includes('--build') || !fs.existsSync(path.join(dist, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
}

const dataDir = path.join(root, '.tmp/bench-home-js');
fs.rmSync(dataDir, { recursive: true, force: true });
const server = await startServerProcess({
  root,
  dataDir,
  logFile: path.join(root, '.tmp/bench-home-js.log'),
  env: { CLIENT_DIST: dist, LOG_LEVEL: 'warn' },
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  await server.ready();
  const context = await browser.newContext({ locale, serviceWorkers: 'block' });
  // The language a visitor chose earlier (the locale atom keeps it in localStorage.locale).
  await context.addInitScript(`localStorage.setItem('locale', ${JSON.stringify(locale)})`);
  const page = await context.newPage();
  const fetched: { file: string; at: number }[] = [];
  // A message the home page shows but its catalogue part lacks is logged by the i18n provider.
  const i18nWarnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('[i18n]')) i18nWarnings.push(message.text());
  });
  const started = Date.now();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) fetched.push({ file: pathname.slice('/assets/'.length), at: Date.now() - started });
  });
  await page.goto(server.url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500); // anything fetched just after idle (the socket client, a late chunk)
  const fcp = await page.evaluate<number | null>(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null`);
  const htmlLang = await page.evaluate<string>('document.documentElement.lang');

  const rows = fetched.map(({ file, at }) => {
    const bytes = fs.readFileSync(path.join(dist, 'assets', file));
    return { file, at, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
  console.log(`Home route (/), visitor, locale ${locale} (page lang "${htmlLang}"), first contentful paint ${fcp === null ? '?' : Math.round(fcp) + ' ms'}`);
  console.log(`${'file'.padEnd(44)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)}  fetched at`);
  for (const row of rows) console.log(`${row.file.padEnd(44)} ${kb(row.raw)} ${kb(row.gzip)}  ${row.at} ms`);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const beforePaint = fcp === null ? null : rows.filter((row) => row.at <= fcp).reduce((sum, row) => sum + row.gzip, 0);
  console.log(`${'total'.padEnd(44)} ${kb(rows.reduce((sum, row) => sum + row.raw, 0))} ${kb(total)}  (${rows.length} files; goal ≤ ${GOAL_KB} KB gzip: ${total / 1024 <= GOAL_KB ? 'met' : 'not met'})`);
  if (beforePaint !== null) console.log(`${'of which fetched before the first contentful paint'.padEnd(44)} ${''.padStart(7)} ${kb(beforePaint)}`);
  console.log(`i18n warnings on the page: ${i18nWarnings.length}${i18nWarnings.map((text) => `\n  ${text}`).join('')}`);
  fs.writeFileSync(path.join(root, '.tmp/bench-home-js.json'), JSON.stringify({ locale, fcp, totalGzip: total, beforePaintGzip: beforePaint, i18nWarnings, files: rows }, null, 2));
} finally {
  await browser.close();
  await server.stop();
}
