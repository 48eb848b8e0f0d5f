import { DelayedError, UnrecoverableError } from 'bullmq';
import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { NoData } from '../platform/queues.ts';
import type { OrderService } from './service.ts';

export const PURCHASE_QUEUE = 'order-purchase';
export const TIMEOUT_QUEUE = 'order-timeout';
export const RECONCILE_QUEUE = 'order-reconcile';
export const RECONCILE_EVERY_MS = 30_000;

/** A purchase job: one order, or the orders the outbox gathered into one job (`purchaseJob`'s `gather`). */
export interface OrderJob {
  orderIds: number[];
}

/**
 * A purchase job's orders; one queued before purchases were gathered named its order as `orderId`,
 * and one queued before ids were numbers carries them as text (`Number` reads both).
 */
export const orderIdsOf = (data: OrderJob): number[] => (data.orderIds ?? [(data as unknown as { orderId: number | string }).orderId]).map(Number);

/** The timeout of every order whose sales close at `closeAt` (ISO): one job per cut-off, not per order. */
export interface OrderTimeoutJob {
  closeAt: string;
}

declare module '../platform/queues.ts' {
  interface QueueMap {
    'order-purchase': OrderJob;
    'order-timeout': OrderTimeoutJob;
    'order-reconcile': NoData;
  }
}

/** The base-36 creation time of an order: an order id reused after a database reset is a new job. */
export const incarnation = (createdAt: Date | string) => new Date(createdAt).getTime().toString(36);
/** BullMQ job ids may be neither integer strings nor contain ':'. */
export const purchaseJobId = (orderId: number, createdAt: Date | string) => `purchase-${orderId}-${incarnation(createdAt)}`;
/**
 * One timeout job per sales cut-off: every order whose sales close at that moment shares it
 * (whatever it plays), so placing an order adds one job, not two.
 */
export const timeoutJobId = (salesCloseAt: Date | string) => `order-timeout-${incarnation(salesCloseAt)}`;

interface OrderJobContext {
  orders: OrderService;
  logger: Logger;
}

/** Orders one purchase job takes at most when the outbox gathers them: the purchase batch (service.ts). */
const PURCHASES_PER_JOB = 256;

/**
 * The purchase of real orders (written to the outbox with each order, see `orderPlumbing`; the
 * orders delivered together are gathered into one job), retried with the queue's backoff when
 * the gateway throws for any of them; and the reconciler every 30 s for jobs that were never
 * queued (a crash between commit and enqueue) or lost.
 */
export const purchaseJob = defineJob({
  queue: PURCHASE_QUEUE,
  name: 'purchase',
  entity: true,
  gather: { field: 'orderIds', max: PURCHASES_PER_JOB },
  concurrency: (config) => config.PURCHASE_CONCURRENCY,
  async process(job, { orders, logger }: OrderJobContext) {
    const ids = orderIdsOf(job.data);
    const settled = await Promise.allSettled(ids.map((id) => orders.purchase(id)));
    const outcomes: Record<string, number> = {};
    for (const result of settled) if (result.status === 'fulfilled') outcomes[result.value] = (outcomes[result.value] ?? 0) + 1;
    logger.info({ orders: ids.length, firstOrderId: ids[0], outcomes }, 'purchase job done');
    const errors = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    // The others are done: a retry finds them moved on ('skipped') and tries these again, unless
    // none of them can ever succeed (an order that does not exist).
    if (errors.length) throw errors.find((error) => !(error instanceof UnrecoverableError)) ?? errors[0];
    return outcomes;
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

/**
 * The timeout of the real orders still unbought at a sales cut-off (delayed until then; written to
 * the outbox with each order, one job per cut-off). Each order is decided on its own (the gateway
 * asked first); one the gateway cannot answer for makes the job fail after the others are done,
 * so it is retried under the queue's backoff.
 */
export const timeoutJob = defineJob({
  queue: TIMEOUT_QUEUE,
  name: 'order-timeout',
  entity: true,
  concurrency: 4,
  async process(job, { orders, logger }: OrderJobContext, token) {
    const closeAt = new Date(job.data.closeAt);
    const outcome = await orders.expireAt(closeAt);
    if (outcome === 'early') {
      // A delayed job may fire a few ms before its time, and one left from before a reset may be
      // far off: either way it waits for the real cut-off instead of ending unused.
      await job.moveToDelayed(closeAt.getTime() + 20, token);
      throw new DelayedError();
    }
    if (outcome.refunded || outcome.purchased) logger.info({ closeAt: job.data.closeAt, ...outcome }, 'orders timed out at their cut-off');
    if (outcome.undecided > 0) throw new Error(`${outcome.undecided} order(s) past the cut-off ${job.data.closeAt}: the gateway could not say whether it sold them`);
    return outcome;
  },
});

/** The order workers (roles `all` and `worker`): purchase (with the reconciler) and timeout. */
export function orderWorkers(orders: OrderService, logger: Logger) {
  const context = { orders, logger };
  return [purchaseJob.withContext(context), timeoutJob.withContext(context)];
}
