/**
 * Process control for the chaos suite: every process it starts runs in a process group of its
 * own (`detached`, like scripts/scaled-local.mjs), writes to a log file in the run folder (one
 * file per role, appended across restarts, with a marker line per start and end), and is tracked
 * here so that `stopEverything()` — on success, failure or Ctrl-C — stops what is still running,
 * in order (worker, api, Redis, PostgreSQL), plus any PostgreSQL a `kill -9` left orphaned.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ProcSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
  /** Stop order at the end: lower first (workers 0, apis 1, Redis 2, PostgreSQL 3). */
  rank: number;
  /** `pipe`: we hold the child's stdin open (scripts/embedded-db.ts stops when it closes). */
  stdin?: 'pipe' | 'ignore';
}

export interface Proc {
  readonly name: string;
  readonly pid: number;
  readonly logFile: string;
  readonly exited: Promise<string>;
  alive(): boolean;
  /** Resolves with the first output line matching `test`; rejects if the process ends first or after `timeoutMs`. */
  waitForLine(what: string, test: (line: string) => boolean, timeoutMs: number): Promise<string>;
  /** `kill -9` of the whole process group; resolves once it is gone. */
  kill9(): Promise<string>;
  /** SIGTERM, then SIGKILL of the group after `graceMs`; resolves with how it ended. */
  stop(graceMs?: number): Promise<string>;
}

const live = new Set<Proc & { rank: number }>();
const postgresDirs = new Set<string>();

export function spawnProc(spec: ProcSpec): Proc {
  fs.mkdirSync(path.dirname(spec.logFile), { recursive: true });
  const log = fs.createWriteStream(spec.logFile, { flags: 'a' });
  log.write(`=== chaos ${new Date().toISOString()}: starting ${spec.name}: ${spec.command} ${spec.args.join(' ')}\n`);
  const child: ChildProcess = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: spec.env,
    detached: true, // own process group: a terminal's Ctrl-C reaches only us, and we stop them in order
    stdio: [spec.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
  let ended: string | undefined;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
    child.once('error', (error) => resolve(`could not start: ${error.message}`));
  });
  let waiting: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  const onLine = (line: string) => {
    log.write(`${line}\n`);
    const matched = waiting.filter((w) => w.test(line));
    if (!matched.length) return;
    waiting = waiting.filter((w) => !matched.includes(w));
    for (const w of matched) w.resolve(line);
  };
  for (const stream of [child.stdout!, child.stderr!]) readline.createInterface({ input: stream }).on('line', onLine);
  const pid = child.pid ?? -1;

  const proc: Proc & { rank: number } = {
    name: spec.name,
    pid,
    logFile: spec.logFile,
    exited,
    rank: spec.rank,
    alive: () => ended === undefined && child.exitCode === null && child.signalCode === null && pid > 0,
    waitForLine(what, test, timeoutMs) {
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${spec.name}: no ${what} within ${timeoutMs / 1000} s (see ${spec.logFile})`)), timeoutMs);
        waiting.push({ test, resolve: (line) => (clearTimeout(timer), resolve(line)) });
        void exited.then((how) => {
          clearTimeout(timer);
          reject(new Error(`${spec.name} ended before ${what} (${how}); see ${spec.logFile}`));
        });
      });
    },
    async kill9() {
      signalGroup(pid, 'SIGKILL');
      return exited;
    },
    async stop(graceMs = 20_000) {
      if (!proc.alive()) return exited;
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const how = await Promise.race([exited, sleep(graceMs).then(() => null)]);
      if (how !== null) return how;
      signalGroup(pid, 'SIGKILL');
      return `${await exited} (SIGKILL after ${graceMs / 1000} s without a clean exit)`;
    },
  };
  live.add(proc);
  void exited.then((how) => {
    ended = how;
    live.delete(proc);
    // Let the last buffered lines reach the file before the marker.
    setTimeout(() => {
      log.write(`=== chaos ${new Date().toISOString()}: ${spec.name} (pid ${pid}) ended: ${how}\n`);
      log.end();
    }, 300).unref();
  });
  return proc;
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  if (pid <= 0) return;
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** A PostgreSQL cluster directory to stop at the end if a postmaster is still running in it (after `kill -9` of its parent). */
export function watchPostgresDir(clusterDir: string) {
  postgresDirs.add(clusterDir);
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

export function postmasterPid(clusterDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function stopLeftoverPostmasters() {
  for (const dir of postgresDirs) {
    const pid = postmasterPid(dir);
    if (!pid) continue;
    process.kill(pid, 'SIGINT'); // fast shutdown
    for (let waited = 0; isAlive(pid) && waited < 15_000; waited += 200) await sleep(200);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
}

let stopping: Promise<void> | undefined;

/** Stops every process still running, in rank order, then orphaned postmasters. Safe to call repeatedly. */
export function stopEverything(graceMs = 20_000): Promise<void> {
  stopping ??= (async () => {
    const ranks = [...new Set([...live].map((p) => p.rank))].sort((a, b) => a - b);
    for (const rank of ranks) await Promise.all([...live].filter((p) => p.rank === rank).map((p) => p.stop(graceMs)));
    await stopLeftoverPostmasters();
  })().finally(() => (stopping = undefined));
  return stopping;
}

/** Last resort when this process exits without having stopped everything (synchronous). */
process.on('exit', () => {
  for (const proc of live) signalGroup(proc.pid, 'SIGKILL');
  for (const dir of postgresDirs) {
    const pid = postmasterPid(dir);
    if (pid) {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // gone
      }
    }
  }
});

/** The last `lines` lines of a log file (for failure reports). */
export function tail(file: string, lines: number): string[] {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').filter(Boolean).slice(-lines);
  } catch {
    return [];
  }
}
