import type { NoData } from '../../platform/queues.ts';
import { defineSettlementJob } from '../../settlement/service.ts';

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'order-settle': { drawId: number };
    'order-settle-sweep': NoData;
  }
}

export const SETTLE_QUEUE = 'order-settle';

/** A drawn keno draw's settlement (`settle-<draw>`), queued when the result is published, and its sweep (`settle-sweep`). */
export const kenoSettlement = defineSettlementJob({ queue: SETTLE_QUEUE, target: 'drawId', jobIdPrefix: 'settle-', sweepQueue: 'order-settle-sweep', sweepId: 'settle-sweep', sweptMessage: 'settlement sweep settled draws whose job was lost' });
