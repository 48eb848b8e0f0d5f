import { defineJob } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Platform } from '../../platform/platform.ts';
import type { DrawService } from './service.ts';

export const LOTTERY_DRAWS_QUEUE = 'lottery-draws';
const SCHEDULE_EVERY_MS = 60_000;
/** Draw jobs are queued for draws due within the next hour (draw lotteries draw at most daily); a lookback catches missed ones. */
const JOB_HORIZON_MS = 3600_000;
const JOB_LOOKBACK_MS = 24 * 3600_000;

export type LotteryDrawJob = { name: 'schedule' } | { name: 'draw'; drawId: string };

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'lottery-draws': LotteryDrawJob;
  }
}

/** One job per draw and draw time: BullMQ ignores a second add with the same id. */
export const lotteryDrawJobId = (drawId: string, drawAt: Date) => `lottery-draw-${drawId}-${drawAt.getTime().toString(36)}`;

type SchedulingPlatform = Pick<Platform, 'queues' | 'now'>;

interface DrawJobContext {
  platform: SchedulingPlatform;
  draws: DrawService;
  logger: Logger;
}

/**
 * Draw lotteries, one queue as for keno: a scheduling pass every 60 s (and when the worker starts)
 * creates the draws each lottery needs ahead, queues a delayed `draw` job for each draw due within
 * the hour, and announces the simulated pool amounts that are due; each `draw` job draws at its time.
 * Every step is idempotent (inserts skip existing draws, job ids dedupe, results are conditional updates).
 */
export const lotteryDrawJob = defineJob({
  queue: LOTTERY_DRAWS_QUEUE,
  name: 'draw',
  entity: true,
  async process(job, { platform, draws, logger }: DrawJobContext) {
    if (job.data.name === 'draw') {
      const outcome = await draws.drawAtTime(job.data.drawId);
      if (outcome === 'missing') logger.warn({ drawId: job.data.drawId }, 'lottery draw job for an unknown draw');
      return outcome;
    }
    return runLotterySchedulingPass(platform, draws);
  },
  onStart: ({ platform, draws }) => runLotterySchedulingPass(platform, draws),
  repeat: [{ id: 'lottery-draw-schedule', everyMs: SCHEDULE_EVERY_MS, name: 'schedule', data: { name: 'schedule' }, options: { attempts: 3 } }],
});

export async function startLotteryDrawWorker(platform: SchedulingPlatform & Pick<Platform, 'config' | 'logger'>, draws: DrawService) {
  await lotteryDrawJob.start(platform, { platform, draws, logger: platform.logger });
}

/** One pass: create missing draws, queue the draws due soon, announce due simulated amounts. */
export async function runLotterySchedulingPass(platform: SchedulingPlatform, draws: DrawService) {
  const now = platform.now();
  const created = await draws.createUpcomingDraws(now);
  const due = await draws.scheduledBetween(new Date(now.getTime() - JOB_LOOKBACK_MS), new Date(now.getTime() + JOB_HORIZON_MS));
  await lotteryDrawJob.enqueueMany(
    platform.queues,
    due.map((draw) => ({
      data: { name: 'draw' as const, drawId: draw.id },
      options: { jobId: lotteryDrawJobId(draw.id, draw.drawAt), delay: Math.max(0, draw.drawAt.getTime() - now.getTime()) },
    })),
  );
  const announced = await draws.announceSimulatedAmounts(now);
  return { created: created.length, enqueued: due.length, announced };
}
