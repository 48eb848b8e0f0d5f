import { DelayedError } from 'bullmq';
import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { Platform } from '../platform/platform.ts';
import type { NoData } from '../platform/queues.ts';
import type { OrderService } from './service.ts';

export const PURCHASE_QUEUE = 'order-purchase';
export const TIMEOUT_QUEUE = 'order-timeout';
export const RECONCILE_QUEUE = 'order-reconcile';
export const RECONCILE_EVERY_MS = 30_000;

export interface OrderJob {
  orderId: string;
}

declare module '../platform/queues.ts' {
  interface QueueMap {
    'order-purchase': OrderJob;
    'order-timeout': OrderJob;
    'order-reconcile': NoData;
  }
}

/** The base-36 creation time of an order: an order id reused after a database reset is a new job. */
export const incarnation = (createdAt: Date | string) => new Date(createdAt).getTime().toString(36);
/** BullMQ job ids may be neither integer strings nor contain ':'. */
export const purchaseJobId = (orderId: string, createdAt: Date | string) => `purchase-${orderId}-${incarnation(createdAt)}`;
export const timeoutJobId = (orderId: string, createdAt: Date | string) => `order-timeout-${orderId}-${incarnation(createdAt)}`;

interface OrderJobContext {
  orders: OrderService;
  logger: Logger;
}

/**
 * The purchase of a real order (written to the outbox with the order, see `orderPlumbing`),
 * retried with the queue's backoff when the gateway throws; and the reconciler every 30 s for jobs
 * that were never queued (a crash between commit and enqueue) or lost.
 */
export const purchaseJob = defineJob({
  queue: PURCHASE_QUEUE,
  name: 'purchase',
  entity: true,
  concurrency: (config) => config.PURCHASE_CONCURRENCY,
  async process(job, { orders, logger }: OrderJobContext) {
    const outcome = await orders.purchase(job.data.orderId);
    logger.info({ orderId: job.data.orderId, outcome }, 'purchase job done');
    return outcome;
  },
  sweep: {
    queue: RECONCILE_QUEUE,
    id: 'orders-reconcile',
    name: 'reconcile',
    everyMs: RECONCILE_EVERY_MS,
    async run({ orders, logger }) {
      const outcome = await orders.reconcile();
      if (outcome.requeued || outcome.expired || outcome.undecided) logger.warn(outcome, 'order reconciler repaired orders');
      return outcome;
    },
  },
});

/** The timeout of a real order at its sales cut-off (delayed until then; written to the outbox with the order). */
export const timeoutJob = defineJob({
  queue: TIMEOUT_QUEUE,
  name: 'order-timeout',
  entity: true,
  concurrency: 16,
  async process(job, { orders, logger }: OrderJobContext, token) {
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
  },
});

/** The order workers (roles `all` and `worker`): purchase, timeout, and the reconciler. */
export async function startOrderWorkers(platform: Pick<Platform, 'queues' | 'logger' | 'config'>, orders: OrderService) {
  const context = { orders, logger: platform.logger };
  await purchaseJob.start(platform, context);
  await timeoutJob.start(platform, context);
}
