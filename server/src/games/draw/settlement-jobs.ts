import type { NoData } from '../../platform/queues.ts';
import { defineSettlementJob } from '../../settlement/service.ts';

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'lottery-settle': { drawId: number };
    'lottery-settle-sweep': NoData;
  }
}

export const LOTTERY_SETTLE_QUEUE = 'lottery-settle';

/**
 * A lottery draw's settlement once its numbers or pool amounts are published (a later add, pool
 * amounts entered while a job runs, runs again once it is done), and its sweep.
 */
export const lotterySettlement = defineSettlementJob({ queue: LOTTERY_SETTLE_QUEUE, target: 'drawId', jobIdPrefix: 'lottery-settle-', sweepQueue: 'lottery-settle-sweep', sweptMessage: 'lottery settlement sweep settled orders' });
