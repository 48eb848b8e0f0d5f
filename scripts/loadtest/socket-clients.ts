/**
 * The subscriber clients, spread over forked worker processes (clients-worker.ts) so that one
 * client event loop is not the bottleneck. Protocol over IPC:
 *                                              ← ready (once loaded)
 *   → connect {url, channel, count, batch}   ← connected {connectMs[], failures}
 *   → measure                                 (workers reset their loop-delay and CPU counters)
 *   → report {from, to}                       ← report {latencies[], perClient[], perEvent, ...}
 *   → close
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export type ToWorker =
  | { type: 'connect'; client: ClientKind; url: string; channel: string; event: WatchedEvent; count: number; batch: number; timeoutMs: number }
  | { type: 'measure' }
  | { type: 'report'; from: number; to: number }
  | { type: 'close' };

/**
 * Which client each subscriber runs: `wire`, the Socket.IO protocol spoken by hand over `ws`
 * (wire-client.ts: light, so the figures are the servers'), or `socket.io`, socket.io-client itself.
 */
export type ClientKind = 'wire' | 'socket.io';

/** What the clients time: keno `clock` broadcasts, or football `odds` changes. */
export type WatchedEvent = 'clock' | 'odds';

export interface ConnectedReport {
  type: 'connected';
  connectMs: number[];
  failures: Record<string, number>;
}

export interface WorkerReport {
  type: 'report';
  /** Delivery latency (ms) of every broadcast (`clock` or `odds`) emitted within [from, to]. */
  latencies: number[];
  /** How many of those events each client received. */
  perClient: number[];
  /** Per broadcast (clock: `serverNow|phase|issue|lastResult.issue`; odds: `at|eventId`): receivers in this worker, fastest and slowest delivery. */
  perEvent: Record<string, { receivers: number; firstMs: number; lastMs: number }>;
  disconnects: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  cpuSeconds: number;
}

export interface ClientPool {
  /**
   * Opens every client, `batch` at a time across all workers; resolves when all tried. With several
   * URLs (api nodes), worker i connects its clients to `urls[i % urls.length]`.
   */
  connect(urls: string | readonly string[], channel: string, batch: number, event?: WatchedEvent): Promise<{ connectMs: number[]; failures: Record<string, number>; rampMs: number }>;
  measure(): void;
  report(from: number, to: number): Promise<WorkerReport[]>;
  close(): Promise<void>;
}

export function startClientPool(total: number, workerCount: number, client: ClientKind = 'wire'): ClientPool {
  const workers = Array.from({ length: workerCount }, (_, i) => ({
    child: fork(path.join(import.meta.dirname, 'clients-worker.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    count: Math.floor(total / workerCount) + (i < total % workerCount ? 1 : 0),
  }));

  const next = <T>(child: ChildProcess, type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as T);
      };
      const onExit = (code: number | null) => reject(new Error(`a client worker exited (code ${code}) before sending '${type}'`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const send = (child: ChildProcess, message: ToWorker) => child.send(message);
  // Listening in the same tick as the fork: no 'ready' can be missed.
  const ready = Promise.all(workers.map(({ child }) => next(child, 'ready')));
  ready.catch(() => undefined); // surfaced by connect()

  return {
    async connect(urls, channel, batch, event = 'clock') {
      const targets = typeof urls === 'string' ? [urls] : urls;
      await ready;
      const started = performance.now();
      const perWorkerBatch = Math.max(1, Math.ceil(batch / workers.length));
      const results = await Promise.all(
        workers.map(({ child, count }, i) => {
          const reply = next<ConnectedReport>(child, 'connected');
          send(child, { type: 'connect', client, url: targets[i % targets.length]!, channel, event, count, batch: perWorkerBatch, timeoutMs: 20_000 });
          return reply;
        }),
      );
      const failures: Record<string, number> = {};
      for (const result of results) for (const [reason, n] of Object.entries(result.failures)) failures[reason] = (failures[reason] ?? 0) + n;
      return { connectMs: results.flatMap((r) => r.connectMs), failures, rampMs: performance.now() - started };
    },
    measure() {
      for (const { child } of workers) send(child, { type: 'measure' });
    },
    report(from, to) {
      return Promise.all(
        workers.map(({ child }) => {
          const reply = next<WorkerReport>(child, 'report');
          send(child, { type: 'report', from, to });
          return reply;
        }),
      );
    },
    async close() {
      await Promise.all(
        workers.map(({ child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return undefined;
          const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          if (child.connected) send(child, { type: 'close' });
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          return gone.finally(() => clearTimeout(timer));
        }),
      );
    },
  };
}
