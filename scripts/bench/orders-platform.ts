/**
 * The platform `npm run bench:orders` measures, started as real processes on 127.0.0.1 (process
 * control from scripts/chaos/procs.ts: own process groups, a log file each, stopped in order):
 *
 * - embedded: one `ROLE=all` server with its embedded PostgreSQL (EMBEDDED_PG_PORT chosen here so
 *   the bench and pgbench can reach the same database) and BullMQ on PostgreSQL;
 * - redis: a throwaway redis-server (no persistence), a standalone embedded PostgreSQL
 *   (scripts/embedded-db.ts) and one `ROLE=all` server with REDIS_URL and DATABASE_URL set;
 * - scaled: the same, but a `ROLE=api` server answering HTTP and a `ROLE=worker` process buying
 *   (the scaled deployment's shape, one of each).
 *
 * One CAB01 issue stays on sale for the whole run (a draw every 10 minutes, cut-off 5 s before),
 * purchases take 20 ms, and sign-ups from this machine are not limited.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../loadtest/server-process.ts';
import { sleep, spawnProc, watchPostgresDir, type Proc } from '../chaos/procs.ts';

export type BenchMode = 'embedded' | 'redis' | 'scaled';

export const OPERATOR = { email: 'operator@example.com', password: 'operator-pass-2026' };
export const PRODUCT = 'CAB01';
export const SCHEDULE = { intervalSeconds: 600, salesCloseSeconds: 5 };
export const PURCHASE_LATENCY_MS = 20;
/** user, password and database of server/src/db/embedded-postgres.ts */
const pgUrl = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/gpoints`;

export interface BenchPlatform {
  mode: BenchMode;
  url: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  /** The Node process serving HTTP (and running the workers, but in scaled mode). */
  server: Proc;
  /** Scaled mode: the `ROLE=worker` process. */
  worker?: Proc;
  /** PostgreSQL's data directory. */
  clusterDir: string;
  /** Where the server writes its mail (DATA_DIR/mail), sign-up codes included. */
  mailDir: string;
  logFiles: string[];
}

/** Whatever the calling shell has set, the server gets exactly this (plus per-mode settings). */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|REDIS_URL|REDIS_PREFIX|PORT|ROLE|DATA_DIR|EMBEDDED_PG_PORT|JWT_SECRET|SEED_DEMO|STAFF_MFA|SMTP_URL|MAIL_DIR|PURCHASE_.*|KENO_.*|OPERATOR_.*|SIGNUP_.*)$/.test(key)) delete env[key];
  }
  return {
    ...env,
    // Not a production deployment (simulated gateways, mail to files): production would refuse to start without SMTP_URL.
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    ROLE: 'all',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    SHUTDOWN_TIMEOUT_MS: '10000',
    DEMO: 'true', // a production build running the demo's simulated parts and its seeded operator (production-readiness.ts)
    SEED_DEMO: 'true', // the operator account that issues the members' PINs
    // … for every member at once: the staff money bounds (docs/money-controls.md) are out of the bench's way.
    ADJUSTMENT_APPROVAL_POINTS: '1000000000000',
    PIN_DAILY_MAX_POINTS: '1000000000000',
    STAFF_MFA: 'off', // the operator signs in with a password only (production asks staff for a second factor)
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    KENO_PRODUCTS: PRODUCT,
    KENO_SCHEDULE_OVERRIDES: JSON.stringify({ [PRODUCT]: SCHEDULE }),
    PURCHASE_LATENCY_MS: String(PURCHASE_LATENCY_MS),
    // Every member signs up from 127.0.0.1: the per-address sign-up limit is for the internet.
    SIGNUP_MAX_PER_ADDRESS: '1000000',
    CLIENT_DIST: '/nonexistent-bench-client-dist', // the bench speaks the API only
    ...extra,
  };
}

/** GET /api/health answers 200 (the server's own checks pass) within `timeoutMs`. */
async function waitHealthy(url: string, server: Proc, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`the server ended during start-up (${await server.exited}); see ${server.logFile}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url}/api/health did not answer 200 within ${timeoutMs / 1000} s; see ${server.logFile}`);
}

async function startServer(serverRoot: string, runDir: string, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnProc({
    name: 'server',
    command: process.execPath,
    // BENCH_CPU_PROF=DIR: the server writes a V8 CPU profile there when it stops (where intake spends its time).
    args: [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), '--import', 'tsx', 'server/src/main.ts'],
    cwd: serverRoot,
    env: serverEnv({ PORT: String(port), ...env }),
    logFile: path.join(runDir, 'server.log'),
    rank: 1,
  });
  // main.ts prints its banner on stdout once the demo seeding (the operator account) is done.
  const seeded = server.waitForLine('the end of seeding', (line) => line.includes('GPoints platform is running'), 180_000);
  seeded.catch(() => undefined);
  await waitHealthy(url, server, 180_000);
  await seeded;
  return { server, url };
}

/**
 * A `ROLE=worker` process, ready once it has registered its schedules (rows of
 * `scheduler_heartbeats` newer than its start): it answers no HTTP and logs only warnings here.
 */
async function startWorker(serverRoot: string, runDir: string, databaseUrl: string, env: Record<string, string>) {
  const startedAt = new Date();
  const worker = spawnProc({
    name: 'worker',
    command: process.execPath,
    args: ['--import', 'tsx', 'server/src/main.ts'],
    cwd: serverRoot,
    env: serverEnv({ PORT: '0', SEED_DEMO: 'false', ...env }),
    logFile: path.join(runDir, 'worker.log'),
    rank: 1,
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (!worker.alive()) throw new Error(`the worker ended during start-up (${await worker.exited}); see ${worker.logFile}`);
      const { rows } = await client.query<{ n: string }>('select count(*) as n from scheduler_heartbeats where registered_at >= $1', [startedAt]);
      if (Number(rows[0]!.n) > 0) return worker;
      if (Date.now() > deadline) throw new Error(`the worker registered no schedule within 120 s; see ${worker.logFile}`);
      await sleep(200);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startPlatform(mode: BenchMode, options: { serverRoot: string; runDir: string }): Promise<BenchPlatform> {
  const { serverRoot, runDir } = options;
  fs.mkdirSync(runDir, { recursive: true });
  const dataDir = path.join(runDir, 'data');
  const clusterDir = path.join(dataDir, 'postgres');
  watchPostgresDir(clusterDir); // stopped at the end even if its server was killed
  const pgPort = await freePort();
  const databaseUrl = pgUrl(pgPort);

  if (mode === 'embedded') {
    const { server, url } = await startServer(serverRoot, runDir, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: '', REDIS_URL: '' });
    return { mode, url, databaseUrl, redisUrl: undefined, server, clusterDir, mailDir: path.join(dataDir, 'mail'), logFiles: [server.logFile] };
  }

  const redisPort = await freePort();
  const redis = spawnProc({
    name: 'redis',
    command: process.env.REDIS_SERVER_BIN || 'redis-server',
    args: ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
    cwd: runDir,
    env: process.env,
    logFile: path.join(runDir, 'redis.log'),
    rank: 2,
  });
  const postgres = spawnProc({
    name: 'postgres',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/embedded-db.ts'],
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) },
    logFile: path.join(runDir, 'postgres.log'),
    rank: 3,
    stdin: 'pipe', // embedded-db.ts stops its PostgreSQL when we go away
  });
  await Promise.all([
    redis.waitForLine('readiness ("Ready to accept connections")', (line) => line.includes('Ready to accept connections'), 30_000),
    postgres.waitForLine('its database URL', (line) => line.startsWith('{') && line.includes('databaseUrl'), 120_000),
  ]);
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const shared = { DATA_DIR: path.join(runDir, 'server-data'), DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
  if (mode === 'redis') {
    const { server, url } = await startServer(serverRoot, runDir, shared);
    return { mode, url, databaseUrl, redisUrl, server, clusterDir, mailDir: path.join(shared.DATA_DIR, 'mail'), logFiles: [server.logFile, redis.logFile, postgres.logFile] };
  }
  const { server, url } = await startServer(serverRoot, runDir, { ...shared, ROLE: 'api' });
  const worker = await startWorker(serverRoot, runDir, databaseUrl, { ...shared, ROLE: 'worker' });
  return { mode, url, databaseUrl, redisUrl, server, worker, clusterDir, mailDir: path.join(shared.DATA_DIR, 'mail'), logFiles: [server.logFile, worker.logFile, redis.logFile, postgres.logFile] };
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used, from /proc. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** The machine's busy and total CPU time so far (all cores), from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}
