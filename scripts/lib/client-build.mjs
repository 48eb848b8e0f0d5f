import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the client when its dist is missing or older than any client or common source file. */
export function ensureClientBuilt({ force = false } = {}) {
  const index = path.join(root, 'client/dist/index.html');
  const sources = Math.max(newestMtime(path.join(root, 'client')), newestMtime(path.join(root, 'common/src')));
  if (!force && fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  console.log('Building the web client…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
