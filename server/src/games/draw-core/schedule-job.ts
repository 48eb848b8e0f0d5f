import { defineJob, type JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Platform } from '../../platform/platform.ts';
import type { QueueMap, QueueName } from '../../platform/queues.ts';

/** A draw game's scheduling job: a pass every minute, or one draw at its time. */
export type DrawScheduleJob = { name: 'schedule' } | { name: 'draw'; drawId: number };

/** What the scheduling job asks of a draw game's service (keno's, the draw lotteries'). */
export interface ScheduledDraws {
  /** Creates the draws the game needs ahead that do not exist yet (each with its committed seed); the new ones. */
  createUpcomingDraws(now: Date): Promise<Array<{ productCode: string; id: number; drawAt: Date }>>;
  /** Draws still waiting for their result, due in `[from, until)`. */
  scheduledBetween(from: Date, until: Date): Promise<Array<{ id: number; drawAt: Date }>>;
  /** Draws one at its time (a job before the time throws, to be retried): published once. */
  drawAtTime(drawId: number): Promise<'drawn' | 'already' | 'manual' | 'missing'>;
}

export type SchedulingPlatform = Pick<Platform, 'queues' | 'bus' | 'now'>;

export interface DrawScheduleContext<D extends ScheduledDraws> {
  platform: SchedulingPlatform;
  draws: D;
  logger: Logger;
}

/** What tells one draw game's scheduling from another's. */
export interface DrawScheduleSpec<Q extends QueueName, D extends ScheduledDraws> {
  queue: Q;
  /** The job scheduler id of the pass (what `/api/health` names). */
  scheduleId: string;
  /** The job id of a draw at its draw time (a draw id reused after a database reset is a new job). */
  drawJobId: (drawId: number, drawAt: Date) => string;
  /** Draw jobs are queued for draws due within this horizon, and those a stopped worker missed within the lookback. */
  horizonMs: number;
  lookbackMs: number;
  /** The warning for a draw job whose draw is unknown. */
  unknownDraw: string;
  /** The game's own step after each pass (tell the clocks, announce amounts); its counts join the pass's. */
  afterPass?: (platform: SchedulingPlatform, draws: D, now: Date, created: ReadonlyArray<{ productCode: string }>) => Promise<Record<string, number>>;
}

const SCHEDULE_EVERY_MS = 60_000;

/** A draw game's scheduling job, and one pass of it run directly (tests, the worker's start). */
export interface DrawSchedule<Q extends QueueName, D extends ScheduledDraws> {
  readonly job: JobDefinition<Q, DrawScheduleContext<D>>;
  pass(context: Pick<DrawScheduleContext<D>, 'platform' | 'draws'>): Promise<Record<string, number>>;
}

/**
 * The draw core's scheduling, shared by keno and the draw lotteries, one queue per game: a job
 * scheduler runs a pass every 60 s (also once when the worker starts, so a fresh platform has
 * draws at once) that creates the draws due ahead and queues a delayed `draw` job for each draw
 * due within the horizon, which draws it at its time. Every step is idempotent: inserts skip
 * existing draws, job ids dedupe, and the result is written by a conditional update.
 */
export function defineDrawSchedule<Q extends QueueName, D extends ScheduledDraws>(
  spec: DrawScheduleSpec<Q, D> & { toData: (job: DrawScheduleJob) => QueueMap[Q]; fromData: (data: QueueMap[Q]) => DrawScheduleJob },
): DrawSchedule<Q, D> {
  async function pass({ platform, draws }: Pick<DrawScheduleContext<D>, 'platform' | 'draws'>) {
    const now = platform.now();
    const created = await draws.createUpcomingDraws(now);
    const due = await draws.scheduledBetween(new Date(now.getTime() - spec.lookbackMs), new Date(now.getTime() + spec.horizonMs));
    await job.enqueueMany(
      platform.queues,
      due.map((draw) => ({
        data: spec.toData({ name: 'draw', drawId: draw.id }),
        options: { jobId: spec.drawJobId(draw.id, draw.drawAt), delay: Math.max(0, draw.drawAt.getTime() - now.getTime()) },
      })),
    );
    const more = spec.afterPass ? await spec.afterPass(platform, draws, now, created) : {};
    return { created: created.length, enqueued: due.length, ...more };
  }

  const job = defineJob({
    queue: spec.queue,
    name: 'draw',
    entity: true,
    async process(queued, context: DrawScheduleContext<D>) {
      const data = spec.fromData(queued.data);
      if (data.name === 'draw') {
        const outcome = await context.draws.drawAtTime(data.drawId);
        if (outcome === 'missing') context.logger.warn({ drawId: data.drawId }, spec.unknownDraw);
        return outcome;
      }
      return pass(context);
    },
    onStart: (context) => pass(context),
    repeat: [{ id: spec.scheduleId, everyMs: SCHEDULE_EVERY_MS, name: 'schedule', data: spec.toData({ name: 'schedule' }), options: { attempts: 3 } }],
  });
  return { job, pass };
}
