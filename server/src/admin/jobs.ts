import { UnrecoverableError } from 'bullmq';
import type { Platform } from '../platform/platform.ts';
import { ADJUSTMENTS_QUEUE, createAdjustmentService, type AdjustmentJob } from './service.ts';

/**
 * The worker side of operator adjustments (roles `all` and `worker`). Database and bus errors are
 * retried with the queue's default backoff; a refused debit is a decision, not a fault, so it fails
 * at once (UnrecoverableError) — the adjustments row keeps the outcome for the back office.
 */
export function startAdjustmentWorker(platform: Pick<Platform, 'db' | 'queues' | 'outbox' | 'bus' | 'now' | 'logger'>) {
  const adjustments = createAdjustmentService(platform);
  return platform.queues.worker<AdjustmentJob>(ADJUSTMENTS_QUEUE, async (job) => {
    const { adjustmentId } = job.data;
    const outcome = await adjustments.apply(adjustmentId);
    if (outcome.status === 'missing') throw new UnrecoverableError(`adjustment ${adjustmentId} does not exist`);
    if (outcome.status === 'refused') {
      platform.logger.warn({ adjustmentId, userId: outcome.userId }, 'adjustment refused: the debit would overdraw the account');
      throw new UnrecoverableError(`adjustment ${adjustmentId} refused: ${outcome.reason}`);
    }
    platform.logger.info({ adjustmentId, userId: outcome.userId, ...outcome.balances, outcome: outcome.status }, `adjustment ${outcome.status.replace('_', ' ')}`);
    return outcome;
  });
}
