import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { z } from 'zod';
import { configSchema } from '../../server/src/config.ts';
import { escapeCell, REPO_ROOT } from './markdown.ts';

/**
 * The settings table of docs/configuration.md, made from the config schema itself: every key of
 * `configSchema` in its order, its default as the text you would put in the environment, and what
 * it does — the `/** … *\/` comment above the key in server/src/config.ts, so the code and the page
 * say one thing. A key without such a comment is an error here: document it where it is defined.
 */

const CONFIG_FILE = path.join(REPO_ROOT, 'server/src/config.ts');

/** The JSDoc comment above each property of `configSchema = z.object({ … })`, as one line of text. */
export function configComments(source = fs.readFileSync(CONFIG_FILE, 'utf8')): Map<string, string> {
  const file = ts.createSourceFile(CONFIG_FILE, source, ts.ScriptTarget.ES2022, true);
  const comments = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === 'configSchema' && node.initializer && ts.isCallExpression(node.initializer)) {
      const shape = node.initializer.arguments[0];
      if (shape && ts.isObjectLiteralExpression(shape)) {
        for (const property of shape.properties) {
          const name = property.name?.getText(file);
          const ranges = ts.getLeadingCommentRanges(source, property.getFullStart()) ?? [];
          const jsdoc = ranges.map((r) => source.slice(r.pos, r.end)).filter((text) => text.startsWith('/**')).at(-1);
          if (name && jsdoc) comments.set(name, jsdocText(jsdoc));
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return comments;
}

function jsdocText(comment: string): string {
  return comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

type Def = { type: string; innerType?: z.ZodType; defaultValue?: unknown; entries?: Record<string, string>; in?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A key's default as environment text (`undefined`: no default, the setting is off until set). */
export function defaultText(key: string): string | undefined {
  const def = defOf(configSchema.shape[key as keyof typeof configSchema.shape]);
  if (def.type !== 'default') return undefined;
  const value = def.defaultValue;
  if (typeof value === 'string' && path.isAbsolute(value) && value.startsWith(REPO_ROOT)) return path.relative(REPO_ROOT, value) || '.';
  if (Array.isArray(value) && value.length && value.every((item) => typeof item === 'string')) return value.join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** What values a key takes, when the schema says so plainly: an enum's members, or a yes/no. */
export function choicesOf(key: string): string[] | undefined {
  let def = defOf(configSchema.shape[key as keyof typeof configSchema.shape]);
  while ((def.type === 'default' || def.type === 'optional') && def.innerType) def = defOf(def.innerType);
  if (def.type === 'pipe' && def.in) {
    const input = defOf(def.in);
    if (input.type === 'enum' && input.entries && 'true' in input.entries && 'false' in input.entries) return ['true', 'false'];
  }
  return def.type === 'enum' && def.entries ? Object.values(def.entries) : undefined;
}

export function configKeys(): string[] {
  return Object.keys(configSchema.shape);
}

/** The table (Markdown) of every setting; throws naming the keys that have no comment in config.ts. */
export function configTable(comments = configComments()): string {
  const undocumented = configKeys().filter((key) => !comments.has(key));
  if (undocumented.length) {
    throw new Error(`server/src/config.ts: add a /** … */ comment above ${undocumented.join(', ')} (it becomes the key's line in docs/configuration.md)`);
  }
  const rows = configKeys().map((key) => {
    const fallback = defaultText(key);
    const choices = choicesOf(key);
    const said = comments.get(key)!;
    const values = choices && !choices.every((choice) => said.includes(`\`${choice}\``)) ? ` Values: ${choices.map((c) => `\`${c}\``).join(', ')}.` : '';
    const shownDefault = fallback === undefined ? 'unset' : fallback === '' ? '(empty)' : `\`${escapeCell(fallback)}\``;
    return `| \`${key}\` | ${shownDefault} | ${escapeCell(said + values)} |`;
  });
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}
