/**
 * A forked worker process owning a slice of the load test's socket clients (see socket-clients.ts
 * for the protocol). Each client connects over websocket only, subscribes to one channel with an
 * ack, and timestamps every `clock` (keno) or `odds` (football) event it receives.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { ToWorker, WatchedEvent, WorkerReport } from './socket-clients.ts';

interface Received {
  emittedAt: number;
  latency: number;
  key: string;
}

interface Client {
  socket: Socket;
  events: Received[];
  disconnected: boolean;
}

const clients: Client[] = [];
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let disconnects = 0;

const send = (message: unknown) => process.send!(message);

process.on('message', (message: ToWorker) => {
  if (message.type === 'connect') void connectAll(message.url, message.channel, message.event, message.count, message.batch, message.timeoutMs);
  else if (message.type === 'measure') {
    loopDelay.reset();
    loopDelay.enable();
    cpuAtMeasure = process.cpuUsage();
  } else if (message.type === 'report') send(report(message.from, message.to));
  else if (message.type === 'close') {
    for (const client of clients) client.socket.disconnect();
    setTimeout(() => process.exit(0), 200);
  }
});
// The orchestrator went away (Ctrl-C, crash): don't outlive it.
process.on('disconnect', () => process.exit(0));

let cpuAtMeasure = process.cpuUsage();
send({ type: 'ready' });

async function connectAll(url: string, channel: string, event: WatchedEvent, count: number, batch: number, timeoutMs: number) {
  const connectMs: number[] = [];
  const failures: Record<string, number> = {};
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const results = await Promise.all(Array.from({ length: size }, () => connectOne(url, channel, event, timeoutMs)));
    for (const result of results) {
      if (typeof result === 'number') connectMs.push(result);
      else failures[result] = (failures[result] ?? 0) + 1;
    }
  }
  send({ type: 'connected', connectMs, failures });
}

/** Connect + subscribe; resolves with the time it took (ms) or the reason it failed. */
function connectOne(url: string, channel: string, event: WatchedEvent, timeoutMs: number): Promise<number | string> {
  const started = performance.now();
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: timeoutMs });
  const client: Client = { socket, events: [], disconnected: false };
  let first = true;
  if (event === 'clock') {
    socket.on('clock', (payload: { serverNow: string; phase: string; issue: string | null; lastResult?: { issue?: string } | null }) => {
      const now = Date.now();
      if (first) {
        first = false; // the snapshot owed to a new subscriber, not a broadcast
        return;
      }
      const emittedAt = Date.parse(payload.serverNow);
      client.events.push({ emittedAt, latency: now - emittedAt, key: `${payload.serverNow}|${payload.phase}|${payload.issue}|${payload.lastResult?.issue ?? ''}` });
    });
  } else {
    // Odds have no snapshot on subscribe: every event is a broadcast, stamped with its tick time.
    socket.on('odds', (payload: { eventId: string; at: string }) => {
      const emittedAt = Date.parse(payload.at);
      client.events.push({ emittedAt, latency: Date.now() - emittedAt, key: `${payload.at}|${payload.eventId}` });
    });
  }
  return new Promise((resolve) => {
    const fail = (reason: string) => {
      socket.disconnect();
      resolve(reason);
    };
    const timer = setTimeout(() => fail('timeout'), timeoutMs);
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      fail(`connect_error: ${error.message}`);
    });
    socket.once('connect', () => {
      socket.timeout(timeoutMs).emit('subscribe', { channel }, (error: Error | null, ack?: { ok: boolean }) => {
        clearTimeout(timer);
        if (error) return fail('subscribe timeout');
        if (!ack?.ok) return fail('subscribe refused');
        clients.push(client);
        socket.on('disconnect', () => {
          client.disconnected = true;
          disconnects++;
        });
        resolve(performance.now() - started);
      });
    });
  });
}

function report(from: number, to: number): WorkerReport {
  const latencies: number[] = [];
  const perClient: number[] = [];
  const perEvent: Record<string, { receivers: number; firstMs: number; lastMs: number }> = {};
  for (const client of clients) {
    let count = 0;
    for (const event of client.events) {
      if (event.emittedAt < from || event.emittedAt > to) continue;
      count++;
      latencies.push(event.latency);
      const entry = (perEvent[event.key] ??= { receivers: 0, firstMs: event.latency, lastMs: event.latency });
      entry.receivers++;
      entry.firstMs = Math.min(entry.firstMs, event.latency);
      entry.lastMs = Math.max(entry.lastMs, event.latency);
    }
    perClient.push(count);
  }
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuAtMeasure);
  return {
    type: 'report',
    latencies,
    perClient,
    perEvent,
    disconnects,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}
