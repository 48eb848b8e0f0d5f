#!/usr/bin/env node
/**
 * `npm run scaled:local`: the scaled topology of docker-compose.yml, without Docker.
 *
 *   redis-server (Debian binary, free loopback port, no persistence)
 *   PostgreSQL    DATABASE_URL if set, else the project's embedded PostgreSQL in $DATA_DIR/postgres
 *   api × N       server/src/main.ts with ROLE=api, one per --api-ports entry (default 3101,3102)
 *   worker × 1    server/src/main.ts with ROLE=worker
 *
 * Every server process gets the same DATABASE_URL, REDIS_URL and JWT_SECRET (generated for this
 * run unless set). Only the first api seeds the demo data (SEED_DEMO), so seeding never races.
 * "Ready" means: every api answers GET /api/health, the first api has finished seeding and the
 * worker has started its queues (seen in its log when LOG_LEVEL shows info lines).
 *
 * Options:
 *   --api-ports 3101,3102   ports of the api processes (one process per port)
 *   --json                  print exactly one JSON line on stdout when ready:
 *                           {"api":[urls],"redisUrl":…,"databaseUrl":…,"pids":{…}}
 *                           (process logs go to stderr); used by server/test/scaled/
 *   --no-client-build       don't build the web client first (the apis serve it when built)
 *
 * Ctrl-C / SIGTERM stops the worker first (its active jobs finish), then the apis, then Redis and
 * the database. The children run in process groups of their own so a terminal's Ctrl-C reaches
 * only this script, which then stops them in that order.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { ensureClientBuilt } from './lib/client-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    'api-ports': { type: 'string', default: '3101,3102' },
    json: { type: 'boolean', default: false },
    'no-client-build': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  process.stdout.write('Usage: node scripts/scaled-local.mjs [--api-ports 3101,3102] [--json] [--no-client-build]\n');
  process.exit(0);
}
const apiPorts = options['api-ports'].split(',').map((p) => Number(p.trim()));
if (!apiPorts.length || apiPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65535) || new Set(apiPorts).size !== apiPorts.length) {
  console.error(`--api-ports needs distinct ports 1-65535, e.g. 3101,3102 (got "${options['api-ports']}")`);
  process.exit(64);
}

/** Human-facing output: stdout normally, stderr in --json mode (stdout carries the JSON line only). */
const out = options.json ? process.stderr : process.stdout;
const say = (line) => out.write(`[scaled] ${line}\n`);

const NODE_GRACE_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000) + 8_000; // main.ts forces exit at +5 s
const env = {
  ...process.env,
  JWT_SECRET: process.env.JWT_SECRET || crypto.randomBytes(48).toString('base64url'),
  DATA_DIR: path.resolve(root, process.env.DATA_DIR || '.data-scaled'),
  HOST: process.env.HOST || '127.0.0.1',
};
const logShowsInfo = ['trace', 'debug', 'info', undefined, ''].includes(process.env.LOG_LEVEL);

/** @type {{ name: string, child: import('node:child_process').ChildProcess, exited: Promise<string> }[]} */
const children = [];
let shutdown; // the shutdown in progress, once started
let signalled = false; // stopping on request: not a failure

function start(name, command, args, extraEnv = {}, onLine = () => undefined) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    detached: true, // own process group: the terminal's Ctrl-C is ours to relay, in order
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
    child.once('error', (error) => resolve(`could not start: ${error.message}`));
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      out.write(`[${name}] ${line}\n`);
      onLine(line);
    });
  }
  const entry = { name, child, exited };
  children.push(entry);
  void exited.then((how) => {
    if (!shutdown) void fail(`${name} stopped unexpectedly (${how})`);
  });
  return entry;
}

/**
 * Watches a child's output lines. `until(entry, what, ms, test)` resolves with the first line
 * matching `test`; it rejects if the child exits first or nothing matches within `ms`.
 */
function lineWatcher() {
  let waiting = [];
  return {
    onLine(line) {
      for (const w of waiting.filter((w) => w.test(line))) w.resolve(line);
      waiting = waiting.filter((w) => !w.test(line));
    },
    until(entry, what, timeoutMs, test) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${entry.name}: no ${what} within ${timeoutMs / 1000} s`)), timeoutMs);
        waiting.push({ test, resolve: (line) => (clearTimeout(timer), resolve(line)) });
        void entry.exited.then((how) => (clearTimeout(timer), reject(new Error(`${entry.name} exited before ${what} (${how})`))));
      });
    },
  };
}

async function waitForHealth(entry, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exitedHow;
  void entry.exited.then((how) => (exitedHow = how));
  for (;;) {
    if (exitedHow) throw new Error(`${entry.name} exited before answering ${url}/api/health (${exitedHow})`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry.name}: ${url}/api/health did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function stop(entries, graceMs) {
  await Promise.all(
    entries.map(async ({ name, child, exited }) => {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      child.kill('SIGTERM');
      const timer = new Promise((r) => setTimeout(() => r('timeout'), graceMs));
      if ((await Promise.race([exited, timer])) === 'timeout') {
        say(`${name} did not stop within ${graceMs / 1000} s; killing it`);
        try {
          process.kill(-child.pid, 'SIGKILL'); // its whole process group
        } catch {
          child.kill('SIGKILL');
        }
      }
      say(`${name} stopped (${await exited})`);
    }),
  );
}

/** Workers first (active jobs finish), then the apis, then Redis and the database. */
function stopAll() {
  shutdown ??= (async () => {
    const byName = (prefix) => children.filter((c) => c.name.startsWith(prefix));
    await stop(byName('worker'), NODE_GRACE_MS);
    await stop(byName('api'), NODE_GRACE_MS);
    await stop([...byName('redis'), ...byName('postgres')], 20_000);
  })();
  return shutdown;
}

async function fail(message) {
  if (signalled) return; // children exiting (and start-up giving up) is what we asked for
  say(`error: ${message}`);
  await stopAll();
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (shutdown) return;
    signalled = true;
    say(`${signal}: stopping the worker, then the apis, then Redis and the database…`);
    void stopAll().then(() => process.exit(0));
  });
}

async function main() {
  if (!options['no-client-build'] && !options.json) ensureClientBuilt();

  // Redis, on a free port that is none of the api ports (those are only reserved once the api
  // processes listen, so the OS may hand one of them out here — seen as api2's EADDRINUSE).
  let redisPort = await freePort();
  while (apiPorts.includes(redisPort)) redisPort = await freePort();
  const redisWatch = lineWatcher();
  const redisBin = process.env.REDIS_SERVER_BIN || 'redis-server';
  const redisArgs = ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'];
  const redis = start('redis', redisBin, redisArgs, {}, redisWatch.onLine);
  await redisWatch.until(redis, 'readiness ("Ready to accept connections")', 15_000, (l) => l.includes('Ready to accept connections'));
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  say(`redis-server ready at ${redisUrl} (pid ${redis.child.pid})`);

  // PostgreSQL
  let databaseUrl = process.env.DATABASE_URL;
  let postgres;
  if (databaseUrl) {
    say('using DATABASE_URL');
  } else {
    const pgWatch = lineWatcher();
    postgres = start('postgres', process.execPath, ['--import', 'tsx', 'scripts/embedded-db.ts'], {}, pgWatch.onLine);
    const line = await pgWatch.until(postgres, 'database URL', 120_000, (l) => l.startsWith('{') && l.includes('databaseUrl'));
    databaseUrl = JSON.parse(line).databaseUrl;
    say(`embedded PostgreSQL ready (data in ${path.relative(root, env.DATA_DIR) || '.'}/postgres)`);
  }

  const server = (name, role, extraEnv, onLine) =>
    start(name, process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { ROLE: role, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, ...extraEnv }, onLine);
  const urls = apiPorts.map((port) => `http://${env.HOST}:${port}`);

  // The first api migrates the database and seeds it; the rest start once it is up.
  const seeds = !['false', '0', 'no'].includes(process.env.SEED_DEMO ?? 'true');
  const firstWatch = lineWatcher();
  const first = server('api1', 'api', { PORT: String(apiPorts[0]), SEED_DEMO: String(seeds) }, firstWatch.onLine);
  // main.ts prints this banner once seeding is done (stdout, whatever the LOG_LEVEL).
  const seeded = seeds ? firstWatch.until(first, 'end of demo seeding', 120_000, (l) => l.includes('GPoints platform is running')) : Promise.resolve();
  void seeded.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  await waitForHealth(first, urls[0], 120_000);

  const others = apiPorts.slice(1).map((port, i) => ({ entry: server(`api${i + 2}`, 'api', { PORT: String(port), SEED_DEMO: 'false' }), url: urls[i + 1] }));
  const workerWatch = lineWatcher();
  const worker = server('worker', 'worker', { SEED_DEMO: 'false' }, workerWatch.onLine);
  await Promise.all([
    seeded,
    ...others.map(({ entry, url }) => waitForHealth(entry, url, 120_000)),
    logShowsInfo ? workerWatch.until(worker, 'start-up ("worker running")', 120_000, (l) => l.includes('"worker running"')) : undefined,
  ]);

  const pids = {
    redis: redis.child.pid,
    ...(postgres ? { postgres: postgres.child.pid } : {}),
    api: [first, ...others.map((o) => o.entry)].map((e) => e.child.pid),
    worker: worker.child.pid,
  };
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ api: urls, redisUrl, databaseUrl, pids })}\n`);
  } else {
    say('');
    say('Scaled topology running:');
    urls.forEach((url, i) => say(`  api${i + 1}    ${url}  (pid ${pids.api[i]})`));
    say(`  worker  pid ${worker.child.pid}`);
    say(`  redis   ${redisUrl}  (pid ${redis.child.pid})`);
    say(`  db      ${databaseUrl.replace(/\/\/[^@]*@/, '//')}${postgres ? `  (pid ${postgres.child.pid})` : ''}`);
    if (seeds) say(`  operator: ${process.env.OPERATOR_EMAIL || 'operator@example.com'} (password from OPERATOR_PASSWORD or its default)`);
    say('Press Ctrl-C to stop.');
  }
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
