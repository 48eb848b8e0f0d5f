import { defineJob } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Platform } from '../../platform/platform.ts';
import type { NoData } from '../../platform/queues.ts';
import { LOTTERY_SETTLE_QUEUE, lotterySettleJobId, type DrawSettlementService, type LotterySettleJob } from './settlement.ts';

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'lottery-settle': LotterySettleJob;
    'lottery-settle-sweep': NoData;
  }
}

export const LOTTERY_SWEEP_EVERY_MS = 30_000;

interface Context {
  settlement: DrawSettlementService;
  logger: Logger;
}

/**
 * The settlement of a lottery draw whose numbers or pool amounts were just published (one job per
 * draw while it exists), and a sweep every 30 s for draws whose job was lost or whose pool amounts
 * arrived while a job was still running.
 */
export const lotterySettleJob = defineJob({
  queue: LOTTERY_SETTLE_QUEUE,
  name: 'settle',
  jobId: ({ drawId }) => lotterySettleJobId(drawId),
  entity: true,
  concurrency: 2,
  process: (job, { settlement }: Context) => settlement.settleDraw(job.data.drawId),
  sweep: {
    queue: 'lottery-settle-sweep',
    id: 'lottery-settle-sweep',
    everyMs: LOTTERY_SWEEP_EVERY_MS,
    async run({ settlement, logger }) {
      let orders = 0;
      for (const drawId of await settlement.drawsToSettle()) {
        const outcome = await settlement.settleDraw(drawId);
        if (outcome.status === 'settled') orders += outcome.orders;
      }
      if (orders > 0) logger.warn({ orders }, 'lottery settlement sweep settled orders');
      return { orders };
    },
  },
});

/** Queues a draw's settlement (the draw feature's `afterDrawn` hook, wired by the server). */
export async function enqueueLotterySettlement(queues: Platform['queues'], drawId: string) {
  await lotterySettleJob.enqueue(queues, { drawId });
}

export async function startLotterySettlementWorkers(platform: Pick<Platform, 'queues' | 'config' | 'logger'>, settlement: DrawSettlementService) {
  await lotterySettleJob.start(platform, { settlement, logger: platform.logger });
}
