import type { NoData } from '../../platform/queues.ts';
import { defineSettlementJob, type Settler } from '../../settlement/service.ts';
import type { DrawSettlementService } from './settlement.ts';

export interface LotterySettleJob {
  drawId: string;
}

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'lottery-settle': LotterySettleJob;
    'lottery-settle-sweep': NoData;
  }
}

export const LOTTERY_SETTLE_QUEUE = 'lottery-settle';

/**
 * The settlement of a lottery draw whose numbers or pool amounts were just published: one job per
 * draw while it exists (a later add, pool amounts entered, runs again once it is done), and the
 * sweep every 30 s for draws whose job was lost or whose pool amounts arrived while a job ran.
 */
export const lotterySettlement = defineSettlementJob({
  queue: LOTTERY_SETTLE_QUEUE,
  sweepQueue: 'lottery-settle-sweep',
  sweepId: 'lottery-settle-sweep',
  jobId: (drawId) => `lottery-settle-${drawId}`,
  dataOf: (drawId) => ({ drawId }),
  targetOf: (data) => data.drawId,
  sweptMessage: 'lottery settlement sweep settled orders',
});

/** What the lottery settlement job and its sweep run. */
export function lotterySettler(settlement: DrawSettlementService): Settler {
  return {
    settle: (drawId) => settlement.settleDraw(drawId),
    async sweep() {
      let orders = 0;
      for (const drawId of await settlement.drawsToSettle()) {
        const outcome = await settlement.settleDraw(drawId);
        if (outcome.status === 'settled') orders += outcome.orders;
      }
      return { repaired: orders, detail: { orders } };
    },
  };
}
