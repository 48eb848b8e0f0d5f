/**
 * The platform under test: the real server (`server/src/main.ts`, embedded PostgreSQL, BullMQ on
 * it) as a child process of its own, with a fresh DATA_DIR, a free port and a fast CAB01 schedule.
 * Its output goes to a log file; `stop()` sends SIGTERM and waits for a clean exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  /** Every api node's URL (one for the embedded server; `url` is the first). */
  urls: string[];
  pid: number;
  dataDir: string;
  logFile: string;
  /** CPU seconds (user + system) the server process has used so far, from /proc. */
  cpuSeconds(): number;
  /** Resident memory now and at its peak, MB. */
  memoryMb(): { rss: number; peak: number };
  /** Resolves once `/api/health` answers; rejects if the server exits or times out first. */
  ready(): Promise<void>;
  /** SIGTERM, then wait (SIGKILL after `timeoutMs`); resolves with how it ended. */
  stop(timeoutMs?: number): Promise<string>;
}

export interface ServerOptions {
  root: string;
  dataDir: string;
  logFile: string;
  env: Record<string, string>;
  startTimeoutMs?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The calling shell's environment without SMTP_URL: the load test reads its members' sign-up codes from the server's mail folder. */
function shellEnv(): NodeJS.ProcessEnv {
  const { SMTP_URL: _smtp, ...env } = process.env;
  return env;
}

/** Spawns the server; `ready()` waits for it to serve. */
export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  const { root, dataDir, logFile } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(dataDir, { recursive: true });
  const log = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...shellEnv(), NODE_ENV: 'development', ROLE: 'all', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...options.env },
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
  });
  exited.then(() => log.end());

  let early: string | undefined;
  void exited.then((how) => (early = how));
  const timeoutMs = options.startTimeoutMs ?? 90_000;
  return {
    url,
    urls: [url],
    pid: child.pid!,
    dataDir,
    logFile,
    cpuSeconds: () => procCpuSeconds(child.pid!),
    memoryMb: () => procMemoryMb(child.pid!),
    stop: (stopTimeoutMs = 20_000) => stopChild(child, exited, dataDir, stopTimeoutMs),
    async ready() {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (early) throw new Error(`the server exited during start-up (${early}); see ${logFile}`);
        try {
          const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
          if (response.ok) return;
        } catch {
          // not listening yet
        }
        await sleep(250);
      }
      throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s; see ${logFile}`);
    },
  };
}

/**
 * The scaled topology instead (`npm run scaled:local`: redis-server, a standalone embedded
 * PostgreSQL, `apiNodes` ROLE=api processes and one ROLE=worker), started through
 * scripts/scaled-local.mjs --json. CPU seconds and memory are the api nodes' together (the sockets
 * live there); `stop()` stops the whole topology in its order.
 */
export async function startScaledTopology(options: ServerOptions & { apiNodes: number }): Promise<ServerProcess> {
  const { root, dataDir, logFile } = options;
  const ports: number[] = [];
  while (ports.length < options.apiNodes) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const log = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, ['scripts/scaled-local.mjs', '--json', '--no-client-build', '--api-ports', ports.join(',')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
    env: { ...shellEnv(), NODE_ENV: 'development', HOST: '127.0.0.1', DATA_DIR: dataDir, ...options.env },
  });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
  });
  exited.then(() => log.end());
  const timeoutMs = options.startTimeoutMs ?? 180_000;
  let apiPids: number[] = [];
  const started = new Promise<{ api: string[]; pids: { api: number[] } }>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.startsWith('{') && l.includes('"api"'));
      if (line) resolve(JSON.parse(line) as { api: string[]; pids: { api: number[] } });
    });
    void exited.then((how) => reject(new Error(`the scaled topology exited during start-up (${how}); see ${logFile}`)));
    setTimeout(() => reject(new Error(`the scaled topology was not ready within ${timeoutMs / 1000} s; see ${logFile}`)), timeoutMs).unref();
  });
  void started.catch(() => undefined); // awaited by ready()
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const topology = {
    url: `http://127.0.0.1:${ports[0]}`,
    urls: ports.map((port) => `http://127.0.0.1:${port}`),
    pid: child.pid!,
    dataDir,
    logFile,
    cpuSeconds: () => sum(apiPids.map(procCpuSeconds)),
    memoryMb: () => {
      const each = apiPids.map(procMemoryMb);
      return { rss: sum(each.map((m) => m.rss)), peak: sum(each.map((m) => m.peak)) };
    },
    stop: (stopTimeoutMs = 40_000) => stopChild(child, exited, dataDir, stopTimeoutMs),
    async ready() {
      const info = await started;
      apiPids = info.pids.api;
    },
  };
  return topology;
}

async function stopChild(child: ChildProcess, exited: Promise<string>, dataDir: string, timeoutMs: number): Promise<string> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  let how = await Promise.race([exited, sleep(timeoutMs).then(() => null)]);
  if (how === null) {
    child.kill('SIGKILL');
    how = `${await exited} after ${timeoutMs / 1000} s without a clean exit`;
  }
  // A server that did not stop cleanly may have left its (detached) embedded PostgreSQL running.
  if (how !== 'exit code 0') stopLeftoverPostmaster(path.join(dataDir, 'postgres'));
  return how;
}

function stopLeftoverPostmaster(clusterDir: string) {
  try {
    const pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // no cluster or already gone
  }
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

function procCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime, stime
  } catch {
    return Number.NaN;
  }
}

function procMemoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
