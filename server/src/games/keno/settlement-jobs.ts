import type { Logger } from '../../platform/logger.ts';
import { defineJob } from '../../platform/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import type { NoData } from '../../platform/queues.ts';
import { SETTLE_QUEUE, settleJobId, type SettleJob, type SettlementService } from './settlement.ts';

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'order-settle': SettleJob;
    'order-settle-sweep': NoData;
  }
}

export const SWEEP_EVERY_MS = 30_000;

interface SettlementJobContext {
  settlement: SettlementService;
  logger: Logger;
}

/**
 * The settlement of a drawn draw: one job per draw, queued when the result is published, and a
 * sweep every 30 s that settles any drawn draw still holding unsettled orders (the result was saved
 * but the process died before queueing, or mid-settlement).
 */
export const settleDrawJob = defineJob({
  queue: SETTLE_QUEUE,
  name: 'settle',
  jobId: ({ drawId }) => settleJobId(drawId),
  entity: true,
  concurrency: 2,
  process: (job, { settlement }: SettlementJobContext) => settlement.settleDraw(job.data.drawId),
  sweep: {
    queue: 'order-settle-sweep',
    id: 'settle-sweep',
    everyMs: SWEEP_EVERY_MS,
    async run({ settlement, logger }) {
      const draws = await settlement.unsettledDraws();
      for (const drawId of draws) await settlement.settleDraw(drawId);
      if (draws.length > 0) logger.warn({ draws }, 'settlement sweep settled draws whose job was lost');
      return { draws: draws.length };
    },
  },
});

/** Queues the settlement of a draw that has just got its result (idempotent: one job id per draw). */
export async function enqueueSettlement(queues: Platform['queues'], drawId: string) {
  await settleDrawJob.enqueue(queues, { drawId });
}

/** The settlement workers (roles `all` and `worker`). */
export async function startSettlementWorkers(platform: Pick<Platform, 'queues' | 'config' | 'logger'>, settlement: SettlementService) {
  await settleDrawJob.start(platform, { settlement, logger: platform.logger });
}
