#!/usr/bin/env node
/**
 * `npm run build -w server`: the server as plain JavaScript for `node`, no tsx at run time.
 *
 *   server/dist/server/src/main.js            the entry (`node server/dist/server/src/main.js`)
 *   server/dist/migrations/*.js               what server/src/db/migrate.ts imports
 *   server/dist/node_modules/@gp/common/      @gp/common compiled, with a package.json whose
 *                                             exports point at the JavaScript
 *
 * The server imports the workspace package by name (`@gp/common`), whose exports are its .ts sources
 * (what tsx, Vitest and Vite load in development). Node resolves a bare name from the nearest
 * node_modules upwards, so the compiled copy inside server/dist wins over the workspace link for
 * the built server only: nothing in development changes and dist/ is self-contained (third-party
 * packages still come from the installed node_modules).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'server/dist');
const commonOut = path.join(dist, 'node_modules/@gp/common');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function run(args) {
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

fs.rmSync(dist, { recursive: true, force: true });
run(['-p', 'server/tsconfig.build.json']);
run(['-p', 'common/tsconfig.build.json', '--outDir', path.join(commonOut, 'dist')]);

const common = JSON.parse(fs.readFileSync(path.join(root, 'common/package.json'), 'utf8'));
const manifest = {
  name: common.name,
  version: common.version,
  private: true,
  type: 'module',
  exports: { '.': './dist/index.js', './*': './dist/*.js' },
  dependencies: common.dependencies,
};
fs.writeFileSync(path.join(commonOut, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Built the server into ${path.relative(root, dist)}/ (entry: server/dist/server/src/main.js)`);
