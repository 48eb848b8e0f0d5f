/**
 * The two topologies the chaos suite runs, on 127.0.0.1 with fixed ports (so a restarted process
 * comes back where its clients look for it):
 *
 * - embedded: one `ROLE=all` server with its embedded PostgreSQL (DATA_DIR in the run folder,
 *   EMBEDDED_PG_PORT chosen here so the audit can connect), BullMQ on PostgreSQL.
 * - scaled: PostgreSQL from scripts/embedded-db.ts, a redis-server with its own `--dir` and AOF on
 *   (`--appendonly yes --appendfsync always`, so it can be restarted with or without its data),
 *   api ×2 (`ROLE=api`) and worker ×1 (`ROLE=worker`) sharing DATABASE_URL, REDIS_URL, JWT_SECRET,
 *   as scripts/scaled-local.mjs starts them.
 *
 * Fast schedules everywhere: CAB01 every 20 s and KRB01 every 30 s (cut-off 5 s before the draw),
 * a football kick-off every minute with 1-minute matches and a 15-s sales lead, 200 ms purchases.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../loadtest/server-process.ts';
import { sleep, spawnProc, watchPostgresDir, type Proc } from './procs.ts';

export type Mode = 'embedded' | 'scaled';

/** Schedules the load driver and the audit rely on (kept here next to the env that sets them). */
export const SCHEDULE = {
  keno: { CAB01: { intervalSeconds: 20, salesCloseSeconds: 5 }, KRB01: { intervalSeconds: 30, salesCloseSeconds: 5 } },
  football: { kickOffEveryMinutes: 1, aheadHours: 0.5, matchMinutes: 1, voidRate: 0.05, moveShare: 0.1 },
  footballLeadSeconds: 15,
  purchaseLatencyMs: 200,
} as const;

export const OPERATOR = { email: 'operator@example.com', password: 'operator-pass-2026' };

/** Whatever the calling shell has set, the servers get exactly this (plus per-process settings). */
function baseServerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|REDIS_URL|REDIS_PREFIX|PORT|ROLE|DATA_DIR|EMBEDDED_PG_PORT|JWT_SECRET|SEED_DEMO|DEMO|ALLOW_SIMULATED|SMTP_URL|MAIL_DIR|PURCHASE_.*|KENO_.*|FOOTBALL_.*|ODDS_.*|OPERATOR_.*)$/.test(key)) delete env[key];
  }
  return {
    ...env,
    // Not a production deployment (simulated gateways, mail to files): production would refuse to start without SMTP_URL.
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_MS: '5000',
    KENO_PRODUCTS: 'CAB01,KRB01',
    KENO_SCHEDULE_OVERRIDES: JSON.stringify(SCHEDULE.keno),
    DRAWS_AHEAD_HOURS: '1',
    FOOTBALL_SIMULATION: JSON.stringify(SCHEDULE.football),
    FOOTBALL_SALES_CLOSE_LEAD_SECONDS: String(SCHEDULE.footballLeadSeconds),
    PURCHASE_LATENCY_MS: String(SCHEDULE.purchaseLatencyMs),
    DEMO: 'true', // a production build running the demo's simulated parts and its seeded operator (production-readiness.ts)
    STAFF_MFA: 'off', // the chaos load issues PINs as the operator with a password session
    // … and adjusts members' points, for every member: the staff money bounds (docs/money-controls.md) are out of its way.
    ADJUSTMENT_APPROVAL_POINTS: '1000000000000',
    PIN_DAILY_MAX_POINTS: '1000000000000',
    // Every member signs up from 127.0.0.1: the per-address sign-up limit is for the internet.
    SIGNUP_MAX_PER_ADDRESS: '100000',
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    CLIENT_DIST: '/nonexistent-chaos-client-dist', // nothing to serve: the suite speaks the API only
  };
}

export interface ServerNode {
  readonly name: string;
  readonly role: 'all' | 'api' | 'worker';
  /** Base URL of its HTTP server (none for the worker). */
  readonly url: string | undefined;
  readonly logFile: string;
  proc: Proc | undefined;
  /** Extra env kept for every later start (the gateway fault sets and clears it). */
  extraEnv: Record<string, string>;
  /** Spawns it on its port with its data. Resolves once it has started (see `ready`). */
  start(): Promise<void>;
  /**
   * Resolves when it serves: /api/health answers, 200 or not (api, all; with the time of that
   * first answer), or its start-up line (worker). A seeding node also waits for seeding to end.
   */
  ready(timeoutMs?: number): Promise<number | undefined>;
  kill9(): Promise<string>;
  stop(): Promise<string>;
}

export interface Service {
  readonly name: string;
  readonly logFile: string;
  proc: Proc | undefined;
  /** Starts it and resolves when it accepts connections. */
  start(options?: { empty?: boolean }): Promise<void>;
  kill9(): Promise<string>;
  stop(): Promise<string>;
}

export interface Topology {
  mode: Mode;
  runDir: string;
  /** Nodes serving HTTP and sockets, in a fixed order (a member's home node is an index here). */
  apis: ServerNode[];
  worker: ServerNode | undefined;
  /** Every server process (apis and worker). */
  servers: ServerNode[];
  redis: Service | undefined;
  postgres: Service | undefined;
  databaseUrl: string;
  /** Data directory of the PostgreSQL cluster. */
  clusterDir: string;
  /** Where the servers write their mail (DATA_DIR/mail: no SMTP_URL here), sign-up codes included. */
  mailDir: string;
  start(): Promise<void>;
}

/** GET /api/health: its status code, or null when nothing answered. */
export async function healthStatus(url: string): Promise<number | null> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1500) });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch {
    return null;
  }
}

/**
 * Polls /api/health every 100 ms: when it first answered at all (the node serves again) and when it
 * first answered 200 (healthy; a 503 means a scheduler stalled), or undefined if not within `timeoutMs`.
 */
export async function watchHealth(
  url: string,
  timeoutMs: number,
  proc?: Proc,
  until: 'answer' | 'healthy' = 'healthy',
): Promise<{ answeredAt?: number; healthyAt?: number; lastStatus: number | null }> {
  const deadline = Date.now() + timeoutMs;
  let answeredAt: number | undefined;
  let lastStatus: number | null = null;
  while (Date.now() < deadline) {
    if (proc && !proc.alive()) break;
    const status = await healthStatus(url);
    lastStatus = status;
    if (status !== null) answeredAt ??= Date.now();
    if (status === 200) return { answeredAt, healthyAt: Date.now(), lastStatus };
    if (status !== null && until === 'answer') return { answeredAt, lastStatus };
    await sleep(100);
  }
  return { answeredAt, lastStatus };
}

function serverNode(options: {
  name: string;
  role: 'all' | 'api' | 'worker';
  root: string;
  runDir: string;
  port?: number;
  env: () => Record<string, string>;
  /** Seeds the demo data (and so prints the banner once seeding is done). */
  seeds: boolean;
}): ServerNode {
  const { name, role, root, runDir, port } = options;
  const url = port ? `http://127.0.0.1:${port}` : undefined;
  const logFile = path.join(runDir, `${name}.log`);
  let starts = 0;
  const node: ServerNode = {
    name,
    role,
    url,
    logFile,
    proc: undefined,
    extraEnv: {},
    async start() {
      if (node.proc?.alive()) throw new Error(`${name} is already running`);
      starts++;
      node.proc = spawnProc({
        name,
        command: process.execPath,
        args: ['--import', 'tsx', 'server/src/main.ts'],
        cwd: root,
        logFile,
        rank: role === 'worker' ? 0 : 1,
        env: {
          ...baseServerEnv(),
          ROLE: role,
          ...(port ? { PORT: String(port) } : {}),
          // Only the first start of the first api seeds in the scaled mode; the all-in-one seeds every start (idempotent).
          SEED_DEMO: String(options.seeds && (role === 'all' || starts === 1)),
          ...options.env(),
          ...node.extraEnv,
        },
      });
    },
    async ready(timeoutMs = 90_000) {
      const proc = node.proc;
      if (!proc) throw new Error(`${name} was not started`);
      const seeded = options.seeds && (role === 'all' || starts === 1);
      const banner = seeded ? proc.waitForLine('end of demo seeding', (line) => line.includes('GPoints platform is running'), timeoutMs) : undefined;
      banner?.catch(() => undefined);
      let answeredAt: number | undefined;
      if (url) {
        const health = await watchHealth(url, timeoutMs, proc, 'answer');
        if (health.answeredAt === undefined) {
          throw new Error(`${name}: ${url}/api/health did not answer within ${timeoutMs / 1000} s (${proc.alive() ? 'still running' : await proc.exited}); see ${logFile}`);
        }
        answeredAt = health.answeredAt;
      } else {
        await proc.waitForLine('start-up ("worker running")', (line) => line.includes('"worker running"'), timeoutMs);
      }
      await banner;
      return answeredAt;
    },
    kill9: () => node.proc?.kill9() ?? Promise.resolve('not running'),
    stop: () => node.proc?.stop(20_000) ?? Promise.resolve('not running'),
  };
  return node;
}

export async function embeddedTopology(root: string, runDir: string): Promise<Topology> {
  fs.mkdirSync(runDir, { recursive: true });
  const dataDir = path.join(runDir, 'data');
  const clusterDir = path.join(dataDir, 'postgres');
  const pgPort = await freePort();
  const port = await freePort();
  watchPostgresDir(clusterDir);
  const all = serverNode({
    name: 'all',
    role: 'all',
    root,
    runDir,
    port,
    seeds: true,
    env: () => ({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: '', REDIS_URL: '' }),
  });
  return {
    mode: 'embedded',
    runDir,
    apis: [all],
    worker: undefined,
    servers: [all],
    redis: undefined,
    postgres: undefined,
    clusterDir,
    mailDir: path.join(dataDir, 'mail'),
    // user, password and database of server/src/db/embedded-postgres.ts
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/gpoints`,
    async start() {
      await all.start();
      await all.ready(120_000);
    },
  };
}

export async function scaledTopology(root: string, runDir: string): Promise<Topology> {
  fs.mkdirSync(runDir, { recursive: true });
  const dataDir = path.join(runDir, 'data');
  const clusterDir = path.join(dataDir, 'postgres');
  const redisDir = path.join(runDir, 'redis');
  const [pgPort, redisPort, apiPort1, apiPort2] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const jwtSecret = crypto.randomBytes(48).toString('base64url');
  watchPostgresDir(clusterDir);
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/gpoints`;
  const redisUrl = `redis://127.0.0.1:${redisPort}`;

  const postgresLog = path.join(runDir, 'postgres.log');
  const postgres: Service = {
    name: 'postgres',
    logFile: postgresLog,
    proc: undefined,
    async start() {
      postgres.proc = spawnProc({
        name: 'postgres',
        command: process.execPath,
        args: ['--import', 'tsx', 'scripts/embedded-db.ts'],
        cwd: root,
        logFile: postgresLog,
        rank: 3,
        stdin: 'pipe', // embedded-db.ts stops its PostgreSQL when we go away
        env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) },
      });
      await postgres.proc.waitForLine('database URL', (line) => line.startsWith('{') && line.includes('databaseUrl'), 120_000);
    },
    kill9: () => postgres.proc?.kill9() ?? Promise.resolve('not running'),
    stop: () => postgres.proc?.stop(30_000) ?? Promise.resolve('not running'),
  };

  const redisLog = path.join(runDir, 'redis.log');
  const redis: Service = {
    name: 'redis',
    logFile: redisLog,
    proc: undefined,
    async start(options = {}) {
      if (options.empty) fs.rmSync(redisDir, { recursive: true, force: true });
      fs.mkdirSync(redisDir, { recursive: true });
      redis.proc = spawnProc({
        name: 'redis',
        command: process.env.REDIS_SERVER_BIN || 'redis-server',
        args: [
          '--port', String(redisPort), '--bind', '127.0.0.1', '--dir', redisDir,
          '--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--maxmemory-policy', 'noeviction',
        ],
        cwd: root,
        logFile: redisLog,
        rank: 2,
        env: process.env,
      });
      await redis.proc.waitForLine('readiness ("Ready to accept connections")', (line) => line.includes('Ready to accept connections'), 30_000);
    },
    kill9: () => redis.proc?.kill9() ?? Promise.resolve('not running'),
    stop: () => redis.proc?.stop(15_000) ?? Promise.resolve('not running'),
  };

  const shared = () => ({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, JWT_SECRET: jwtSecret, DATA_DIR: dataDir });
  const api1 = serverNode({ name: 'api1', role: 'api', root, runDir, port: apiPort1, seeds: true, env: shared });
  const api2 = serverNode({ name: 'api2', role: 'api', root, runDir, port: apiPort2, seeds: false, env: shared });
  const worker = serverNode({ name: 'worker', role: 'worker', root, runDir, seeds: false, env: shared });
  return {
    mode: 'scaled',
    runDir,
    apis: [api1, api2],
    worker,
    servers: [api1, api2, worker],
    redis,
    postgres,
    databaseUrl,
    clusterDir,
    mailDir: path.join(dataDir, 'mail'),
    async start() {
      await Promise.all([postgres.start(), redis.start()]);
      // The first api migrates and seeds; the others start once it serves (as scaled-local.mjs does).
      await api1.start();
      await api1.ready(120_000);
      await api2.start();
      await worker.start();
      await Promise.all([api2.ready(120_000), worker.ready(120_000)]);
    },
  };
}
