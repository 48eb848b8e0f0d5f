import { UnrecoverableError } from 'bullmq';
import { defineJob } from '../platform/jobs.ts';
import type { NoData } from '../platform/queues.ts';
import type { Logger } from '../platform/logger.ts';
import type { AdjustmentService } from './service.ts';

export const ADJUSTMENTS_QUEUE = 'wallet-adjustments';

/** What the api node hands the worker: only the id; the adjustments row is the truth. */
export interface AdjustmentJob {
  adjustmentId: number;
}

declare module '../platform/queues.ts' {
  interface QueueMap {
    'wallet-adjustments': AdjustmentJob;
    'wallet-adjustments-sweep': NoData;
  }
}

/** How often queued adjustments whose job may have been lost are queued again, and how old they must be. */
const SWEEP_EVERY_MS = 15_000;
const LOST_AFTER_MS = 10_000;

/** BullMQ job ids may be neither integer strings nor contain ':'. Example: `adjustmentJobId('7')` → `adjustment-7`. */
export const adjustmentJobId = (adjustmentId: number) => `adjustment-${adjustmentId}`;

interface AdjustmentJobContext {
  adjustments: AdjustmentService;
  logger: Logger;
}

/**
 * One operator adjustment, written to the outbox with its row (`request`) and applied by a worker.
 * Database and bus errors are retried with the queue's default backoff; a refused debit is a
 * decision, not a fault, so it fails at once (UnrecoverableError) — the adjustments row keeps the
 * outcome for the back office.
 *
 * The sweep queues again every adjustment still `queued` after LOST_AFTER_MS: its job was lost
 * (Redis restarted without its data between the outbox's delivery and the worker — the chaos
 * suite's redis-money phase). Harmless for a job still alive: the same job id adds nothing, and
 * applying is conditional on `queued`.
 */
export const adjustmentJob = defineJob({
  queue: ADJUSTMENTS_QUEUE,
  name: 'adjust',
  jobId: ({ adjustmentId }) => adjustmentJobId(adjustmentId),
  entity: true,
  async process(job, { adjustments, logger }: AdjustmentJobContext) {
    const { adjustmentId } = job.data;
    const outcome = await adjustments.apply(adjustmentId);
    if (outcome.status === 'missing') throw new UnrecoverableError(`adjustment ${adjustmentId} does not exist`);
    if (outcome.status === 'refused') {
      logger.warn({ adjustmentId, userId: outcome.userId }, 'adjustment refused: the debit would overdraw the account');
      throw new UnrecoverableError(`adjustment ${adjustmentId} refused: ${outcome.reason}`);
    }
    logger.info({ adjustmentId, userId: outcome.userId, ...outcome.balances, outcome: outcome.status }, `adjustment ${outcome.status.replace('_', ' ')}`);
    return outcome;
  },
  sweep: {
    queue: 'wallet-adjustments-sweep',
    id: 'adjustments-sweep',
    everyMs: SWEEP_EVERY_MS,
    async run({ adjustments, logger }) {
      const requeued = await adjustments.requeueLost(LOST_AFTER_MS);
      if (requeued) logger.warn({ requeued }, 'adjustments sweep queued adjustments whose job was lost');
      return { requeued };
    },
  },
});
