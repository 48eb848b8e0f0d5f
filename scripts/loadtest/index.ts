/**
 * `npm run loadtest -- --clients 1000`: N socket clients subscribed to the CAB01 keno clock plus a
 * stream of orders (`--scenario keno`, the default), or watching football odds move at
 * `--odds-rate` events a second (`--scenario odds`), against the real server started as a child process (embedded PostgreSQL, a
 * 20-second CAB01 schedule with a 5-second cut-off). Prints connect time, clock delivery latency,
 * order throughput and latency, and writes the same figures to `.tmp/loadtest-<clients>.json`.
 *
 * Options: --clients N (1000)  --seconds S (45)  --order-rate R (20/s while sales are open)
 *          --members M (20)  --concurrency C (16 orders in flight)  --workers W (client processes;
 *          default one per 1,250 clients, at most 4)  --batch B (200 connects at a time)  --keep-data
 *          --scenario keno|odds  --odds-rate M (odds events a second, odds scenario; 20)
 *          --api-nodes N (1: the embedded server; 2 or more: the scaled topology of `npm run
 *          scaled:local` — Redis, N ROLE=api processes, one ROLE=worker — with the clients split
 *          over the api nodes by worker process; server CPU and memory are then the api nodes' sum)
 *          --client wire|socket.io (wire: the Socket.IO protocol by hand over `ws`, light enough that
 *          the figures are the servers'; socket.io: socket.io-client itself — see wire-client.ts)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ODDS_CHANNEL, oddsServerEnv, printOdds, summarizeOdds } from './odds-figures.ts';
import { closeMembers, pointsNeeded, prepareMembers, runOrderStream, type OrderFigures } from './order-stream.ts';
import { sleep, startScaledTopology, startServerProcess, type ServerProcess } from './server-process.ts';
import { startClientPool, type ClientKind, type ClientPool, type WorkerReport } from './socket-clients.ts';
import { fmt, fmtLatency, summarize, type Summary } from './stats.ts';

const root = path.resolve(import.meta.dirname, '../..');
const CHANNEL = 'clock:CAB01';
const SERVER_ENV = {
  LOG_LEVEL: 'warn',
  KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 20, salesCloseSeconds: 5 } }),
  PURCHASE_LATENCY_MS: '50',
  DEMO: 'true', // a production build running the demo's simulated parts and its seeded operator (production-readiness.ts)
  SEED_DEMO: 'true', // the operator account that issues the members' PINs
  // … thousands of them at once: the staff money bounds (docs/money-controls.md) are out of the load's way.
  ADJUSTMENT_APPROVAL_POINTS: '1000000000000',
  PIN_DAILY_MAX_POINTS: '1000000000000',
  STAFF_MFA: 'off', // … with a password session (production asks staff for a second factor)
  SIGNUP_MAX_PER_ADDRESS: '1000000', // every load-test member signs up from this machine
  DATABASE_URL: '', // always the embedded mode, whatever this shell has set
  REDIS_URL: '',
};
const OPERATOR = { email: 'operator@example.com', password: 'operator-pass-2026' };

/** The scaled topology brings its own Redis and PostgreSQL: the embedded mode's blanks are dropped. */
function scaledEnv(env: Record<string, string>) {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = env;
  return rest;
}

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '45' },
    'order-rate': { type: 'string', default: '20' },
    members: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    workers: { type: 'string' },
    batch: { type: 'string', default: '200' },
    'keep-data': { type: 'boolean', default: false },
    scenario: { type: 'string', default: 'keno' },
    'odds-rate': { type: 'string', default: '20' },
    'api-nodes': { type: 'string', default: '1' },
    client: { type: 'string', default: 'wire' },
  },
});
const positive = (name: string, text: string | undefined, min = 1) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) fail(`--${name} must be an integer ≥ ${min} (got ${text})`);
  return value;
};
const clients = positive('clients', args.clients);
const seconds = positive('seconds', args.seconds);
const orderRate = positive('order-rate', args['order-rate'], 0);
const memberCount = positive('members', args.members);
const concurrency = positive('concurrency', args.concurrency);
const apiNodes = positive('api-nodes', args['api-nodes']);
const scaled = apiNodes > 1;
// At least one client worker per api node: a worker connects all its clients to one node.
const workerCount = args.workers ? positive('workers', args.workers) : Math.max(apiNodes, Math.min(4, Math.ceil(clients / 1250)));
const batch = positive('batch', args.batch);
if (args.scenario !== 'keno' && args.scenario !== 'odds') fail(`--scenario must be keno or odds (got ${args.scenario})`);
const odds = args.scenario === 'odds';
const oddsRate = positive('odds-rate', args['odds-rate']);
const channel = odds ? ODDS_CHANNEL : CHANNEL;
if (args.client !== 'wire' && args.client !== 'socket.io') fail(`--client must be wire or socket.io (got ${args.client})`);
const clientKind: ClientKind = args.client;

function fail(message: string): never {
  console.error(`loadtest: ${message}`);
  process.exit(1);
}

// Every socket is a file descriptor in the server (all of them) and in a client worker (its slice).
const fdLimit = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
const fdNeeded = Math.ceil(clients / apiNodes) + memberCount + 1024;
if (fdLimit !== 'unlimited' && Number(fdLimit) < fdNeeded) {
  fail(`the open-file limit is ${fdLimit}, but ${fmt(clients)} clients need about ${fmt(fdNeeded)} descriptors in the server process.\n` +
    `  Node cannot raise it from inside: run \`ulimit -n ${Math.max(fdNeeded, 65536)}\` in this shell (as root, or within the hard limit) and try again.`);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const tmp = path.join(root, '.tmp');
const dataDir = path.join(tmp, `loadtest-${clients}-${stamp}`);
const name = `loadtest-${odds ? 'odds-' : ''}${scaled ? `scaled${apiNodes}-` : ''}${clients}`;
const logFile = path.join(tmp, `${name}-server.log`);
const jsonFile = path.join(tmp, `${name}.json`);

let server: ServerProcess | undefined;
let pool: ClientPool | undefined;
let members: Awaited<ReturnType<typeof prepareMembers>> = [];
let cleaning: Promise<void> | undefined;
const stopOrders = new AbortController();
const cleanup = () =>
  (cleaning ??= (async () => {
    stopOrders.abort();
    closeMembers(members);
    await pool?.close().catch(() => undefined);
    if (server) {
      const how = await server.stop();
      if (how !== 'exit code 0') console.error(`loadtest: the server ended with ${how}; see ${logFile}`);
      if (!args['keep-data'] && how === 'exit code 0') fs.rmSync(dataDir, { recursive: true, force: true });
    }
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\nloadtest: ${signal}, stopping the server…`);
    void cleanup().finally(() => process.exit(130));
  });
}

let exitCode = 0;
try {
  exitCode = await run();
} catch (error) {
  console.error(`loadtest: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);

async function run(): Promise<number> {
  fs.mkdirSync(tmp, { recursive: true });
  const log = (line: string) => console.log(`  · ${line}`);
  const title = odds ? `Odds load test (${oddsRate} odds events/s)` : 'Socket + order load test';
  console.log(`\n${title} — ${new Date().toISOString()}, node ${process.version}, ${fmt(clients)} ${clientKind} clients in ${workerCount} worker process(es)\n`);

  let started = performance.now();
  // Mail (the members' sign-up codes) to files in the data directory, read back by prepareMembers.
  const mailDir = path.join(dataDir, 'mail');
  const env = { ...SERVER_ENV, MAIL_DIR: mailDir, ...(odds ? oddsServerEnv(oddsRate) : {}) };
  server = scaled ? await startScaledTopology({ root, dataDir, logFile, env: scaledEnv(env), apiNodes }) : await startServerProcess({ root, dataDir, logFile, env });
  await server.ready(); // on failure, cleanup() stops what is left of it
  const where = scaled ? `scaled topology (pid ${server.pid}): api nodes ${server.urls.join(', ')}` : `server pid ${server.pid} at ${server.url}`;
  log(`${where} ready in ${((performance.now() - started) / 1000).toFixed(1)} s (log: ${path.relative(root, logFile)})`);

  started = performance.now();
  members = orderRate > 0 && !odds ? await prepareMembers(server.url, memberCount, pointsNeeded(orderRate, seconds, memberCount), OPERATOR, mailDir) : [];
  if (members.length) log(`${members.length} members signed up, topped up and connected in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  pool = startClientPool(clients, workerCount, clientKind);
  const connect = await pool.connect(server.urls, channel, batch, odds ? 'odds' : 'clock');
  const failed = clients - connect.connectMs.length;
  log(`${fmt(connect.connectMs.length)} clients connected and subscribed in ${(connect.rampMs / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}`);

  await sleep(1000); // let the subscribe snapshots drain before the window opens
  const from = Date.now();
  const to = from + seconds * 1000;
  const clockAtStart = (await (await fetch(`${server.url}/api/keno/CAB01/clock`)).json()) as RunData['clockAtStart'];
  pool.measure();
  const cpuAtStart = server.cpuSeconds();
  let cpuAtEnd = Number.NaN;
  setTimeout(() => (cpuAtEnd = server!.cpuSeconds()), to - Date.now()).unref();
  log(`measuring for ${seconds} s${members.length ? `, orders at ${orderRate}/s while sales are open` : ''}…`);

  const orders = members.length ? await runOrderStream(server.url, members, { rate: orderRate, seconds, concurrency, signal: stopOrders.signal }) : undefined;
  while (Date.now() < to + 2000) await sleep(100); // deliveries of the last broadcasts
  const reports = await pool.report(from, to);
  const memory = server.memoryMb();

  const figures = summarizeRun({ connect, failed, reports, orders, clockAtStart, serverCpuPercent: ((cpuAtEnd - cpuAtStart) / seconds) * 100, memory });
  printFigures(figures);
  fs.writeFileSync(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\n  figures written to ${path.relative(root, jsonFile)}\n`);

  if (failed > clients * 0.01) {
    console.error(`loadtest: ${failed} of ${clients} clients (${((failed / clients) * 100).toFixed(1)} %) failed to connect: ${JSON.stringify(connect.failures)}`);
    return 1;
  }
  return 0;
}

interface RunData {
  connect: { connectMs: number[]; failures: Record<string, number>; rampMs: number };
  failed: number;
  reports: WorkerReport[];
  orders: OrderFigures | undefined;
  clockAtStart: { phase: string; issue: string | null; lastResult: { issue?: string } | null };
  serverCpuPercent: number;
  memory: { rss: number; peak: number };
}

function summarizeRun({ connect, failed, reports, orders, clockAtStart, serverCpuPercent, memory }: RunData) {
  // Each api node of the scaled topology sends its own clients the same clock change, stamped with
  // its own serverNow (`serverNow|phase|issue|result`): one broadcast, named by its earliest stamp.
  const earliest = new Map<string, string>();
  for (const emitted of reports.flatMap((r) => Object.keys(r.perEvent)).sort()) {
    const what = emitted.slice(emitted.indexOf('|'));
    if (!earliest.has(what)) earliest.set(what, emitted);
  }
  const perEvent = new Map<string, { receivers: number; firstMs: number; lastMs: number }>();
  for (const report of reports) {
    for (const [emitted, value] of Object.entries(report.perEvent)) {
      const key = scaled && !odds ? earliest.get(emitted.slice(emitted.indexOf('|')))! : emitted;
      const entry = perEvent.get(key) ?? { receivers: 0, firstMs: Infinity, lastMs: -Infinity };
      perEvent.set(key, { receivers: entry.receivers + value.receivers, firstMs: Math.min(entry.firstMs, value.firstMs), lastMs: Math.max(entry.lastMs, value.lastMs) });
    }
  }
  // Broadcasts in emission order, each named by what it carries: a phase change (phase or issue
  // differs from before), a new result (same phase, newer lastResult) or a resync (nothing new).
  const broadcasts = [...perEvent.keys()].sort();
  let previous = { state: `${clockAtStart.phase}|${clockAtStart.issue}`, result: clockAtStart.lastResult?.issue ?? '' };
  let phaseChanges = 0;
  const sequence = broadcasts.map((key) => {
    const [, phase, issue, result = ''] = key.split('|');
    const state = `${phase}|${issue}`;
    const kind = state !== previous.state ? `${phase} ${issue}` : result !== previous.result ? `result ${result}` : 'resync';
    if (state !== previous.state) phaseChanges++;
    previous = { state, result };
    return kind;
  });
  const perClient = reports.flatMap((r) => r.perClient);
  const latencies = reports.flatMap((r) => r.latencies);
  const connected = connect.connectMs.length;
  const workerCpu = reports.reduce((sum, r) => sum + r.cpuSeconds, 0);
  return {
    at: new Date().toISOString(),
    node: process.version,
    clients,
    workers: workerCount,
    seconds,
    connect: {
      connected,
      failed,
      failures: connect.failures,
      rampSeconds: connect.rampMs / 1000,
      batch,
      perClientMs: summarize(connect.connectMs),
    },
    scenario: odds ? { name: 'odds', channel, targetOddsEventsPerSecond: oddsRate } : { name: 'keno', channel },
    odds: odds ? summarizeOdds(reports, connected, seconds) : undefined,
    clock: odds ? undefined : {
      broadcasts: broadcasts.length,
      phaseChanges,
      sequence,
      perBroadcast: broadcasts.map((key, i) => ({ kind: sequence[i], emittedAt: key.split('|')[0], ...perEvent.get(key) })),
      deliveries: latencies.length,
      expectedDeliveries: broadcasts.length * connected,
      clientsWithEveryBroadcast: perClient.filter((n) => n === broadcasts.length).length,
      perClient: { min: perClient.length ? Math.min(...perClient) : 0, avg: perClient.reduce((a, b) => a + b, 0) / Math.max(1, perClient.length) },
      latencyMs: summarize(latencies),
      firstClientReachedMs: summarize([...perEvent.values()].map((e) => e.firstMs)),
      lastClientReachedMs: summarize([...perEvent.values()].map((e) => e.lastMs)),
      disconnects: reports.reduce((sum, r) => sum + r.disconnects, 0),
    },
    orders: orders && {
      members: orders.members,
      targetRatePerSecondWhileOpen: orders.targetRate,
      concurrency,
      sent: orders.sent,
      placed: orders.placed,
      perSecond: orders.placed / seconds,
      perSecondWhileOpen: orders.openSeconds ? orders.placed / orders.openSeconds : Number.NaN,
      openSeconds: orders.openSeconds,
      skippedWhileClosed: orders.skippedClosed,
      skippedConcurrencyCap: orders.skippedBusy,
      httpMs: summarize(orders.httpMs),
      purchasedEventAfterResponseMs: summarize(orders.purchasedAfterResponseMs),
      purchasedEventAfterSendMs: summarize(orders.purchasedAfterSendMs),
      missingPurchasedEvents: orders.missingPurchasedEvents,
      timedOut: orders.timedOut,
      errors: orders.errors,
    },
    server: { apiNodes, cpuPercentOfOneCore: serverCpuPercent, rssMb: memory.rss, peakRssMb: memory.peak },
    clientWorkers: {
      processes: reports.length,
      cpuPercentOfOneCore: (workerCpu / seconds) * 100,
      eventLoopDelayP99Ms: Math.max(...reports.map((r) => r.loopDelayP99Ms)),
      eventLoopDelayMaxMs: Math.max(...reports.map((r) => r.loopDelayMaxMs)),
    },
  };
}

function printFigures(f: Figures) {
  const row: Row = (label, text) => console.log(`  ${label.padEnd(24)} ${text}`);
  console.log(`\n  ${fmt(f.clients)} clients on ${channel}, ${f.seconds} s window — figures\n`);
  row('connect + subscribe', `${fmt(f.connect.connected)} / ${fmt(f.clients)} ok, ramp ${f.connect.rampSeconds.toFixed(1)} s (${f.connect.batch} at a time); per client ${lat(f.connect.perClientMs)}`);
  if (f.connect.failed) row('connect failures', JSON.stringify(f.connect.failures));
  if (f.odds) printOdds(f.odds, row);
  if (f.clock) printClock(f.clock, row);
  if (f.orders) printOrders(f.orders, row);
  row(scaled ? `${apiNodes} api nodes` : 'server process', `CPU ${fmt(f.server.cpuPercentOfOneCore)} % of one core over the window${scaled ? ' (together)' : ''}; RSS ${fmt(f.server.rssMb)} MB (peak ${fmt(f.server.peakRssMb)} MB)`);
  row('client workers', `${f.clientWorkers.processes} process(es), CPU ${fmt(f.clientWorkers.cpuPercentOfOneCore)} % of one core in total; event-loop delay p99 ${fmt(f.clientWorkers.eventLoopDelayP99Ms)} ms, max ${fmt(f.clientWorkers.eventLoopDelayMaxMs)} ms`);
}

type Figures = ReturnType<typeof summarizeRun>;
type Row = (label: string, text: string) => void;
function lat(s: Summary) {
  return `p50 / p99 / max ${fmtLatency(s)}`;
}

function printClock(clock: NonNullable<Figures['clock']>, row: Row) {
  row('clock broadcasts', `${clock.broadcasts} (${clock.phaseChanges} phase changes): ${clock.sequence.join(', ')}`);
  row('clock deliveries', `${fmt(clock.deliveries)} / ${fmt(clock.expectedDeliveries)}; per client min ${clock.perClient.min}, avg ${fmt(clock.perClient.avg, 2)}; ${fmt(clock.clientsWithEveryBroadcast)} clients got every one; ${clock.disconnects} disconnects`);
  row('clock delivery latency', lat(clock.latencyMs));
  const slowest = [...clock.perBroadcast].sort((a, b) => (b.lastMs ?? 0) - (a.lastMs ?? 0))[0];
  row('  per broadcast', `first client reached ${lat(clock.firstClientReachedMs)}; last client ${lat(clock.lastClientReachedMs)}`);
  if (slowest) row('  slowest broadcast', `${slowest.kind} at ${slowest.emittedAt}: last client after ${fmt(slowest.lastMs ?? Number.NaN)} ms`);
}

function printOrders(o: NonNullable<Figures['orders']>, row: Row) {
  row('orders', `${fmt(o.placed)} placed of ${fmt(o.sent)} sent by ${o.members} members; ${fmt(o.perSecond, 1)}/s over the window, ${fmt(o.perSecondWhileOpen, 1)}/s while open (${fmt(o.openSeconds, 1)} s open; target ${o.targetRatePerSecondWhileOpen}/s, ${o.skippedConcurrencyCap} skipped at the ${o.concurrency}-in-flight cap)`);
  row('order HTTP latency', lat(o.httpMs));
  row('purchased event', `after the POST response ${lat(o.purchasedEventAfterResponseMs)}; after sending ${lat(o.purchasedEventAfterSendMs)}`);
  row('', `${o.missingPurchasedEvents} orders without a purchased event, ${o.timedOut} timed out`);
  row('order errors', Object.keys(o.errors).length ? Object.entries(o.errors).map(([code, n]) => `${code}: ${n}`).join(', ') : 'none');
}
