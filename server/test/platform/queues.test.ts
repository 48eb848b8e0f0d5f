import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/platform/platform.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createQueueFactory } from '../../src/platform/queues.ts';
import { MODES, testPlatform } from '../support/platform.ts';
import { startRedis } from '../support/redis-server.ts';
import { jobSettles, queueBackendOf } from '../support/queues.ts';
import { within } from '../support/wait.ts';

const uniqueQueue = (what: string) => `test-${what}-${crypto.randomBytes(3).toString('hex')}`;
/** A window to watch for something that must not happen (see its one use); never a pace. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(MODES)('queue factory (%s mode)', (mode) => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await testPlatform(mode);
  });
  afterAll(() => platform.close());

  it(`keeps jobs in ${mode === 'scaled' ? 'Redis' : 'PostgreSQL'}`, () => {
    expect(platform.queues.backend).toBe(mode === 'scaled' ? 'redis' : 'postgres');
  });

  it('runs a job once and keeps its result', async () => {
    const name = uniqueQueue('once');
    const runs: unknown[] = [];
    platform.queues.worker<{ n: number }>(name, async (job) => {
      runs.push(job.data);
      return job.data.n * 2;
    });
    const queue = platform.queues.queue<{ n: number }>(name);
    await queue.add('double', { n: 21 }, { jobId: 'once-1' });

    const { job, state } = await jobSettles(queue, 'once-1');
    expect(state).toBe('completed');
    expect(job.returnvalue).toBe(42);
    expect(runs).toEqual([{ n: 21 }]);
  });

  // The one test of a real BullMQ delay on each backend: elapsed time is what it checks (every other
  // test moves the platform's clock and promotes the job instead).
  it('runs a delayed job after its delay, not before', async () => {
    const name = uniqueQueue('delay');
    const delay = 800;
    let ranAt: number | undefined;
    platform.queues.worker(name, async () => {
      ranAt = Date.now();
    });
    const queue = platform.queues.queue(name);
    const before = Date.now();
    await queue.add('later', {}, { jobId: 'later-1', delay });
    expect(await (await queue.getJob('later-1'))!.getState()).toBe('delayed');

    const { state } = await jobSettles(queue, 'later-1', delay + 10_000);
    expect(state).toBe('completed');
    expect(ranAt! - before).toBeGreaterThanOrEqual(delay);
  });

  // `addJobs` adds a few jobs one by one on PostgreSQL and many in one `addBulk`: both ways must
  // keep each job's id, data and delay, and a second add of the same ids must add nothing.
  it.each([3, 12])('adds %i jobs with their ids, data and delays; adding them again adds nothing', async (count) => {
    const name = uniqueQueue(`add-${count}`);
    const queue = platform.queues.queue<{ n: number }>(name);
    const entries = Array.from({ length: count }, (_, n) => ({ name: 'job', data: { n }, opts: { jobId: `job-${n}`, ...(n === 0 ? { delay: 60_000 } : {}) } }));
    await platform.queues.addJobs(name, entries);
    await platform.queues.addJobs(name, entries);
    const counts = await queue.getJobCounts('waiting', 'delayed');
    expect(counts).toEqual({ waiting: count - 1, delayed: 1 });
    const jobs = await queue.getJobs(['waiting', 'delayed']);
    expect(jobs.map((job) => [job.id, job.data.n]).sort()).toEqual(entries.map((e) => [e.opts.jobId, e.data.n]).sort());
  });

  it('runs a job added twice under the same jobId once', async () => {
    const name = uniqueQueue('dedup');
    const queue = platform.queues.queue<{ version: number }>(name);
    // Both adds land before any worker exists, so the second truly races the first's stored job.
    const first = await queue.add('pay', { version: 1 }, { jobId: 'order-7' });
    const second = await queue.add('pay', { version: 2 }, { jobId: 'order-7' });
    expect(second.id).toBe(first.id);

    const seen: number[] = [];
    platform.queues.worker<{ version: number }>(name, async (job) => {
      seen.push(job.data.version);
    });
    expect((await jobSettles(queue, 'order-7')).state).toBe('completed');
    // Once completed (and retained), the same id is still refused rather than run again.
    await queue.add('pay', { version: 3 }, { jobId: 'order-7' });
    const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'completed');
    expect(counts).toEqual({ waiting: 0, delayed: 0, active: 0, completed: 1 });
    expect(seen).toEqual([1]);
  });

  it('retries a failing job with exponential backoff until it succeeds', async () => {
    const name = uniqueQueue('retry');
    const backoff = 200;
    const attempts: { startedAt: number; failedAt?: number }[] = [];
    platform.queues.worker(name, async () => {
      const attempt = { startedAt: Date.now() } as (typeof attempts)[number];
      attempts.push(attempt);
      if (attempts.length < 3) {
        attempt.failedAt = Date.now();
        throw new Error(`transient failure ${attempts.length}`);
      }
      return 'ok';
    });
    const queue = platform.queues.queue(name);
    await queue.add('flaky', {}, { jobId: 'flaky-1', attempts: 3, backoff: { type: 'exponential', delay: backoff } });

    const { job, state } = await jobSettles(queue, 'flaky-1');
    expect(state).toBe('completed');
    expect(job.returnvalue).toBe('ok');
    expect(attempts).toHaveLength(3);
    // Exponential: the n-th retry waits backoff * 2^(n-1) after the failure, never less. The wait is the
    // behaviour here (BullMQ's backoff runs on the wall clock); lower bounds, so load cannot fail them.
    expect(attempts[1]!.startedAt - attempts[0]!.failedAt!).toBeGreaterThanOrEqual(backoff);
    expect(attempts[2]!.startedAt - attempts[1]!.failedAt!).toBeGreaterThanOrEqual(backoff * 2);
  });

  it('close() lets an active job finish before it returns', async () => {
    const name = uniqueQueue('close');
    // A factory of its own, so closing it leaves the platform's queues open for the assertions.
    const factory = await createQueueFactory(queueBackendOf(platform), platform.logger);
    const started = gate();
    const release = gate();
    const order: string[] = [];
    factory.worker(name, async () => {
      started.open();
      await release.opened;
      order.push('job finished');
      return 'finished';
    });
    await factory.queue(name).add('slow', {}, { jobId: 'slow-1' });
    await within(started.opened, 10_000, 'the slow job to start');

    const closing = factory.close(10_000).then(() => order.push('close returned'));
    // That close() has not returned can only be seen by giving it time to: a close() that did not wait
    // would return within this window, one that waits cannot fail it whatever the load.
    expect(await Promise.race([closing.then(() => 'closed'), pause(300).then(() => 'still waiting')])).toBe('still waiting');
    release.open();
    await closing;

    expect(order).toEqual(['job finished', 'close returned']);
    const { job, state } = await jobSettles(platform.queues.queue(name), 'slow-1');
    expect(state).toBe('completed');
    expect(job.returnvalue).toBe('finished');
  });

  it('close() gives up on a job that outlasts its timeout, so shutdown always ends', async () => {
    const name = uniqueQueue('stuck');
    const factory = await createQueueFactory(queueBackendOf(platform), platform.logger);
    const started = gate();
    const release = gate();
    factory.worker(name, async () => {
      started.open();
      await release.opened; // a hung call to an outside service
    });
    await factory.queue(name).add('stuck', {}, { jobId: 'stuck-1' });
    await within(started.opened, 10_000, 'the stuck job to start');

    const begun = Date.now();
    await within(factory.close(300), 5_000, 'close(300) to return despite the stuck job');
    // It gave the job its 300 ms before giving up: that wait is the behaviour (a lower bound).
    expect(Date.now() - begun).toBeGreaterThanOrEqual(300);
    // Not completed: its lock lapses and another worker retries it as stalled.
    expect(await (await platform.queues.queue(name).getJob('stuck-1'))!.getState()).toBe('active');
    release.open();
  });
});

describe('queue factory when Redis has gone away (scaled mode)', () => {
  it('close() still returns within its timeout', async () => {
    const redis = await startRedis();
    const factory = await createQueueFactory({ kind: 'redis', url: redis.url, prefix: 'gone' }, createLogger('silent'));
    const name = uniqueQueue('gone');
    const ran = gate();
    factory.worker(name, async () => ran.open());
    await factory.queue(name).add('one', {});
    await within(ran.opened, 10_000, 'the job to run');
    await redis.stop();

    await within(factory.close(300), 5_000, 'close(300) to return with Redis down');
  });
});
