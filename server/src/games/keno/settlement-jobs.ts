import type { NoData } from '../../platform/queues.ts';
import { defineSettlementJob, type Settler } from '../../settlement/service.ts';
import type { KenoSettlementService } from './settlement.ts';

export interface SettleJob {
  drawId: string;
}

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'order-settle': SettleJob;
    'order-settle-sweep': NoData;
  }
}

export const SETTLE_QUEUE = 'order-settle';

/**
 * The settlement of a drawn keno draw: one job per draw (`settle-<draw>`, a second add while it
 * exists is ignored), queued when the result is published, and the sweep every 30 s that settles
 * any drawn draw still holding unsettled orders.
 */
export const kenoSettlement = defineSettlementJob({
  queue: SETTLE_QUEUE,
  sweepQueue: 'order-settle-sweep',
  sweepId: 'settle-sweep',
  jobId: (drawId) => `settle-${drawId}`,
  dataOf: (drawId) => ({ drawId }),
  targetOf: (data) => data.drawId,
  sweptMessage: 'settlement sweep settled draws whose job was lost',
});

/** What the keno settlement job and its sweep run. */
export function kenoSettler(settlement: KenoSettlementService): Settler {
  return {
    settle: (drawId) => settlement.settleDraw(drawId),
    async sweep() {
      const draws = await settlement.unsettledDraws();
      for (const drawId of draws) await settlement.settleDraw(drawId);
      return { repaired: draws.length, detail: { draws } };
    },
  };
}
