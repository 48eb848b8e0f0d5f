import { defineJob } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Platform } from '../../platform/platform.ts';
import type { NoData } from '../../platform/queues.ts';
import { FOOTBALL_SETTLE_QUEUE, footballSettleJobId, type FootballSettleJob, type FootballSettlementService } from './settlement.ts';

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'football-settle': FootballSettleJob;
    'football-settle-sweep': NoData;
  }
}

export const FOOTBALL_SWEEP_EVERY_MS = 30_000;

interface FootballSettlementJobContext {
  settlement: FootballSettlementService;
  logger: Logger;
}

/**
 * The settlement of an event that has become final (resulted, or postponed, abandoned, void,
 * cancelled): one job per event, and a sweep every 30 s that settles any purchased order whose
 * events are all final but which is still unsettled (the job was never queued or was lost, or the
 * process died mid-settlement).
 */
export const footballSettleJob = defineJob({
  queue: FOOTBALL_SETTLE_QUEUE,
  name: 'settle',
  jobId: ({ eventId }) => footballSettleJobId(eventId),
  entity: true,
  concurrency: 2,
  process: (job, { settlement }: FootballSettlementJobContext) => settlement.settleEvent(job.data.eventId),
  sweep: {
    queue: 'football-settle-sweep',
    id: 'football-settle-sweep',
    everyMs: FOOTBALL_SWEEP_EVERY_MS,
    async run({ settlement, logger }) {
      const outcome = await settlement.settleReady();
      if (outcome.orders > 0) logger.warn(outcome, 'football settlement sweep settled orders whose job was lost');
      return outcome;
    },
  },
});

/**
 * Queues the settlement of an event that has just become final. Idempotent: one job id per event.
 * The football results code calls it (through the server's `afterResulted` hook) after committing the result.
 */
export async function enqueueFootballSettlement(queues: Platform['queues'], eventId: string) {
  await footballSettleJob.enqueue(queues, { eventId });
}

/** The football settlement workers (roles `all` and `worker`). */
export async function startFootballSettlementWorkers(platform: Pick<Platform, 'queues' | 'config' | 'logger'>, settlement: FootballSettlementService) {
  await footballSettleJob.start(platform, { settlement, logger: platform.logger });
}
