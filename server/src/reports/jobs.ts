import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { NoData } from '../platform/queues.ts';
import type { ReportService } from './service.ts';

export const RECONCILIATION_QUEUE = 'reconciliation';

declare module '../platform/queues.ts' {
  interface QueueMap {
    reconciliation: NoData;
  }
}

/** How often the nightly reconciliation looks for a finished day without a run. */
const EVERY_MS = 3_600_000;

/**
 * The nightly reconciliation (docs/back-office.md "Reconciling a day"): a repeatable job on its own
 * queue, registered through `queues.schedule` like every repeat (re-asserted after a Redis loss, its
 * heartbeat in `/api/health`). It ticks hourly rather than at one instant so that nothing depends on
 * a single tick: each tick reconciles every finished day (in REPORT_TIME_ZONE) of the last week that
 * has no run yet — yesterday, in the first tick after midnight — records it once, and puts each
 * mismatch in the order queue. A tick lost with Redis, or a night the workers were down, is made up
 * at the next one.
 */
export const reconciliationJob = defineJob({
  queue: RECONCILIATION_QUEUE,
  name: 'reconcile-days',
  concurrency: 1,
  async process(_job, { reports, logger }: { reports: ReportService; logger: Logger }) {
    const ran = await reports.reconcileFinishedDays();
    for (const day of ran) logger.info(day, day.ok ? 'day reconciled' : 'day reconciled with mismatches (in the order queue)');
    return { ran };
  },
  repeat: [{ id: 'nightly-reconciliation', everyMs: EVERY_MS, options: { attempts: 3 } }],
});
