import { defineJob } from '../../platform/jobs.ts';
import type { FootballService } from './service.ts';

export const FOOTBALL_QUEUE = 'football';
/** Matches end on a minutes scale: a results pass every 15 s (or every odds tick, if those are faster) is prompt enough. */
const RESULTS_EVERY_MS = 15_000;
/**
 * Tick jobs repeat every few seconds for ever: keep only the last few, so the queue's own storage
 * (our database, in embedded mode) does not grow by thousands of rows a day.
 */
const KEEP = { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 200 } };

export type FootballJob = { name: 'tick' } | { name: 'results' };

declare module '../../platform/queues.ts' {
  interface QueueMap {
    football: FootballJob;
  }
}

/**
 * Football's own work: an odds tick every ODDS_INTERVAL_MS and a results pass every 15 s (at
 * most), from two job schedulers on one queue. One runner at a time: the queue's worker takes one
 * job at a time, and the tick also holds a database lock across processes. A failed job is not
 * retried: the next one comes soon and reads everything afresh.
 */
export const footballJob = defineJob({
  queue: FOOTBALL_QUEUE,
  concurrency: 1,
  process: async (job, football: FootballService) => (job.name === 'results' ? { resulted: await football.resultDue() } : football.tick()),
  repeat: [
    { id: 'football-odds-tick', everyMs: (config) => config.ODDS_INTERVAL_MS, name: 'tick', data: { name: 'tick' }, options: KEEP },
    { id: 'football-results-pass', everyMs: (config) => Math.min(RESULTS_EVERY_MS, config.ODDS_INTERVAL_MS), name: 'results', data: { name: 'results' }, options: KEEP },
  ],
});
