/**
 * `npm run docs:generate`: rewrites the generated parts of docs/ from the code they describe — the
 * settings table (server/src/config.ts) and the product tables (common/'s catalogue). With
 * `--check` it changes nothing and exits 1 when a page is out of date; scripts/docs/docs.test.ts
 * makes the same comparison in the unit tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './markdown.ts';
import { generatedPages } from './pages.ts';

const check = process.argv.includes('--check');
const stale = generatedPages().filter((page) => page.current !== page.expected);
for (const page of stale) {
  if (check) console.error(`${page.file} is out of date: run npm run docs:generate`);
  else fs.writeFileSync(path.join(REPO_ROOT, page.file), page.expected);
}
if (!check) console.log(stale.length ? `updated ${stale.map((p) => p.file).join(', ')}` : 'docs/ is up to date');
process.exitCode = check && stale.length ? 1 : 0;
