import fs from 'node:fs';
import path from 'node:path';
import { errorTable, routeTables } from './api-tables.ts';
import { configTable } from './config-table.ts';
import { REPO_ROOT, replaceGenerated } from './markdown.ts';
import { drawTable, footballFacts, kenoTable } from './product-tables.ts';

/** The pages of docs/ with parts made from the code they describe: page → part name → its body. */
const PARTS: Record<string, Record<string, () => string>> = {
  'docs/configuration.md': { settings: configTable },
  'docs/games.md': { 'keno-products': kenoTable, 'draw-products': drawTable, 'football-facts': footballFacts },
  'docs/api.md': { 'error-codes': errorTable, routes: routeTables },
};

/** Every such page as it is on disk and as it should be. */
export function generatedPages(): Array<{ file: string; current: string; expected: string }> {
  return Object.entries(PARTS).map(([file, parts]) => {
    const current = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    const expected = Object.entries(parts).reduce((page, [name, body]) => replaceGenerated(page, name, body()), current);
    return { file, current, expected };
  });
}
