#!/usr/bin/env node
// Merges translation fragments into the client's message catalogues:
//   node scripts/i18n-merge.mjs <dir>   where <dir> holds <locale>.json files (en.json required).
// New keys are added, existing keys are replaced, and every catalogue is written back sorted by
// key, so two people adding keys to the same catalogues never edit the same lines by hand.
import fs from 'node:fs';
import path from 'node:path';

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node scripts/i18n-merge.mjs <fragment-dir>');
  process.exit(64);
}
const catalogues = path.join(import.meta.dirname, '..', 'client', 'src', 'shared', 'i18n', 'messages');
const locales = fs.readdirSync(catalogues).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const fragment = (locale) => {
  const file = path.join(dir, `${locale}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
};
const english = fragment('en');
if (!english) {
  console.error(`${dir}/en.json is missing: English is the source of every key`);
  process.exit(65);
}
const missing = locales.filter((l) => !fragment(l));
if (missing.length) console.warn(`no fragment for ${missing.join(', ')}: those catalogues get only checks, not keys`);
for (const locale of locales) {
  const additions = fragment(locale);
  if (!additions) continue;
  const strays = Object.keys(additions).filter((k) => !(k in english));
  if (strays.length) console.warn(`${locale}: keys not in the English fragment: ${strays.join(', ')}`);
  const file = path.join(catalogues, `${locale}.json`);
  const merged = { ...JSON.parse(fs.readFileSync(file, 'utf8')), ...additions };
  const sorted = Object.fromEntries(Object.keys(merged).sort().map((k) => [k, merged[k]]));
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${locale}: ${Object.keys(additions).length} keys merged`);
}
