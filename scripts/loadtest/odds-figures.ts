/**
 * The odds scenario of the load test (`--scenario odds`): N anonymous clients subscribed to
 * `odds:HKS01` while the simulated odds source moves M events a second. The server settings that
 * produce M updates/s, and the figures of what the clients received.
 */
import type { WorkerReport } from './socket-clients.ts';
import { fmt, fmtLatency, summarize, type Summary } from './stats.ts';

export const ODDS_CHANNEL = 'odds:HKS01';
/** Open events on sale during the run: a kick-off every 5 minutes, 4 hours ahead. */
const OPEN_EVENTS = 48;

/**
 * Server settings for about `rate` odds events a second: each tick moves a share of the open
 * events (one `odds` event each), every second, or faster once every event moves on each tick.
 * Example: `oddsServerEnv(12)` → ticks every 1,000 ms moving 25 % of 48 events.
 */
export function oddsServerEnv(rate: number): Record<string, string> {
  const share = Math.min(1, rate / OPEN_EVENTS);
  const intervalMs = share < 1 ? 1000 : Math.max(200, Math.round((1000 * OPEN_EVENTS) / rate));
  return {
    ODDS_INTERVAL_MS: String(intervalMs),
    FOOTBALL_SIMULATION: JSON.stringify({ kickOffEveryMinutes: 5, aheadHours: OPEN_EVENTS / 12, matchMinutes: 110, voidRate: 0, moveShare: share }),
  };
}

export interface OddsFigures {
  broadcasts: number;
  perSecond: number;
  eventsMoved: number;
  deliveries: number;
  expectedDeliveries: number;
  clientsWithEveryBroadcast: number;
  perClient: { min: number; avg: number };
  latencyMs: Summary;
  firstClientReachedMs: Summary;
  lastClientReachedMs: Summary;
  disconnects: number;
}

/** Every `odds` broadcast of the window (keyed `at|eventId`) and who got it how fast. */
export function summarizeOdds(reports: readonly WorkerReport[], connected: number, seconds: number): OddsFigures {
  const perEvent = new Map<string, { receivers: number; firstMs: number; lastMs: number }>();
  for (const report of reports) {
    for (const [key, value] of Object.entries(report.perEvent)) {
      const entry = perEvent.get(key) ?? { receivers: 0, firstMs: Infinity, lastMs: -Infinity };
      perEvent.set(key, { receivers: entry.receivers + value.receivers, firstMs: Math.min(entry.firstMs, value.firstMs), lastMs: Math.max(entry.lastMs, value.lastMs) });
    }
  }
  const perClient = reports.flatMap((r) => r.perClient);
  const latencies = reports.flatMap((r) => r.latencies);
  return {
    broadcasts: perEvent.size,
    perSecond: perEvent.size / seconds,
    eventsMoved: new Set([...perEvent.keys()].map((key) => key.split('|')[1])).size,
    deliveries: latencies.length,
    expectedDeliveries: perEvent.size * connected,
    clientsWithEveryBroadcast: perClient.filter((n) => n === perEvent.size).length,
    perClient: { min: perClient.length ? Math.min(...perClient) : 0, avg: perClient.reduce((a, b) => a + b, 0) / Math.max(1, perClient.length) },
    latencyMs: summarize(latencies),
    firstClientReachedMs: summarize([...perEvent.values()].map((e) => e.firstMs)),
    lastClientReachedMs: summarize([...perEvent.values()].map((e) => e.lastMs)),
    disconnects: reports.reduce((sum, r) => sum + r.disconnects, 0),
  };
}

export function printOdds(f: OddsFigures, row: (label: string, text: string) => void) {
  const lat = (s: Summary) => `p50 / p99 / max ${fmtLatency(s)}`;
  row('odds broadcasts', `${fmt(f.broadcasts)} (${fmt(f.perSecond, 1)}/s) over ${f.eventsMoved} events`);
  row('odds deliveries', `${fmt(f.deliveries)} / ${fmt(f.expectedDeliveries)}; per client min ${fmt(f.perClient.min)}, avg ${fmt(f.perClient.avg, 1)}; ${fmt(f.clientsWithEveryBroadcast)} clients got every one; ${f.disconnects} disconnects`);
  row('odds delivery latency', lat(f.latencyMs));
  row('  per broadcast', `first client reached ${lat(f.firstClientReachedMs)}; last client ${lat(f.lastClientReachedMs)}`);
}
