import { defineDrawSchedule, type DrawScheduleJob, type SchedulingPlatform } from '../draw-core/schedule-job.ts';
import type { KenoService } from './service.ts';

export const KENO_DRAWS_QUEUE = 'keno-draws';

export type KenoJob = DrawScheduleJob;

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'keno-draws': KenoJob;
  }
}

/**
 * The job id of a draw: BullMQ ignores a second add with the same id, so enqueueing is idempotent.
 * The draw time is part of it, so a draw id reused after a database reset is a new job.
 */
export const drawJobId = (drawId: number, drawAt: Date) => `draw-${drawId}-${drawAt.getTime().toString(36)}`;

/**
 * Keno draws on the draw core's scheduling (draw-core/schedule-job.ts). Draw jobs are enqueued
 * for draws due within 5 minutes, not for the whole 6 hours ahead: each pass (every 60 s) covers
 * the next ones with margin, and re-covers any whose job was lost. Looking back an hour catches
 * draws a stopped worker missed. After each pass the clocks of products with new draws are told.
 */
export const kenoDrawSchedule = defineDrawSchedule({
  queue: KENO_DRAWS_QUEUE,
  scheduleId: 'keno-draw-schedule',
  drawJobId,
  horizonMs: 5 * 60_000,
  lookbackMs: 3600_000,
  unknownDraw: 'draw job for an unknown draw',
  toData: (job) => job,
  fromData: (data) => data,
  async afterPass(platform, _keno: KenoService, _now, created) {
    for (const productCode of new Set(created.map((draw) => draw.productCode))) {
      await platform.bus.publish({ room: `draws:${productCode}`, event: 'draws_updated', payload: { productCode } });
    }
    return {};
  },
});

/** One pass: create the missing draws, make sure every draw due soon has its job, tell the clocks. */
export const runSchedulingPass = (platform: SchedulingPlatform, keno: KenoService) => kenoDrawSchedule.pass({ platform, draws: keno });
