import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** What the full test suite needs from the operating system, and the Debian package of each. */
export const SYSTEM_DEPS = [
  { binary: 'redis-server', pkg: 'redis-server', why: 'scaled-mode tests (BullMQ and the event bus on Redis)' },
  { binary: 'chromium', pkg: 'chromium', why: 'browser tests (Playwright drives Debian’s Chromium; nothing is downloaded)' },
];

/** `npm run bench:orders` also runs pgbench (Debian's PostgreSQL client tools) against the platform's database. */
export const PGBENCH_DEP = { binary: 'pgbench', pkg: 'postgresql-client', why: '`npm run bench:orders` (the database’s own transaction rate)' };

const has = (binary) => spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;

/**
 * Installs missing system packages when it can (Debian, as root), otherwise names them exactly
 * and exits. Returns quietly when everything is present. With `{ exit: false }` it returns false
 * instead of exiting (the caller does without them), true when everything is there.
 */
export function ensureSystemDeps(deps = SYSTEM_DEPS, { exit = true } = {}) {
  const missing = deps.filter((d) => !has(d.binary));
  if (!missing.length) return true;
  const packages = missing.map((d) => d.pkg);
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error('Missing system packages:');
    for (const d of missing) console.error(`  ${d.pkg}  — needed for ${d.why}`);
    console.error(`Install them with:  sudo apt-get install -y ${packages.join(' ')}`);
    if (!exit) return false;
    process.exit(1);
  }
  console.log(`Installing ${packages.join(', ')} with apt-get (one time)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  }
  if (result.status !== 0) {
    console.error(`apt-get could not install ${packages.join(' ')}; install them and run again.`);
    if (!exit) return false;
    process.exit(1);
  }
  return true;
}
