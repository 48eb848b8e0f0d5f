/**
 * A forked worker process owning a slice of the load test's socket clients (see socket-clients.ts
 * for the protocol). Each client connects over websocket only, subscribes to one channel with an
 * ack, and timestamps every `clock` (keno) or `odds` (football) event it receives. The clients are
 * wire-client.ts's (the default) or socket.io-client's (`--client socket.io`).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import type { ClientKind, ToWorker, WatchedEvent, WorkerReport } from './socket-clients.ts';
import { connectWire, type WireSocket } from './wire-client.ts';

interface Received {
  emittedAt: number;
  latency: number;
  key: string;
}

interface Client {
  socket: WireSocket;
  events: Received[];
  disconnected: boolean;
}

const clients: Client[] = [];
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let disconnects = 0;

const send = (message: unknown) => process.send!(message);

process.on('message', (message: ToWorker) => {
  if (message.type === 'connect') void connectAll(message.client, message.url, message.channel, message.event, message.count, message.batch, message.timeoutMs);
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

async function connectAll(kind: ClientKind, url: string, channel: string, event: WatchedEvent, count: number, batch: number, timeoutMs: number) {
  const connectMs: number[] = [];
  const failures: Record<string, number> = {};
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const results = await Promise.all(Array.from({ length: size }, () => connectOne(kind, url, channel, event, timeoutMs)));
    for (const result of results) {
      if (typeof result === 'number') connectMs.push(result);
      else failures[result] = (failures[result] ?? 0) + 1;
    }
  }
  send({ type: 'connected', connectMs, failures });
}

/** Connect + subscribe; resolves with the time it took (ms) or the reason it failed. */
async function connectOne(kind: ClientKind, url: string, channel: string, event: WatchedEvent, timeoutMs: number): Promise<number | string> {
  const started = performance.now();
  let socket: WireSocket | undefined;
  try {
    socket = await (kind === 'wire' ? connectWire(url, timeoutMs) : connectSocketIo(url, timeoutMs));
    const client: Client = { socket, events: [], disconnected: false };
    listen(client, event);
    const left = Math.max(1, timeoutMs - (performance.now() - started));
    const ack = (await socket.emitWithAck('subscribe', { channel }, left).catch(() => 'subscribe timeout')) as { ok?: boolean } | string;
    if (typeof ack === 'string') throw new Error(ack);
    if (!ack?.ok) throw new Error('subscribe refused');
    clients.push(client);
    socket.onClose(() => {
      client.disconnected = true;
      disconnects++;
    });
    return performance.now() - started;
  } catch (error) {
    socket?.disconnect();
    return (error as Error).message;
  }
}

/** Timestamps every broadcast the client receives (the subscribe snapshot of `clock` aside). */
function listen(client: Client, event: WatchedEvent) {
  if (event === 'clock') {
    let first = true;
    client.socket.on('clock', (data) => {
      const now = Date.now();
      if (first) {
        first = false; // the snapshot owed to a new subscriber, not a broadcast
        return;
      }
      const payload = data as { serverNow: string; phase: string; issue: string | null; lastResult?: { issue?: string } | null };
      const emittedAt = Date.parse(payload.serverNow);
      client.events.push({ emittedAt, latency: now - emittedAt, key: `${payload.serverNow}|${payload.phase}|${payload.issue}|${payload.lastResult?.issue ?? ''}` });
    });
  } else {
    // Odds have no snapshot on subscribe: every event is a broadcast, stamped with its tick time.
    client.socket.on('odds', (data) => {
      const payload = data as { eventId: string; at: string };
      const emittedAt = Date.parse(payload.at);
      client.events.push({ emittedAt, latency: Date.now() - emittedAt, key: `${payload.at}|${payload.eventId}` });
    });
  }
}

/** socket.io-client behind the same small interface (`--client socket.io`). */
function connectSocketIo(url: string, timeoutMs: number): Promise<WireSocket> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: timeoutMs });
  return new Promise((resolve, reject) => {
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(new Error(`connect_error: ${error.message}`));
    });
    socket.once('connect', () =>
      resolve({
        on: (name, handler) => void socket.on(name, handler),
        emitWithAck: (name, payload, ms) => socket.timeout(ms).emitWithAck(name, payload),
        onClose: (handler) => void socket.on('disconnect', handler),
        disconnect: () => void socket.disconnect(),
      }),
    );
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
