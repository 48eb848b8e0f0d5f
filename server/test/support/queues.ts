import type { Job, Queue } from 'bullmq';
import type { Platform } from '../../src/platform/platform.ts';
import type { QueueBackend } from '../../src/platform/queues.ts';
import { eventually } from './wait.ts';

/** A job's state, read from the queue itself (QueueEvents loses events on the Postgres backend). */
export async function jobSettles(queue: Queue, jobId: string, timeoutMs = 10_000): Promise<{ job: Job; state: string }> {
  return eventually(
    `job ${jobId} on ${queue.name} to complete or fail`,
    async () => {
      const state = await queue.getJobState(jobId);
      if (state !== 'completed' && state !== 'failed') return undefined;
      // Read the job only now: one read before the state check could predate its result.
      return { job: (await queue.getJob(jobId))!, state };
    },
    timeoutMs,
  );
}

/** Waits until a queue has nothing waiting, delayed, prioritized or running. */
export async function queueDrains(queue: Queue, timeoutMs = 10_000) {
  await eventually(
    `queue ${queue.name} to drain`,
    async () => {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'waiting-children');
      return Object.values(counts).every((n) => n === 0);
    },
    timeoutMs,
  );
}

/**
 * Runs a delayed job now: what a test does after moving the platform's clock past the job's time
 * (BullMQ keeps its delay on the wall clock). For a job the test knows was queued: one that is no
 * longer there has run already (entity jobs are removed once completed), and one that is no longer
 * delayed is left as it is.
 */
export async function promoteJob(queue: Queue, jobId: string): Promise<void> {
  const job = await queue.getJob(jobId);
  if (!job || (await job.getState()) !== 'delayed') return;
  // It may come due by itself between the two calls: then there is nothing to promote.
  await job.promote().catch(async (error: unknown) => {
    if ((await job.getState()) === 'delayed') throw error;
  });
}

/** The backend the platform's own factory uses, for tests that need a second, separately closed factory. */
export function queueBackendOf(platform: Platform): QueueBackend {
  const { REDIS_URL } = platform.config;
  return REDIS_URL ? { kind: 'redis', url: REDIS_URL, prefix: platform.namespace } : { kind: 'postgres', connectionString: platform.connectionString };
}
