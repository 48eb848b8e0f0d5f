import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './markdown.ts';

/** Where the names the pages quote must come from: the code, the scripts, the compose file. */
const SOURCES = ['common/src', 'server/src', 'server/test/support', 'client/src', 'client/e2e', 'scripts', 'docker-compose.yml', 'playwright.config.ts', 'package.json'];

function sourceText(): string {
  const read = (at: string): string[] => {
    const full = path.join(REPO_ROOT, at);
    if (!fs.existsSync(full)) return [];
    if (fs.statSync(full).isFile()) return [fs.readFileSync(full, 'utf8')];
    return fs
      .readdirSync(full, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? read(path.join(at, entry.name)) : /\.(ts|tsx|mjs|json|ya?ml)$/.test(entry.name) && !entry.name.includes('.test.') ? read(path.join(at, entry.name)) : []));
  };
  return SOURCES.flatMap(read).join('\n');
}

let cached: string | undefined;

/**
 * The SHOUTED_NAMES a page quotes in code spans (`PURCHASE_GATEWAY=manual`, `HKJC_CONVENTIONS`)
 * that appear nowhere in the code: a setting or a constant that does not exist, or no longer does.
 */
export function unknownNames(file: string): string[] {
  cached ??= sourceText();
  const page = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const names = new Set<string>();
  for (const [, span] of page.matchAll(/`([^`\n]+)`/g)) for (const [name] of span!.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) names.add(name);
  return [...names].filter((name) => !new RegExp(`\\b${name}\\b`).test(cached!)).map((name) => `${file}: ${name} is not a name the code knows`);
}

/** The `npm run <script>` a page tells you to run that no package.json has (`-w <workspace>` read from that workspace's). */
export function unknownScripts(file: string): string[] {
  const page = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const problems: string[] = [];
  for (const [, script, workspace] of page.matchAll(/npm run ([\w:-]+)(?: -w ([\w-]+))?/g)) {
    const manifest = path.join(REPO_ROOT, workspace ?? '', 'package.json');
    const scripts = fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {} : {};
    if (!(script! in scripts)) problems.push(`${file}: npm run ${script}${workspace ? ` -w ${workspace}` : ''} is no script`);
  }
  return problems;
}
