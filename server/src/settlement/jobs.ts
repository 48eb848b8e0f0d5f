import type { Platform } from '../platform/platform.ts';
import { SETTLE_QUEUE, settleJobId, type SettleJob, type SettlementService } from './service.ts';
import { ENTITY_JOB_OPTIONS } from '../platform/queues.ts';

const SWEEP_QUEUE = 'order-settle-sweep';
export const SWEEP_EVERY_MS = 30_000;

/** Queues the settlement of a draw that has just got its result (idempotent: one job id per draw). */
export async function enqueueSettlement(queues: Platform['queues'], drawId: string) {
  await queues.queue<SettleJob>(SETTLE_QUEUE).add('settle', { drawId }, { ...ENTITY_JOB_OPTIONS, jobId: settleJobId(drawId) });
}

/**
 * The settlement workers (roles `all` and `worker`): one job per drawn draw, queued when the result
 * is published, and a sweep every 30 s that settles any drawn draw still holding unsettled orders
 * (the result was saved but the process died before queueing, or mid-settlement).
 */
export async function startSettlementWorkers(platform: Pick<Platform, 'queues' | 'logger'>, settlement: SettlementService) {
  const { queues, logger } = platform;
  queues.worker<SettleJob>(SETTLE_QUEUE, async (job) => settlement.settleDraw(job.data.drawId), { concurrency: 2 });
  await queues.schedule({ queue: SWEEP_QUEUE, id: 'settle-sweep', everyMs: SWEEP_EVERY_MS, template: { name: 'sweep', opts: { attempts: 1 } } });
  queues.worker(SWEEP_QUEUE, async () => {
    const draws = await settlement.unsettledDraws();
    for (const drawId of draws) await settlement.settleDraw(drawId);
    if (draws.length > 0) logger.warn({ draws }, 'settlement sweep settled draws whose job was lost');
    return { draws: draws.length };
  }, { concurrency: 1 });
}
