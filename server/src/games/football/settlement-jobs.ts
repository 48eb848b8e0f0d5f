import type { Platform } from '../../platform/platform.ts';
import type { NoData } from '../../platform/queues.ts';
import { defineSettlementJob, type Settler } from '../../settlement/service.ts';
import type { FootballSettlementService } from './settlement.ts';

export interface FootballSettleJob {
  eventId: string;
}

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'football-settle': FootballSettleJob;
    'football-settle-sweep': NoData;
  }
}

export const FOOTBALL_SETTLE_QUEUE = 'football-settle';

/**
 * The settlement of an event that has become final (resulted, or postponed, abandoned, void,
 * cancelled): one job per event, and the sweep every 30 s that settles any purchased order whose
 * events are all final but which is still unsettled.
 */
export const footballSettlement = defineSettlementJob({
  queue: FOOTBALL_SETTLE_QUEUE,
  sweepQueue: 'football-settle-sweep',
  sweepId: 'football-settle-sweep',
  jobId: (eventId) => `football-settle-${eventId}`,
  dataOf: (eventId) => ({ eventId }),
  targetOf: (data) => data.eventId,
  sweptMessage: 'football settlement sweep settled orders whose job was lost',
});

/**
 * Queues the settlement of an event that has just become final. Idempotent: one job id per event.
 * The football results code calls it (through the `afterResulted` hook) after committing the result.
 */
export const enqueueFootballSettlement = (queues: Platform['queues'], eventId: string) => footballSettlement.enqueue(queues, eventId);

/** What the football settlement job and its sweep run. */
export function footballSettler(settlement: FootballSettlementService): Settler {
  return {
    settle: (eventId) => settlement.settleEvent(eventId),
    async sweep() {
      const outcome = await settlement.settleReady();
      return { repaired: outcome.orders, detail: outcome };
    },
  };
}
