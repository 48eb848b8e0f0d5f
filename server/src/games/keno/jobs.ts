import { defineJob } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Platform } from '../../platform/platform.ts';
import type { KenoService } from './service.ts';

export const KENO_DRAWS_QUEUE = 'keno-draws';
const SCHEDULE_EVERY_MS = 60_000;
/**
 * Draw jobs are enqueued for draws due within this horizon, not for the whole 6 hours ahead: each
 * pass (every 60 s) covers the next ones with margin, and re-covers any whose job was lost (a crash
 * between the insert and the enqueue). Looking back an hour catches draws a stopped worker missed.
 */
const JOB_HORIZON_MS = 5 * 60_000;
const JOB_LOOKBACK_MS = 3600_000;

export type KenoJob = { name: 'schedule' } | { name: 'draw'; drawId: string };

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'keno-draws': KenoJob;
  }
}

/**
 * The job id of a draw: BullMQ ignores a second add with the same id, so enqueueing is idempotent.
 * The draw time is part of it, so a draw id reused after a database reset is a new job.
 */
export const drawJobId = (drawId: string, drawAt: Date) => `draw-${drawId}-${drawAt.getTime().toString(36)}`;

type SchedulingPlatform = Pick<Platform, 'queues' | 'bus' | 'now'>;

interface KenoJobContext {
  platform: SchedulingPlatform;
  keno: KenoService;
  logger: Logger;
}

/**
 * Keno draws, one queue: a job scheduler runs a scheduling pass every 60 s (also once when the
 * worker starts, so a fresh platform has draws at once), and one delayed `draw` job per draw
 * performs it at its time. Every step is idempotent: inserts skip existing draws, job ids dedupe,
 * and the result is written by a conditional update.
 */
export const kenoDrawJob = defineJob({
  queue: KENO_DRAWS_QUEUE,
  name: 'draw',
  entity: true,
  async process(job, { platform, keno, logger }: KenoJobContext) {
    if (job.data.name === 'draw') {
      const outcome = await keno.drawAtTime(job.data.drawId);
      if (outcome === 'missing') logger.warn({ drawId: job.data.drawId }, 'draw job for an unknown draw');
      return outcome;
    }
    return runSchedulingPass(platform, keno);
  },
  onStart: ({ platform, keno }) => runSchedulingPass(platform, keno),
  repeat: [{ id: 'keno-draw-schedule', everyMs: SCHEDULE_EVERY_MS, name: 'schedule', data: { name: 'schedule' }, options: { attempts: 3 } }],
});

/** The worker side of keno draws (roles `all` and `worker`). */
export async function startKenoDrawWorker(platform: SchedulingPlatform & Pick<Platform, 'config' | 'logger'>, keno: KenoService) {
  await kenoDrawJob.start(platform, { platform, keno, logger: platform.logger });
}

/** One pass: create the missing draws, make sure every draw due soon has its job, tell the clocks. */
export async function runSchedulingPass(platform: SchedulingPlatform, keno: KenoService) {
  const now = platform.now();
  const created = await keno.createUpcomingDraws(now);
  const due = await keno.scheduledBetween(new Date(now.getTime() - JOB_LOOKBACK_MS), new Date(now.getTime() + JOB_HORIZON_MS));
  await kenoDrawJob.enqueueMany(
    platform.queues,
    due.map((draw) => ({
      data: { name: 'draw' as const, drawId: draw.id },
      options: { jobId: drawJobId(draw.id, draw.drawAt), delay: Math.max(0, draw.drawAt.getTime() - now.getTime()) },
    })),
  );
  for (const productCode of new Set(created.map((draw) => draw.productCode))) {
    await platform.bus.publish({ room: `draws:${productCode}`, event: 'draws_updated', payload: { productCode } });
  }
  return { created: created.length, enqueued: due.length };
}
