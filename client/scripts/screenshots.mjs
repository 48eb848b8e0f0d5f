// Screenshots of key pages in each language and theme, for a visual check of a build served by
// `npx vite preview --port 4399 --strictPort` (in client/). Uses Debian's Chromium, downloads nothing.
//   node client/scripts/screenshots.mjs [baseUrl] [outDir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const BASE = process.argv[2] ?? 'http://127.0.0.1:4399';
const OUT = process.argv[3] ?? '/tmp/gp-screenshots';
const PAGES = [
  ['home', '/', '.hero'],
  ['auth', '/auth', '[data-testid="signup-form"]'],
  ['not-found', '/no-such-page', '[data-testid="not-found"]'],
];
const LOCALES = ['zh-TW', 'en'];
const THEMES = ['dark', 'light'];
const VIEWPORTS = { desktop: { width: 1280, height: 860 }, mobile: { width: 390, height: 844 } };

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

let problems = 0;
try {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    for (const locale of LOCALES) {
      for (const theme of THEMES) {
        if (viewportName === 'mobile' && theme === 'light') continue;
        const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
        await context.addInitScript(
          ([l, t]) => {
            localStorage.setItem('locale', l);
            localStorage.setItem('color-scheme', t);
          },
          [locale, theme],
        );
        const page = await context.newPage();
        page.on('pageerror', (error) => {
          problems++;
          console.error(`[pageerror] ${error.message}`);
        });
        for (const [name, path, ready] of PAGES) {
          await page.goto(`${BASE}${path}`);
          await page.waitForSelector(ready, { timeout: 10_000 });
          await page.waitForTimeout(300);
          const file = join(OUT, `${name}-${locale}-${theme}-${viewportName}.png`);
          await page.screenshot({ path: file, fullPage: viewportName === 'desktop' });
          console.log(`${file}  lang=${await page.getAttribute('html', 'lang')} theme=${await page.getAttribute('html', 'data-theme')} title="${await page.title()}"`);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
if (problems) process.exitCode = 1;
