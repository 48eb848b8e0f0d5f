/**
 * `npm run chaos`: a bounded load of members placing keno and football orders, redeeming PINs
 * and receiving prizes while faults are injected, then an audit of the books after every fault and
 * at the end — in the embedded topology (one ROLE=all process) and the scaled one (PostgreSQL,
 * Redis, api ×2, worker). See README "Chaos suite".
 *
 * Options:
 *   --mode embedded|scaled|both   (both)
 *   --faults a,b,…                faults to inject, one phase each, in that order; those that do not
 *                                 apply to a mode are skipped there. embedded: kill, gateway; scaled:
 *                                 api-kill, worker-kill, redis-empty, redis-aof, redis-money,
 *                                 pg-restart, gateway; both: none (a phase without a fault)
 *   --duration S                  seconds of load per fault phase (60; --short 20)
 *   --members N                   (20; --short 8)
 *   --rate R                      orders a second, all members together (6; --short 5)
 *   --bound S                     how late an order may be and still count as progressing (60; --short 45)
 *   --short                       the `npm test` variant: ~2 minutes for both modes (embedded kill;
 *                                 scaled redis-money — Redis restarted empty with deposit callbacks,
 *                                 PIN redemptions and adjustments in flight — and worker-kill)
 *   --keep                        keep the run folder's data directories even when everything passed
 *   --server-root DIR             run the server (and scripts/embedded-db.ts) from another checkout,
 *                                 e.g. an exported older commit, to see whether a fault bit it there
 *
 * Writes `.tmp/chaos-<mode>.json` and a run folder `.tmp/chaos-<stamp>/` (a log per process, the
 * driver's records; the ten latest are kept). Exits non-zero when a check fails. The last line is
 * `Chaos: N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { audit, settle, terminalCount, type CheckResult } from './audit.ts';
import { FAULTS, faultNames, fmtSeconds, runPhase, type Fault } from './faults.ts';
import { LoadDriver, type KeyRecord } from './load.ts';
import { MoneyTraffic, settleMoney, type MoneyRecord } from './money.ts';
import { sleep, stopEverything } from './procs.ts';
import { printDetails, printLogTails, printTable, tally, type RowResult } from './report.ts';
import { embeddedTopology, scaledTopology, SCHEDULE, type Mode, type Topology } from './topology.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'both' },
    faults: { type: 'string' },
    duration: { type: 'string' },
    members: { type: 'string' },
    rate: { type: 'string' },
    bound: { type: 'string' },
    short: { type: 'boolean', default: false },
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
  console.error(`chaos: ${message}`);
  process.exit(64);
}
const number = (name: string, text: string | undefined, fallback: number, min = 1) => {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min) usage(`--${name} must be a number ≥ ${min} (got ${text})`);
  return value;
};

const short = args.short;
const serverRoot = args['server-root'] ? path.resolve(args['server-root']) : root;
if (!fs.existsSync(path.join(serverRoot, 'server/src/main.ts'))) usage(`--server-root: no server/src/main.ts in ${serverRoot}`);
if (!['embedded', 'scaled', 'both'].includes(args.mode!)) usage(`--mode must be embedded, scaled or both (got ${args.mode})`);
const modes: Mode[] = args.mode === 'both' ? ['embedded', 'scaled'] : [args.mode as Mode];
const DEFAULT_FAULTS: Record<Mode, string[]> = short
  ? { embedded: ['kill'], scaled: ['redis-money', 'worker-kill'] }
  : { embedded: ['kill', 'gateway'], scaled: ['api-kill', 'worker-kill', 'redis-empty', 'redis-aof', 'redis-money', 'pg-restart', 'gateway'] };
const asked = args.faults?.split(',').map((f) => f.trim()).filter(Boolean);
for (const name of asked ?? []) if (!FAULTS.some((f) => f.name === name)) usage(`unknown fault "${name}"; known: ${FAULTS.map((f) => f.name).join(', ')}`);
const faultsFor = (mode: Mode): Fault[] =>
  (asked ? asked.filter((name) => faultNames(mode).includes(name)) : DEFAULT_FAULTS[mode]).map((name) => FAULTS.find((f) => f.name === name)!);

const settings = {
  durationMs: number('duration', args.duration, short ? 20 : 60, 5) * 1000,
  members: Math.round(number('members', args.members, short ? 8 : 20)),
  rate: number('rate', args.rate, short ? 5 : 6),
  boundSeconds: number('bound', args.bound, short ? 45 : 60),
  maxInFlight: 8,
  footballShare: 0.2,
  retryDeadlineMs: 120_000,
  recoveryLimitMs: 90_000,
  resyncLimitSeconds: 5,
  /** Every member's first PIN, in hundredths: 1,000 GP. */
  startPoints: 100_000,
};
const resultDueSeconds = SCHEDULE.football.matchMinutes * 60 + 20; // the match, then the results pass (every 15 s)

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const tmp = path.join(root, '.tmp');
const runDir = path.join(tmp, `chaos-${stamp}`);
const started = Date.now();
const say = (line: string) => console.log(`  · ${line}`);
const rows: RowResult[] = [];
let setupFailures = 0;
let interrupted = false;
let driver: LoadDriver | undefined;
let money: MoneyTraffic | undefined;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nchaos: ${signal}, stopping everything it started…`);
    driver?.abort();
    driver?.closeSockets();
    void stopEverything(15_000).finally(() => {
      const { passed, failed } = tally(rows, setupFailures + 1);
      console.log(`Chaos: ${passed} passed, ${failed} failed`);
      process.exit(130);
    });
  });
}

function answerKey(status: number, code?: string) {
  return status === 0 ? `network:${code ?? '?'}` : code ? `${status} ${code}` : String(status);
}

function summarizeRecords(records: KeyRecord[]) {
  const attempts: Record<string, number> = {};
  const finals: Record<string, number> = {};
  let failedAttempts = 0;
  for (const record of records) {
    for (const attempt of record.attempts) {
      const key = answerKey(attempt.status, attempt.status >= 400 || attempt.status === 0 ? attempt.code : undefined);
      attempts[key] = (attempts[key] ?? 0) + 1;
      if (attempt.status === 0 || attempt.status >= 500) failedAttempts++;
    }
    const final = record.final ? answerKey(record.final.status, record.final.code) : 'none';
    finals[`${record.kind} ${final}`] = (finals[`${record.kind} ${final}`] ?? 0) + 1;
  }
  const placedIds = records.filter((r) => r.kind !== 'pin' && r.final?.status === 201 && r.final.orderId).map((r) => r.final!.orderId!);
  const pins = records.filter((r) => r.kind === 'pin' && r.final?.status === 200);
  return {
    attempts,
    finals,
    failedAttempts,
    placedIds,
    uncertain: records.filter((r) => !r.final).length,
    pins: { redeemed: pins.length, points: pins.reduce((a, r) => a + (r.final?.points ?? 0), 0) },
  };
}

async function waitForSockets(d: LoadDriver, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && d.members.some((m) => !m.connected)) await sleep(200);
}

async function auditRow(
  topo: Topology,
  d: LoadDriver,
  base: Omit<RowResult, 'checks' | 'orders' | 'failedAttempts' | 'answers' | 'uncertain' | 'pins' | 'settleSeconds' | 'disconnects'>,
  records: KeyRecord[],
  moneyRecords: MoneyRecord[],
  options: { resync?: Parameters<typeof audit>[0]['resync']; eventsFrom?: number; untilDue?: boolean; untilDueCapMs?: number; noWait?: boolean } = {},
): Promise<RowResult> {
  const { resync, eventsFrom, untilDue = false, untilDueCapMs, noWait = false } = options;
  const settleSeconds = noWait ? 0 : await settle(topo.databaseUrl, { boundSeconds: settings.boundSeconds, resultDueSeconds, untilDue, untilDueCapMs });
  // Deposits paid and adjustments applied (a lost adjustment job is queued again by its sweep within ~25 s).
  if (!noWait && moneyRecords.length) say(`money settled in ${(await settleMoney(topo.databaseUrl, moneyRecords, 90_000)).toFixed(0)} s`);
  await waitForSockets(d, 10_000);
  const { checks, figures } = await audit({
    databaseUrl: topo.databaseUrl,
    records: d.records,
    members: d.members,
    boundSeconds: settings.boundSeconds,
    resultDueSeconds,
    resync,
    resyncLimitSeconds: settings.resyncLimitSeconds,
    eventsFrom,
    orderEventAt: d.orderEventAt,
    money: moneyRecords,
  });
  const summary = summarizeRecords(records);
  const since = Date.parse(base.startedAt);
  const disconnects: Record<string, number> = {};
  for (const m of d.members) for (const x of m.disconnects) if (x.at >= since) disconnects[x.reason] = (disconnects[x.reason] ?? 0) + 1;
  return {
    ...base,
    disconnects,
    settleSeconds,
    orders: { placed: summary.placedIds.length, terminal: await terminalCount(topo.databaseUrl, summary.placedIds) },
    failedAttempts: summary.failedAttempts,
    answers: { attempts: summary.attempts, finals: summary.finals },
    uncertain: summary.uncertain,
    pins: summary.pins,
    checks,
    figures,
  };
}

function recoveryCheck(phase: Awaited<ReturnType<typeof runPhase>>): CheckResult {
  const { recovery, injectError } = phase;
  const problems: string[] = [];
  if (injectError) problems.push(`the fault could not be completed: ${injectError}`);
  if (phase.afterError) problems.push(`the fault could not be undone after the phase: ${phase.afterError}`);
  if (recovery.healthSeconds === null) problems.push(`not every api answered /api/health 200 within ${settings.recoveryLimitMs / 1000} s (last answers: ${recovery.lastHealth.join(', ')})`);
  if (recovery.orderSeconds === null) problems.push(`no order placed within ${settings.recoveryLimitMs / 1000} s of the restart`);
  if (recovery.purchaseSeconds === null) problems.push(`no purchase within ${settings.recoveryLimitMs / 1000} s of the restart`);
  return { id: 'R', title: 'recovered (health 200, an order placed and a purchase made after the restart)', ok: problems.length === 0, offenders: problems.length, details: problems };
}

async function runMode(mode: Mode, faults: Fault[]) {
  const modeDir = path.join(runDir, mode);
  const modeStarted = Date.now();
  console.log(`\n▶ ${mode}: ${faults.map((f) => f.name).join(', ') || 'no fault'} — ${settings.members} members, ${settings.rate} orders/s, ${settings.durationMs / 1000} s a phase (logs: ${path.relative(root, modeDir)})`);
  const modeRows: RowResult[] = [];
  let topo: Topology | undefined;
  let failedSetup: string | undefined;
  try {
    if (mode === 'scaled' && spawnSync(process.env.REDIS_SERVER_BIN || 'redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
      throw new Error('redis-server is not installed (Debian: apt-get install -y redis-server)');
    }
    topo = mode === 'embedded' ? await embeddedTopology(serverRoot, modeDir) : await scaledTopology(serverRoot, modeDir);
    await topo.start();
    say(`${mode} topology up in ${((Date.now() - modeStarted) / 1000).toFixed(1)} s: ${topo.servers.map((s) => `${s.name}${s.url ? ` ${s.url}` : ''}`).join(', ')}`);
    driver = new LoadDriver(
      topo.apis.map((a) => a.url!),
      { rate: settings.rate, maxInFlight: settings.maxInFlight, footballShare: settings.footballShare, retryDeadlineMs: settings.retryDeadlineMs, log: say, mailDir: topo.mailDir },
    );
    await driver.setup(settings.members, settings.startPoints);
    money = new MoneyTraffic(driver);
    say(`${settings.members} members signed up, topped up (${settings.startPoints / 100} GP each) and connected`);
  } catch (error) {
    failedSetup = (error as Error).message;
    console.error(`chaos: ${mode} could not start: ${failedSetup}`);
  }

  if (topo && driver && !failedSetup) {
    const d = driver;
    let brokenBy: string | undefined;
    for (const fault of faults) {
      if (interrupted) break;
      const phaseStarted = Date.now();
      say(`phase ${fault.name}: load for ${settings.durationMs / 1000} s, fault at ${Math.round((settings.durationMs * 0.3) / 1000)} s`);
      try {
        const phase = await runPhase(fault, { topo, driver: d, log: say, money: money! }, {
          durationMs: settings.durationMs,
          pins: { spread: 4, atFault: 3, points: 5_000 },
          recoveryLimitMs: settings.recoveryLimitMs,
        });
        const resyncMax = phase.resync ? Math.max(...phase.resync.perMember.map((r) => (r.seconds === null ? Infinity : r.seconds))) : null;
        const row = await auditRow(
          topo,
          d,
          {
            mode,
            fault: fault.name,
            startedAt: new Date(phaseStarted).toISOString(),
            loadSeconds: phase.loadSeconds,
            outcome: phase.outcome,
            recovery: phase.recovery,
            healthDuringFault: phase.healthDuringFault,
            resyncMaxSeconds: resyncMax === Infinity ? null : resyncMax,
            resyncNever: phase.resync ? phase.resync.perMember.filter((r) => r.seconds === null).length : 0,
          },
          d.records.filter((r) => r.phase === fault.name),
          money!.records.filter((r) => r.phase === fault.name),
          // A topology left broken is audited as it stands (waiting would only pile up overdue work).
          { resync: phase.resync, eventsFrom: phase.recoveredAt + 5000, noWait: !!phase.injectError },
        );
        row.checks.unshift(recoveryCheck(phase));
        modeRows.push(row);
        const failed = row.checks.filter((c) => c.ok === false).map((c) => c.id);
        say(`phase ${fault.name} audited (waited ${row.settleSeconds.toFixed(0)} s for due work): ${row.orders.placed} placed, ${row.orders.terminal} terminal; ${failed.length ? `FAILED ${failed.join(', ')}` : 'all checks passed'}; resync max ${phase.resync ? fmtSeconds(row.resyncMaxSeconds) : 'n/a (no api node restarted)'}`);
        if (phase.injectError || phase.afterError) {
          brokenBy = fault.name;
          say(`the ${mode} topology could not be restored after ${fault.name}: the remaining phases and the final audit are skipped`);
          break;
        }
      } catch (error) {
        modeRows.push(errorRow(mode, fault.name, phaseStarted, (error as Error).message));
        say(`phase ${fault.name} broke off: ${(error as Error).message}`);
        break;
      }
    }
    if (brokenBy) {
      modeRows.push(errorRow(mode, 'end', Date.now(), `skipped: the topology could not be restored after ${brokenBy}`));
    } else if (!interrupted) {
      try {
        say(`final audit (waiting for every order to be due first, at most ${short ? 15 : 300} s)`);
        const row = await auditRow(topo, d, { mode, fault: 'end', startedAt: new Date(modeStarted).toISOString(), loadSeconds: 0, resyncMaxSeconds: null, resyncNever: 0 }, d.records, money!.records, { untilDue: true, untilDueCapMs: short ? 15_000 : 300_000 });
        modeRows.push(row);
      } catch (error) {
        modeRows.push(errorRow(mode, 'end', Date.now(), (error as Error).message));
      }
    }
    d.abort();
    d.closeSockets();
    fs.writeFileSync(path.join(modeDir, 'records.json'), `${JSON.stringify({ members: d.members.map((m) => ({ ...m, socket: undefined })), records: d.records, money: money?.records ?? [] }, null, 1)}\n`);
  }
  if (failedSetup) {
    setupFailures++;
    modeRows.push(errorRow(mode, 'setup', modeStarted, failedSetup));
  }
  say(`stopping the ${mode} topology`);
  await stopEverything(20_000);
  driver = undefined;
  money = undefined;
  rows.push(...modeRows);

  const { failed } = tally(modeRows);
  const ok = failed === 0 && !failedSetup && !modeRows.some((r) => r.error);
  const json = path.join(tmp, `chaos-${mode}.json`);
  fs.writeFileSync(
    json,
    `${JSON.stringify({ mode, at: new Date(modeStarted).toISOString(), seconds: (Date.now() - modeStarted) / 1000, ok, settings: { ...settings, short, faults: faults.map((f) => f.name) }, runDir: path.relative(root, modeDir), rows: modeRows }, null, 2)}\n`,
  );
  say(`${mode} done in ${((Date.now() - modeStarted) / 1000).toFixed(0)} s; figures in ${path.relative(root, json)}`);
  if (ok && !args.keep) {
    for (const dir of ['data', 'redis']) fs.rmSync(path.join(modeDir, dir), { recursive: true, force: true });
  }
  return { ok, logFiles: topo ? logFilesOf(topo) : [] };
}

function logFilesOf(topo: Topology) {
  return [...topo.servers.map((s) => s.logFile), ...(topo.redis ? [topo.redis.logFile] : []), ...(topo.postgres ? [topo.postgres.logFile] : [])];
}

function errorRow(mode: string, fault: string, at: number, error: string): RowResult {
  return {
    mode,
    fault,
    startedAt: new Date(at).toISOString(),
    loadSeconds: 0,
    settleSeconds: 0,
    orders: { placed: 0, terminal: 0 },
    failedAttempts: 0,
    answers: { attempts: {}, finals: {} },
    uncertain: 0,
    pins: { redeemed: 0, points: 0 },
    disconnects: {},
    resyncMaxSeconds: null,
    resyncNever: 0,
    checks: [],
    error,
  };
}

// Run folders pile up under .tmp (npm test makes one each time): keep the ten latest.
fs.mkdirSync(tmp, { recursive: true });
for (const old of fs.readdirSync(tmp, { withFileTypes: true }).filter((e) => e.isDirectory() && /^chaos-\d{4}-/.test(e.name)).map((e) => e.name).sort().slice(0, -9)) {
  fs.rmSync(path.join(tmp, old), { recursive: true, force: true });
}
fs.mkdirSync(runDir, { recursive: true });
console.log(`\nChaos suite — ${new Date().toISOString()}, node ${process.version}${short ? ', short' : ''}; run folder ${path.relative(root, runDir)}${serverRoot !== root ? `; server from ${serverRoot}` : ''}`);
const failedLogs: string[] = [];
for (const mode of modes) {
  if (interrupted) break;
  const faults = faultsFor(mode);
  if (asked && !faults.length) {
    say(`${mode}: none of the selected faults applies; skipped`);
    continue;
  }
  const { ok, logFiles } = await runMode(mode, faults);
  if (!ok) failedLogs.push(...logFiles);
}
if (interrupted) await new Promise(() => undefined); // the signal handler exits

printTable(rows, console.log);
printDetails(rows, console.log);
if (failedLogs.length) printLogTails(failedLogs, root, console.log);
const errors = rows.filter((r) => r.error && r.fault !== 'setup').length;
const { passed, failed } = tally(rows, setupFailures + errors);
console.log(`\n  ${failed ? 'Chaos FAILED' : 'Chaos passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s; run folder ${path.relative(root, runDir)}`);
console.log(`Chaos: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
