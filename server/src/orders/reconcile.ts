import type { OrderContext } from './context.ts';
import type { OrderExpiry } from './expire.ts';
import { orderIdsOf, PURCHASE_QUEUE, purchaseJob, purchaseJobId } from './jobs.ts';
import { ordersRepo } from './repo.ts';

/** The states of a purchase job not finished yet, in the order a job goes through them; jobs read per page. */
const LIVE_JOB_STATES = ['waiting-children', 'delayed', 'prioritized', 'waiting', 'active'] as const;
const LIVE_JOBS_PAGE = 1000;

/**
 * The reconciler (every 30 s): re-queues the purchase of real orders left in 0 for over 10 s
 * without a live job, and ends the orders past their deadline that a lost timeout job left in 0/1
 * (asking the gateway first, as the timeout does).
 */
export function orderReconciler({ platform }: OrderContext, expiry: Pick<OrderExpiry, 'expireOverdue'>) {
  const { db, queues, now } = platform;

  /**
   * The orders of every purchase job not finished yet, a page of jobs at a time. The states are
   * read in the order a job goes through them, so one that moves on meanwhile is still seen once.
   */
  async function liveOrderIds(): Promise<Set<number>> {
    const ids = new Set<number>();
    const queue = queues.queue(PURCHASE_QUEUE);
    for (const state of LIVE_JOB_STATES) {
      for (let start = 0; ; start += LIVE_JOBS_PAGE) {
        const jobs = await queue.getJobs([state], start, start + LIVE_JOBS_PAGE - 1, true);
        for (const job of jobs) if (job) for (const id of orderIdsOf(job.data)) ids.add(id);
        if (jobs.length < LIVE_JOBS_PAGE) break;
      }
    }
    return ids;
  }

  return {
    async reconcile(): Promise<{ requeued: number; expired: number; undecided: number }> {
      const at = now();
      let requeued = 0;
      const purchases = queues.queue(PURCHASE_QUEUE);
      const stale = await ordersRepo.stalePending(db, new Date(at.getTime() - 10_000), 500);
      // An order's purchase may be one of a gathered job's: what the live jobs hold, read once.
      const live = stale.length ? await liveOrderIds() : new Set<number>();
      for (const { id, created_at } of stale) {
        const orderId = id;
        if (live.has(orderId)) continue;
        const jobId = purchaseJobId(orderId, created_at);
        // Its own job, finished (failed for good) yet still kept, would swallow the new add.
        await (await purchases.getJob(jobId))?.remove();
        await purchaseJob.enqueue(queues, { orderIds: [orderId] }, { jobId });
        requeued++;
      }
      const { refunded, purchased, undecided } = await expiry.expireOverdue(at, 500);
      return { requeued, expired: refunded + purchased, undecided };
    },
  };
}
