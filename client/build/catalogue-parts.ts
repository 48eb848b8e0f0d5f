/**
 * The message catalogue of each language in two parts, so the home page does not download the
 * whole app's messages (issue 11: the zh-TW catalogue was 28 KB gzip of the home route's 196 KB):
 *
 * - `shell`: every message the frame and the home page can show — the ids written in the files of
 *   `SHELL_SOURCES` (quoted ids, and every id under a prefix they build at run time such as
 *   `error.${code}`). About a quarter of the catalogue.
 * - `pages`: the rest. Every route other than home asks for it before it renders (app/router.tsx).
 *
 * Each message is compiled here into the syntax tree react-intl formats (the ICU parser's own
 * output, `parse(message)` as intl-messageformat calls it), so the build leaves the parser out of
 * the browser (vite.config.ts: about 9 KB gzip).
 *
 * Each part is a module `virtual:catalogue/<locale>-<part>` (its chunk is named so); `virtual:catalogue-loaders` maps each
 * language of `src/shared/i18n/messages/` to its two loaders. The JSON files stay the one source
 * the translators and `catalogues.test.ts` work on. A message the shell shows that this scan
 * missed still appears: the provider fetches the `pages` part when a message is missing
 * (i18n-provider.tsx).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const SRC = path.resolve(import.meta.dirname, '../src');
const MESSAGES = path.join(SRC, 'shared/i18n/messages');
/** What the first paint of any page, and the home page itself, is made of (the entry chunk and the home route). */
const SHELL_SOURCES = ['main.tsx', 'app', 'boot', 'shared', 'features/layout', 'features/home'];

const LOADERS_ID = 'virtual:catalogue-loaders';
const PART_PREFIX = 'virtual:catalogue/';
export const CATALOGUE_PARTS = ['shell', 'pages'] as const;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  if (fs.statSync(dir).isFile()) return [dir];
  return fs.readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (fs.statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The ids of `ids` the shell's sources use: quoted whole, or under a prefix they complete at run time. */
export function shellMessageIds(ids: readonly string[], sources = SHELL_SOURCES.flatMap((entry) => sourceFiles(path.join(SRC, entry)))): Set<string> {
  const known = new Set(ids);
  const used = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of sources) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, id] of text.matchAll(/['"`]([a-zA-Z]+(?:\.[\w-]+)+)['"`]/g)) if (known.has(id!)) used.add(id!);
    for (const [, prefix] of text.matchAll(/`([a-zA-Z]+(?:\.\w+)*\.)\$\{/g)) prefixes.add(prefix!);
  }
  for (const id of ids) if ([...prefixes].some((prefix) => id.startsWith(prefix))) used.add(id);
  return used;
}

const readCatalogue = (locale: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(MESSAGES, `${locale}.json`), 'utf8'));

export function catalogueParts(): Plugin {
  return {
    name: 'gp-catalogue-parts',
    resolveId(id) {
      if (id === LOADERS_ID || id.startsWith(PART_PREFIX)) return `\0${id}`;
    },
    load(id) {
      if (id === `\0${LOADERS_ID}`) {
        const locales = fs.readdirSync(MESSAGES).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
        const entries = locales.map((locale) => {
          const parts = CATALOGUE_PARTS.map((part) => `${part}: () => import(${JSON.stringify(`${PART_PREFIX}${locale}-${part}`)}).then((m) => m.default)`);
          return `${JSON.stringify(locale)}: { ${parts.join(', ')} }`;
        });
        return `export default { ${entries.join(',\n')} };`;
      }
      if (!id.startsWith(`\0${PART_PREFIX}`)) return;
      const name = id.slice(`\0${PART_PREFIX}`.length);
      const locale = name.slice(0, name.lastIndexOf('-'));
      const part = name.slice(name.lastIndexOf('-') + 1);
      this.addWatchFile(path.join(MESSAGES, `${locale}.json`));
      const messages = readCatalogue(locale);
      // Which ids are the shell's is decided on the English catalogue, the source of every id.
      const shell = shellMessageIds(Object.keys(readCatalogue('en')));
      const picked = Object.fromEntries(Object.entries(messages).filter(([id]) => shell.has(id) === (part === 'shell')).map(([id, message]) => [id, parse(message)]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
