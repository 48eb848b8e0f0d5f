import path from 'node:path';

/** The repository root (this file is scripts/docs/markdown.ts). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Text safe inside one cell of a Markdown table: one line, `|` escaped. */
export const escapeCell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** The markers around a generated part of a page: `<!-- generated:name -->` … `<!-- /generated:name -->`. */
const markers = (name: string) => [`<!-- generated:${name} (npm run docs:generate) -->`, `<!-- /generated:${name} -->`] as const;

/** The page with the part named `name` replaced by `body`; throws when the page has no such part. */
export function replaceGenerated(page: string, name: string, body: string): string {
  const [open, close] = markers(name);
  const start = page.indexOf(open);
  const end = page.indexOf(close);
  if (start < 0 || end < start) throw new Error(`no "${open}" … "${close}" part in the page`);
  return `${page.slice(0, start + open.length)}\n${body.trim()}\n${page.slice(end)}`;
}
