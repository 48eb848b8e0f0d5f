import type { Queue } from 'bullmq';
import type { Platform } from '../platform/platform.ts';
import { ENTITY_JOB_OPTIONS } from '../platform/queues.ts';
import type { KenoService } from './service.ts';

export const KENO_DRAWS_QUEUE = 'keno-draws';
const SCHEDULER_ID = 'keno-draw-schedule';
const SCHEDULE_EVERY_MS = 60_000;
/**
 * Draw jobs are enqueued for draws due within this horizon, not for the whole 6 hours ahead: each
 * pass (every 60 s) covers the next ones with margin, and re-covers any whose job was lost (a crash
 * between the insert and the enqueue). Looking back an hour catches draws a stopped worker missed.
 */
const JOB_HORIZON_MS = 5 * 60_000;
const JOB_LOOKBACK_MS = 3600_000;

type KenoJob = { name: 'schedule' } | { name: 'draw'; drawId: string };

/**
 * The job id of a draw: BullMQ ignores a second add with the same id, so enqueueing is idempotent.
 * The draw time is part of it, so a draw id reused after a database reset is a new job.
 */
export const drawJobId = (drawId: string, drawAt: Date) => `draw-${drawId}-${drawAt.getTime().toString(36)}`;

/**
 * The worker side of keno draws (roles `all` and `worker`): a job scheduler runs a scheduling
 * pass every 60 s (also once right here, so a fresh platform has draws at once), and one delayed
 * `draw` job per draw performs it at its time. Every step is idempotent: inserts skip existing
 * draws, job ids dedupe, and the result is written by a conditional update.
 */
export async function startKenoDrawWorker(platform: Pick<Platform, 'queues' | 'bus' | 'now' | 'logger'>, keno: KenoService) {
  const { queues, logger } = platform;
  const queue = queues.queue<KenoJob>(KENO_DRAWS_QUEUE);
  const pass = () => runSchedulingPass(platform, keno, queue);

  queues.worker<KenoJob>(KENO_DRAWS_QUEUE, async (job) => {
    if (job.data.name === 'draw') {
      const outcome = await keno.drawAtTime(job.data.drawId);
      if (outcome === 'missing') logger.warn({ drawId: job.data.drawId }, 'draw job for an unknown draw');
      return outcome;
    }
    return pass();
  });
  await pass();
  await queues.schedule({ queue: KENO_DRAWS_QUEUE, id: SCHEDULER_ID, everyMs: SCHEDULE_EVERY_MS, template: { name: 'schedule', data: { name: 'schedule' }, opts: { attempts: 3 } } });
}

/** One pass: create the missing draws, make sure every draw due soon has its job, tell the clocks. */
export async function runSchedulingPass(platform: Pick<Platform, 'bus' | 'now'>, keno: KenoService, queue: Queue<KenoJob>) {
  const now = platform.now();
  const created = await keno.createUpcomingDraws(now);
  const due = await keno.scheduledBetween(new Date(now.getTime() - JOB_LOOKBACK_MS), new Date(now.getTime() + JOB_HORIZON_MS));
  if (due.length > 0) {
    await queue.addBulk(
      due.map((draw) => ({
        name: 'draw',
        data: { name: 'draw' as const, drawId: draw.id },
        opts: { jobId: drawJobId(draw.id, draw.drawAt), delay: Math.max(0, draw.drawAt.getTime() - now.getTime()), ...ENTITY_JOB_OPTIONS },
      })),
    );
  }
  for (const productCode of new Set(created.map((draw) => draw.productCode))) {
    await platform.bus.publish({ room: `draws:${productCode}`, event: 'draws_updated', payload: { productCode } });
  }
  return { created: created.length, enqueued: due.length };
}
