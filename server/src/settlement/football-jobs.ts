import type { Platform } from '../platform/platform.ts';
import { FOOTBALL_SETTLE_QUEUE, footballSettleJobId, type FootballSettleJob, type FootballSettlementService } from './football-settlement.ts';
import { ENTITY_JOB_OPTIONS } from '../platform/queues.ts';

const FOOTBALL_SWEEP_QUEUE = 'football-settle-sweep';
export const FOOTBALL_SWEEP_EVERY_MS = 30_000;

/**
 * Queues the settlement of an event that has just become final (resulted, or postponed,
 * abandoned, void, cancelled). Idempotent: one job id per event. The football results code calls
 * it after committing the result.
 */
export async function enqueueFootballSettlement(queues: Platform['queues'], eventId: string) {
  await queues.queue<FootballSettleJob>(FOOTBALL_SETTLE_QUEUE).add('settle', { eventId }, { ...ENTITY_JOB_OPTIONS, jobId: footballSettleJobId(eventId) });
}

/**
 * The football settlement workers (roles `all` and `worker`): one job per final event, and a
 * sweep every 30 s that settles any purchased order whose events are all final but which is
 * still unsettled (the job was never queued or was lost, or the process died mid-settlement).
 */
export async function startFootballSettlementWorkers(platform: Pick<Platform, 'queues' | 'logger'>, settlement: FootballSettlementService) {
  const { queues, logger } = platform;
  queues.worker<FootballSettleJob>(FOOTBALL_SETTLE_QUEUE, async (job) => settlement.settleEvent(job.data.eventId), { concurrency: 2 });
  await queues.schedule({ queue: FOOTBALL_SWEEP_QUEUE, id: 'football-settle-sweep', everyMs: FOOTBALL_SWEEP_EVERY_MS, template: { name: 'sweep', opts: { attempts: 1 } } });
  queues.worker(FOOTBALL_SWEEP_QUEUE, async () => {
    const outcome = await settlement.settleReady();
    if (outcome.orders > 0) logger.warn(outcome, 'football settlement sweep settled orders whose job was lost');
    return outcome;
  }, { concurrency: 1 });
}
