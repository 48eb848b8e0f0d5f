import type { Platform } from '../../platform/platform.ts';
import type { NoData } from '../../platform/queues.ts';
import { defineSettlementJob } from '../../settlement/service.ts';

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'football-settle': { eventId: number };
    'football-settle-sweep': NoData;
  }
}

export const FOOTBALL_SETTLE_QUEUE = 'football-settle';

/** An event's settlement once it is final (resulted, or postponed, abandoned, void, cancelled), and its sweep. */
export const footballSettlement = defineSettlementJob({ queue: FOOTBALL_SETTLE_QUEUE, target: 'eventId', jobIdPrefix: 'football-settle-', sweepQueue: 'football-settle-sweep', sweptMessage: 'football settlement sweep settled orders whose job was lost' });

/** Queues an event's settlement (idempotent: one job id per event); the results code calls it through `afterResulted` after committing the result. */
export const enqueueFootballSettlement = (queues: Platform['queues'], eventId: number) => footballSettlement.enqueue(queues, eventId);
