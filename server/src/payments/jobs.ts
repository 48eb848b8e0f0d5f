import { defineJob } from '../platform/jobs.ts';
import type { NoData } from '../platform/queues.ts';
import type { DepositService } from './service.ts';

declare module '../platform/queues.ts' {
  interface QueueMap {
    'deposit-query': { depositId: number };
    'deposit-reconcile-sweep': NoData;
  }
}

/**
 * The reconciler: asks providers about open deposits they never told us about (a lost
 * notification, a barcode nobody paid before its expiry). `deposit-query` asks about one deposit
 * (queued by tests and operators); the sweep asks about every open one older than a minute.
 */
export const depositQueryJob = defineJob({
  queue: 'deposit-query',
  name: 'query',
  entity: true,
  jobId: ({ depositId }) => `deposit-query-${depositId}`,
  retry: { attempts: 3, backoff: { type: 'exponential', delay: 5_000 } },
  process: (job, { deposits }: { deposits: DepositService }) => deposits.query(job.data.depositId),
  sweep: { queue: 'deposit-reconcile-sweep', id: 'deposit-reconcile', everyMs: (config) => config.DEPOSIT_RECONCILE_MS, run: ({ deposits }) => deposits.reconcile() },
});
