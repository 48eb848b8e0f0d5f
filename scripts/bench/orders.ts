/**
 * `npm run bench:orders`: how many keno orders a second the real platform takes on this machine,
 * beside how many bare money transactions its PostgreSQL commits (pgbench), in each mode:
 *
 *   embedded  one ROLE=all server, embedded PostgreSQL, BullMQ on PostgreSQL
 *   redis     one ROLE=all server with REDIS_URL (BullMQ, bus and rate limits on a throwaway
 *             redis-server) and a standalone embedded PostgreSQL; only when redis-server is on PATH
 *
 * For each mode: start the platform (fresh DATA_DIR under .tmp/bench-orders-<stamp>/, one CAB01
 * issue on sale for the whole run, 20 ms purchases), sign up and top up the members (operator
 * PINs), keep `--concurrency` `POST /api/orders` in flight for `--seconds` after a `--warmup`
 * (keep-alive connections, each order with its own Idempotency-Key), then read the purchase
 * backlog (orders in 0/1, outbox, BullMQ queues), let it drain, check the books (ledger = balance
 * for every wallet, every order charged once), run pgbench with the bare money transaction of a
 * placement on the same database (scripts/bench/orders-pgbench.ts), print a table and write
 * `.tmp/bench-orders-<mode>.json`. The table also gives what PostgreSQL did per order during the
 * load (placement and purchase together, BullMQ's own statements included): top-level statements,
 * milliseconds executing them, and the costliest eight (pg_stat_statements, which the bench has
 * the embedded PostgreSQL load: EMBEDDED_PG_STATEMENT_STATS=1). A count of statements moves far
 * less from run to run than orders/s on a shared machine.
 *
 * Options:
 *   --mode embedded|redis|scaled|both   (both: embedded and redis; scaled: a ROLE=api and a ROLE=worker process)
 *   --members N                  members placing orders (64)
 *   --concurrency C              orders in flight (32)
 *   --seconds S                  measured seconds (20)
 *   --warmup S                   seconds of load before measuring (2)
 *   --pgbench-clients N          (16)        --pgbench-seconds S   (12)
 *   --pgbench-protocol P         simple|extended|prepared (extended: what node-postgres speaks)
 *   --no-pgbench                 skip pgbench
 *   --keep                       keep the run folder .tmp/bench-orders-<stamp>/ (data, logs, the
 *                                pgbench script); it is kept anyway when a mode fails
 *   --server-root DIR            run the server from another checkout (with node_modules)
 *   BENCH_CPU_PROF=DIR           (environment) the server writes a V8 CPU profile into DIR when it stops
 *
 * Stops everything it started, in order, also on Ctrl-C. Exits non-zero when a mode fails to run
 * or its books do not balance.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { setMaxListeners } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ensureSystemDeps, PGBENCH_DEP } from '../lib/system-deps.mjs';
import { sleep, stopEverything } from '../chaos/procs.ts';
import { fmt, summarize } from '../loadtest/stats.ts';
import { checkBooks, connect, readBacklog, readStatementStats, resetStatementStats, type Backlog, type Books, type StatementStats } from './orders-db.ts';
import { driveOrders, httpClient, issueOnSaleFor, prepareMembers, type Http, type LoadFigures } from './orders-load.ts';
import { syncWritesPerSecond } from './machine.ts';
import { runPgbench, stopPgbench, type PgbenchFigures } from './orders-pgbench.ts';
import { machineCpu, OPERATOR, processCpuSeconds, PURCHASE_LATENCY_MS, SCHEDULE, startPlatform, type BenchMode, type BenchPlatform } from './orders-platform.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'both' },
    members: { type: 'string', default: '64' },
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    'pgbench-clients': { type: 'string', default: '16' },
    'pgbench-seconds': { type: 'string', default: '12' },
    'pgbench-protocol': { type: 'string', default: 'extended' },
    'no-pgbench': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'server-root': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  const text = fs.readFileSync(new URL(import.meta.url), 'utf8');
  process.stdout.write(`${text.slice(text.indexOf('/**') + 4, text.indexOf('*/')).replace(/^ \* ?/gm, '')}\n`);
  process.exit(0);
}
function usage(message: string): never {
  console.error(`bench:orders: ${message}`);
  process.exit(64);
}
const whole = (name: string, min: number) => {
  const value = Number(args[name as keyof typeof args]);
  if (!Number.isInteger(value) || value < min) usage(`--${name} must be a whole number ≥ ${min}`);
  return value;
};
const settings = {
  members: whole('members', 1),
  concurrency: whole('concurrency', 1),
  seconds: whole('seconds', 1),
  warmup: whole('warmup', 0),
  pgbench: {
    clients: whole('pgbench-clients', 1),
    threads: Math.min(whole('pgbench-clients', 1), os.availableParallelism()),
    seconds: whole('pgbench-seconds', 1),
    protocol: args['pgbench-protocol'] as 'simple' | 'extended' | 'prepared',
  },
};
if (!['simple', 'extended', 'prepared'].includes(settings.pgbench.protocol)) usage('--pgbench-protocol must be simple, extended or prepared');
if (!['embedded', 'redis', 'scaled', 'both'].includes(args.mode!)) usage('--mode must be embedded, redis, scaled or both');
const serverRoot = path.resolve(args['server-root'] ?? root);
// Inherited by the server (embedded mode) and scripts/embedded-db.ts (Redis mode): see the top.
process.env.EMBEDDED_PG_STATEMENT_STATS = '1';
const redisThere = spawnSync(process.env.REDIS_SERVER_BIN || 'redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
const modes: BenchMode[] = args.mode === 'both' ? (redisThere ? ['embedded', 'redis'] : ['embedded']) : [args.mode as BenchMode];
if ((modes.includes('redis') || modes.includes('scaled')) && !redisThere) usage(`--mode ${args.mode} needs redis-server on PATH (Debian: apt-get install redis-server)`);
const withPgbench = !args['no-pgbench'] && ensureSystemDeps([PGBENCH_DEP], { exit: false });

const tmp = path.join(root, '.tmp');
const runRoot = path.join(tmp, `bench-orders-${new Date().toISOString().replace(/[:.]/g, '-')}`);
const POINTS_EACH = 10_000_000; // 100,000 GP a member: no run comes near spending it
const DRAIN_LIMIT_MS = 60_000;
const DESCRIPTION: Record<BenchMode, string> = {
  embedded: 'one ROLE=all process, embedded PostgreSQL, BullMQ on PostgreSQL',
  redis: 'one ROLE=all process with REDIS_URL (BullMQ, bus, rate limits on Redis), standalone embedded PostgreSQL',
  scaled: 'a ROLE=api process (HTTP) and a ROLE=worker process (purchases), Redis and a standalone embedded PostgreSQL',
};

const stop = new AbortController();
setMaxListeners(0, stop.signal); // every request in flight listens to it
let http: Http | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stop.signal.aborted) return;
    console.error(`\nbench:orders: ${signal}, stopping everything…`);
    stop.abort();
    stopPgbench();
    void http?.close().catch(() => undefined);
    void stopEverything().finally(() => {
      if (!args.keep) fs.rmSync(runRoot, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

interface ModeResult {
  mode: BenchMode;
  ordersPerSecond: number;
  latency: ReturnType<typeof summarize>;
  load: Omit<LoadFigures, 'latencyMs'>;
  backlogAtEnd: Backlog;
  drainedAfterSeconds: number | null;
  books: Books;
  booksOk: boolean;
  pgbench: PgbenchFigures | { skipped: string } | undefined;
  ratio: number | null;
  cpu: { backgroundBusy: number; serverCores: number; workerCores?: number; machineBusy: number; duringPgbench?: { serverCores: number; machineBusy: number } };
  /** During the load (warm-up included), intake and purchases together; undefined when not counted. */
  statements: StatementStats | undefined;
  serverEnded: string;
}

const syncWrites = syncWritesPerSecond(tmp);
console.log(`\nOrders benchmark — ${new Date().toISOString()}, node ${process.version}, ${os.availableParallelism()} cores, disk ${syncWrites} synchronous 8 KB writes/s`);
console.log(`  ${settings.members} members, ${settings.concurrency} orders in flight, ${settings.warmup} s warm-up + ${settings.seconds} s measured; ` +
  `CAB01 every ${SCHEDULE.intervalSeconds} s (cut-off ${SCHEDULE.salesCloseSeconds} s), purchases ${PURCHASE_LATENCY_MS} ms; ` +
  (withPgbench ? `pgbench ${settings.pgbench.clients} clients × ${settings.pgbench.seconds} s (-M ${settings.pgbench.protocol})` : 'no pgbench'));
if (!modes.includes('redis') && args.mode === 'both') console.log('  redis-server is not on PATH: the Redis mode is skipped');

const results: ModeResult[] = [];
let failed = false;
for (const mode of modes) {
  if (stop.signal.aborted) break;
  try {
    const result = await runMode(mode);
    results.push(result);
    printMode(result);
    fs.writeFileSync(path.join(tmp, `bench-orders-${mode}.json`), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cores: os.availableParallelism(), syncWrites, settings, ...result }, null, 2)}\n`);
    if (!result.booksOk || result.serverEnded !== 'exit code 0') failed = true;
  } catch (error) {
    if (stop.signal.aborted) break;
    failed = true;
    console.error(`\n  ✗ ${mode}: ${(error as Error).message}`);
    console.error(`    logs: ${path.relative(root, path.join(runRoot, mode))}/`);
    await stopEverything();
  }
}
if (results.length > 1) printSummary(results);
if (!stop.signal.aborted) {
  if (!failed && !args.keep) fs.rmSync(runRoot, { recursive: true, force: true });
  else console.log(`\n  run folder kept: ${path.relative(root, runRoot)}/`);
  process.exit(failed ? 1 : 0);
}

async function runMode(mode: BenchMode): Promise<ModeResult> {
  const runDir = path.join(runRoot, mode);
  const say = (line: string) => console.log(`  · ${line}`);
  console.log(`\n${mode} — ${DESCRIPTION[mode]}`);
  let t = performance.now();
  const elapsed = () => `${((performance.now() - t) / 1000).toFixed(1)} s`;
  const platform = await startPlatform(mode, { serverRoot, runDir });
  say(`platform ready in ${elapsed()} (server pid ${platform.server.pid}, logs in ${path.relative(root, runDir)}/)`);
  const db = connect(platform.databaseUrl);
  http = httpClient(platform.url, settings.concurrency + 8);
  try {
    t = performance.now();
    const prefix = `bench-${crypto.randomBytes(4).toString('hex')}-`;
    const members = await prepareMembers(http, prefix, settings.members, POINTS_EACH, OPERATOR, platform.mailDir);
    say(`${members.length} members signed up and topped up (${fmt(POINTS_EACH / 100)} GP each by operator PIN) in ${elapsed()}`);
    const clock = await issueOnSaleFor(http, settings.warmup + settings.seconds + 15, stop.signal, say);
    say(`placing orders on CAB01 issue ${clock.issue} (sales close ${clock.salesCloseAt})…`);

    // What else keeps this machine busy (another test run, a build): the figures mean less then.
    const quiet0 = machineCpu();
    await sleep(2000);
    const quiet1 = machineCpu();
    const backgroundBusy = (quiet1.busy - quiet0.busy) / Math.max(1, quiet1.total - quiet0.total);
    const counting = await resetStatementStats(db);
    const workerCpu = () => (platform.worker ? processCpuSeconds(platform.worker.pid) : Number.NaN);
    const cpu0 = { server: processCpuSeconds(platform.server.pid), worker: workerCpu(), machine: machineCpu() };
    const load = await driveOrders(http, members, clock.issue, { concurrency: settings.concurrency, seconds: settings.seconds, warmupSeconds: settings.warmup, signal: stop.signal });
    const cpu1 = { server: processCpuSeconds(platform.server.pid), worker: workerCpu(), machine: machineCpu() };
    if (stop.signal.aborted) throw new Error('stopped');
    const statements = counting ? await readStatementStats(db) : undefined;
    const loadSeconds = settings.warmup + load.seconds;
    const cpu: ModeResult['cpu'] = {
      backgroundBusy,
      serverCores: (cpu1.server - cpu0.server) / loadSeconds,
      ...(platform.worker ? { workerCores: (cpu1.worker - cpu0.worker) / loadSeconds } : {}),
      machineBusy: (cpu1.machine.busy - cpu0.machine.busy) / Math.max(1, cpu1.machine.total - cpu0.machine.total),
    };

    const emailLike = `${prefix}%`;
    const backlogAtEnd = await readBacklog(db, mode, platform, emailLike);
    t = performance.now();
    let drainedAfterSeconds: number | null = backlogAtEnd.open === 0 && backlogAtEnd.outboxRows === 0 ? 0 : null;
    while (drainedAfterSeconds === null && performance.now() - t < DRAIN_LIMIT_MS && !stop.signal.aborted) {
      await sleep(200);
      const { rows } = await db.query<{ open: string; outbox: string }>(
        `select (select count(*) from orders o join users u on u.id = o.user_id where u.email like $1 and o.status in (0, 1)) as open,
                (select count(*) from outbox) as outbox`,
        [emailLike],
      );
      if (Number(rows[0]!.open) === 0 && Number(rows[0]!.outbox) === 0) drainedAfterSeconds = (performance.now() - t) / 1000;
    }
    say(`backlog ${backlogAtEnd.open} orders in 0/1, ${backlogAtEnd.outboxRows} outbox rows at the end; ${drainedAfterSeconds === null ? `not drained after ${DRAIN_LIMIT_MS / 1000} s` : `drained ${drainedAfterSeconds.toFixed(1)} s later`}`);

    const books = await checkBooks(db, emailLike);
    const booksOk = books.mismatched === 0 && books.wronglyCharged === 0 && books.orders === load.totalCreated;

    let pgbench: ModeResult['pgbench'];
    if (!withPgbench) pgbench = { skipped: args['no-pgbench'] ? '--no-pgbench' : 'pgbench is not installed' };
    else {
      say(`pgbench: ${settings.pgbench.clients} clients for ${settings.pgbench.seconds} s on the same database…`);
      const { rows } = await db.query<{ id: string }>('select id from users where email like $1', [emailLike]);
      const cpuBefore = { server: processCpuSeconds(platform.server.pid), machine: machineCpu(), at: performance.now() };
      pgbench = await runPgbench(db, platform.databaseUrl, runDir, rows.map((r) => Number(r.id)), settings.pgbench, stop.signal);
      const seconds = (performance.now() - cpuBefore.at) / 1000;
      const machine = machineCpu();
      cpu.duringPgbench = {
        serverCores: (processCpuSeconds(platform.server.pid) - cpuBefore.server) / seconds,
        machineBusy: (machine.busy - cpuBefore.machine.busy) / Math.max(1, machine.total - cpuBefore.machine.total),
      };
    }
    const ordersPerSecond = load.seconds > 0 ? load.created / load.seconds : 0;
    const { latencyMs, ...loadRest } = load;
    // Our keep-alive connections go first, so the server's shutdown has none to wait for.
    await http.close().catch(() => undefined);
    return {
      mode,
      ordersPerSecond,
      latency: summarize(latencyMs),
      load: loadRest,
      backlogAtEnd,
      drainedAfterSeconds,
      books,
      booksOk,
      pgbench,
      ratio: pgbench && 'tps' in pgbench ? ordersPerSecond / pgbench.tps : null,
      cpu,
      statements,
      serverEnded: await stopPlatform(platform),
    };
  } finally {
    await http.close().catch(() => undefined);
    http = undefined;
    await db.end().catch(() => undefined);
    await stopEverything();
  }
}

async function stopPlatform(platform: BenchPlatform): Promise<string> {
  const how = await platform.server.stop(30_000);
  await stopEverything();
  return how;
}

function queueText(backlog: Backlog): string {
  if ('error' in backlog.queues) return `queues unreadable (${backlog.queues.error})`;
  return Object.entries(backlog.queues)
    .map(([name, counts]) => {
      const parts = Object.entries(counts).filter(([, n]) => n > 0).map(([state, n]) => `${fmt(n)} ${state}`);
      return `${name} ${parts.length ? parts.join(', ') : 'empty'}`;
    })
    .join('; ');
}

function printMode(r: ModeResult) {
  const rows: Array<[string, string]> = [];
  const perSecond = r.load.perSecond.length ? `; per second ${fmt(Math.min(...r.load.perSecond))}–${fmt(Math.max(...r.load.perSecond))}` : '';
  rows.push(['orders/s sustained', `${fmt(r.ordersPerSecond, 1)}   (${fmt(r.load.created)} × 201 in ${r.load.seconds.toFixed(1)} s, ${r.load.concurrency} in flight${perSecond})`]);
  rows.push(['latency p50 / p99 / max', `${fmt(r.latency.p50)} / ${fmt(r.latency.p99)} / ${fmt(r.latency.max)} ms   (${fmt(r.latency.count)} answers)`]);
  const errors = Object.entries(r.load.errors);
  rows.push(['errors', errors.length ? errors.map(([code, n]) => `${fmt(n)} × ${code}`).join(', ') : '0']);
  const statuses = Object.entries(r.backlogAtEnd.byStatus).map(([s, n]) => `${s}: ${fmt(n)}`).join(', ');
  rows.push(['purchase backlog at end', `${fmt(r.backlogAtEnd.open)} orders in 0/1 (by status ${statuses}); outbox ${fmt(r.backlogAtEnd.outboxRows)} rows`]);
  rows.push(['', queueText(r.backlogAtEnd)]);
  rows.push(['', r.drainedAfterSeconds === null ? `NOT drained ${DRAIN_LIMIT_MS / 1000} s after the load` : `every order bought and the outbox empty ${r.drainedAfterSeconds.toFixed(1)} s after the load`]);
  if (r.pgbench && 'tps' in r.pgbench) {
    rows.push(['pgbench tx/s', `${fmt(r.pgbench.tps)}   (debit + order + ledger; ${r.pgbench.clients} clients, ${r.pgbench.seconds} s, -M ${r.pgbench.protocol}, avg ${r.pgbench.latencyAvgMs.toFixed(1)} ms, ${fmt(r.pgbench.failed)} failed; copies ${r.pgbench.booksOk ? 'balance ✓' : 'do NOT balance ✗'})`]);
    rows.push(['orders/s ÷ pgbench', `${(r.ratio! * 100).toFixed(1)} %`]);
  } else {
    rows.push(['pgbench tx/s', `— (${r.pgbench && 'skipped' in r.pgbench ? r.pgbench.skipped : 'not run'})`]);
  }
  const b = r.books;
  rows.push(['ledger = balance', `${r.booksOk ? '✓' : '✗'} ${fmt(b.wallets)} wallets, ${fmt(b.mismatched)} out of balance; ${fmt(b.orders)} orders = ${fmt(r.load.totalCreated)} × 201, ${fmt(b.wronglyCharged)} not charged exactly once`]);
  rows.push(['CPU during the load', `server process ${r.cpu.serverCores.toFixed(2)} cores${r.cpu.workerCores === undefined ? '' : `, worker process ${r.cpu.workerCores.toFixed(2)} cores`}, machine ${(r.cpu.machineBusy * 100).toFixed(0)} % busy (${(r.cpu.backgroundBusy * 100).toFixed(0)} % just before it, platform idle${r.cpu.backgroundBusy > 0.15 ? ': something else is running, figures are low' : ''})`]);
  // CPU per order is steadier than orders/s on a shared machine (both move with the load driver's share).
  if (r.ordersPerSecond > 0) {
    const serverUs = (((r.cpu.serverCores + (r.cpu.workerCores ?? 0)) / r.ordersPerSecond) * 1e6).toFixed(0);
    const machineUs = (((r.cpu.machineBusy * os.availableParallelism()) / r.ordersPerSecond) * 1e6).toFixed(0);
    const pgbenchUs = r.cpu.duringPgbench && r.pgbench && 'tps' in r.pgbench ? `; pgbench's transaction ${(((r.cpu.duringPgbench.machineBusy * os.availableParallelism()) / r.pgbench.tps) * 1e6).toFixed(0)} µs of the machine` : '';
    rows.push(['CPU per order', `${serverUs} µs in the server${r.cpu.workerCores === undefined ? '' : ' and worker'}, ${machineUs} µs of the whole machine (PostgreSQL, Redis and the load driver included)${pgbenchUs}`]);
  }
  const during = r.cpu.duringPgbench;
  if (during) rows.push(['CPU during pgbench', `server process ${during.serverCores.toFixed(2)} cores (idle platform), machine ${(during.machineBusy * 100).toFixed(0)} % busy`]);
  if (r.statements && r.load.totalCreated > 0) {
    const perOrder = (n: number) => (n / r.load.totalCreated).toFixed(2);
    rows.push(['PostgreSQL per order', `${perOrder(r.statements.topLevel)} statements, ${perOrder(r.statements.execMs)} ms executing (placement and purchase, BullMQ included; pg_stat_statements)`]);
    for (const t of r.statements.top) rows.push(['', `${perOrder(t.calls).padStart(6)} × ${(t.ms / t.calls).toFixed(3)} ms  ${t.query}`]);
  }
  if (r.serverEnded !== 'exit code 0') rows.push(['server stop', `✗ ${r.serverEnded}`]);
  console.log('');
  for (const [label, value] of rows) console.log(`  ${label.padEnd(25)} ${value}`);
}

function printSummary(all: ModeResult[]) {
  console.log('\n  mode        orders/s   p50 ms   p99 ms   errors   backlog   pgbench tx/s   ratio   ledger');
  for (const r of all) {
    const errors = Object.values(r.load.errors).reduce((a, b) => a + b, 0);
    const tps = r.pgbench && 'tps' in r.pgbench ? fmt(r.pgbench.tps) : '—';
    console.log(
      `  ${r.mode.padEnd(10)}${fmt(r.ordersPerSecond, 1).padStart(10)}${fmt(r.latency.p50).padStart(9)}${fmt(r.latency.p99).padStart(9)}` +
        `${fmt(errors).padStart(9)}${fmt(r.backlogAtEnd.open).padStart(10)}${tps.padStart(15)}${(r.ratio === null ? '—' : `${(r.ratio * 100).toFixed(1)} %`).padStart(8)}   ${r.booksOk ? '✓' : '✗'}`,
    );
  }
}
