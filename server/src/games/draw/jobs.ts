import { defineDrawSchedule, type DrawScheduleJob, type SchedulingPlatform } from '../draw-core/schedule-job.ts';
import type { DrawService } from './service.ts';

export const LOTTERY_DRAWS_QUEUE = 'lottery-draws';

export type LotteryDrawJob = DrawScheduleJob;

declare module '../../platform/queues.ts' {
  interface QueueMap {
    'lottery-draws': LotteryDrawJob;
  }
}

/** One job per draw and draw time: BullMQ ignores a second add with the same id. */
export const lotteryDrawJobId = (drawId: number, drawAt: Date) => `lottery-draw-${drawId}-${drawAt.getTime().toString(36)}`;

/**
 * Draw lotteries on the draw core's scheduling (draw-core/schedule-job.ts): draw jobs are queued
 * for draws due within the next hour (draw lotteries draw at most daily), looking back a day for
 * missed ones; after each pass the simulated pool amounts that are due are announced.
 */
export const lotteryDrawSchedule = defineDrawSchedule({
  queue: LOTTERY_DRAWS_QUEUE,
  scheduleId: 'lottery-draw-schedule',
  drawJobId: lotteryDrawJobId,
  horizonMs: 3600_000,
  lookbackMs: 24 * 3600_000,
  unknownDraw: 'lottery draw job for an unknown draw',
  toData: (job) => job,
  fromData: (data) => data,
  afterPass: async (_platform, draws: DrawService, now) => ({ announced: await draws.announceSimulatedAmounts(now) }),
});

/** One pass: create missing draws, queue the draws due soon, announce due simulated amounts. */
export const runLotterySchedulingPass = (platform: SchedulingPlatform, draws: DrawService) => lotteryDrawSchedule.pass({ platform, draws });
