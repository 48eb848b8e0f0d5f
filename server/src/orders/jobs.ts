import { DelayedError } from 'bullmq';
import type { Platform } from '../platform/platform.ts';
import { PURCHASE_QUEUE, RECONCILE_QUEUE, TIMEOUT_QUEUE, type OrderJob, type OrderService } from './service.ts';

export const RECONCILE_EVERY_MS = 30_000;

/**
 * The order workers (roles `all` and `worker`): purchase (retried with the queue's backoff when the
 * gateway throws), timeout at the sales cut-off, and a reconciler every 30 s for jobs that were
 * never queued (a crash between commit and enqueue) or lost.
 */
export async function startOrderWorkers(platform: Pick<Platform, 'queues' | 'logger' | 'config'>, orders: OrderService) {
  const { queues, logger, config } = platform;
  queues.worker<OrderJob>(PURCHASE_QUEUE, async (job) => {
    const outcome = await orders.purchase(job.data.orderId);
    logger.info({ orderId: job.data.orderId, outcome }, 'purchase job done');
    return outcome;
  }, { concurrency: config.PURCHASE_CONCURRENCY });
  queues.worker<OrderJob>(TIMEOUT_QUEUE, async (job, token) => {
    const outcome = await orders.expire(job.data.orderId);
    if (outcome === 'early') {
      // A delayed job may fire a few ms before its time, and one left from before a reset may be
      // far off: either way it waits for the order's real cut-off instead of ending unused.
      const closeAt = await orders.salesCloseAt(job.data.orderId);
      if (closeAt) {
        await job.moveToDelayed(closeAt.getTime() + 20, token);
        throw new DelayedError();
      }
    }
    if (outcome === 'refunded') logger.info({ orderId: job.data.orderId }, 'order timed out and was refunded');
    if (outcome === 'purchased') logger.info({ orderId: job.data.orderId }, 'order found bought by the gateway at its cut-off');
    return outcome;
  }, { concurrency: 16 });
  await queues.schedule({ queue: RECONCILE_QUEUE, id: 'orders-reconcile', everyMs: RECONCILE_EVERY_MS, template: { name: 'reconcile', opts: { attempts: 1 } } });
  queues.worker(RECONCILE_QUEUE, async () => {
    const outcome = await orders.reconcile();
    if (outcome.requeued || outcome.expired || outcome.undecided) logger.warn(outcome, 'order reconciler repaired orders');
    return outcome;
  }, { concurrency: 1 });
}
