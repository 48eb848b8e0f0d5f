import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { NoData } from '../platform/queues.ts';
import type { FeedsService } from './service.ts';

export const RESULT_FEEDS_QUEUE = 'result-feeds';

declare module '../platform/queues.ts' {
  interface QueueMap {
    'result-feeds': NoData;
  }
}

/**
 * The result-feed engine's pass (feeds/engine.ts), repeated every RESULT_FEED_POLL_SECONDS, one
 * at a time. A repeatable job like the draw schedules: `queues.schedule` re-asserts it after a
 * Redis loss and records its heartbeats for /api/health. A pass with no product on feeds
 * (RESULT_SOURCE and DRAW_RESULT_SOURCE not `feeds`) does nothing.
 */
export const resultFeedsJob = defineJob({
  queue: RESULT_FEEDS_QUEUE,
  name: 'poll',
  concurrency: 1,
  async process(_job, context: { feeds: FeedsService; logger: Logger }) {
    const outcome = await context.feeds.engine.pass();
    if (outcome.products) context.logger.debug(outcome, 'result feeds polled');
    return outcome;
  },
  repeat: [{ id: 'result-feeds-poll', everyMs: (config) => config.RESULT_FEED_POLL_SECONDS * 1000, options: { attempts: 1 } }],
});
