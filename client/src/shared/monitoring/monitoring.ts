import type { ApmBase } from '@elastic/apm-rum';

let agent: ApmBase | null = null;

export const isMonitoringActive = (): boolean => agent !== null;

const asError = (value: unknown): Error =>
  value instanceof Error ? value : new Error(typeof value === 'string' ? value : JSON.stringify(value));

/** Spec §8: uncaught interface errors always reach the console, and the monitoring service when active. */
export function reportError(error: unknown, source: string): void {
  console.error(`[${source}]`, error);
  if (!agent) return;
  try {
    agent.captureError(asError(error));
  } catch (captureFailure) {
    console.error('[monitoring] captureError failed', captureFailure);
  }
}

/**
 * Starts Elastic APM RUM from the `monitoring` block of /api/site. `null` means the host has no
 * monitoring; an invalid block is reported and skipped (spec §5 rules live in monitoringConfig).
 * The agent is loaded only when needed, so sites without monitoring never download it.
 */
export async function startMonitoring(raw: unknown): Promise<boolean> {
  if (raw === null || raw === undefined) return false;
  // Loaded here, not up front: the schema brings zod, which most first visits never need.
  const { monitoringConfig } = await import('@gp/common/schemas/site');
  const parsed = monitoringConfig.safeParse(raw);
  if (!parsed.success) {
    console.warn('[monitoring] invalid configuration from /api/site, monitoring skipped', parsed.error.issues);
    return false;
  }
  const { init } = await import('@elastic/apm-rum');
  const { serverUrl, serviceName, serviceVersion, environment, transactionSampleRate } = parsed.data;
  agent = init({
    serverUrl,
    serviceName,
    serviceVersion,
    environment,
    transactionSampleRate,
    // Spec §9, stated rather than left to the agent's defaults: 80 events per minute, flushed every
    // 500 ms, central configuration from /config/v1/rum/agents (the agent's 5 s timeout). Its 10 s
    // request timeout, dropping of transactions over 60 s and 60,000-byte keepalive limit are
    // built into @elastic/apm-rum 5 and not settable.
    eventsLimit: 80,
    flushInterval: 500,
    centralConfig: true,
    // Our own handlers (global-error-handlers.ts) capture errors, so the agent must not do it twice.
    disableInstrumentations: ['error'],
  });
  return true;
}
