import { Queue, Worker, createPostgresBackend, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

export type Processor<T> = (job: Job<T>) => Promise<unknown>;

/**
 * Where BullMQ keeps its jobs: the PostgreSQL backend on our own database (embedded mode) or
 * Redis (scaled mode). Features ask this factory for queues and workers and never learn which.
 */
export type QueueBackend = { kind: 'postgres'; connectionString: string } | { kind: 'redis'; url: string; prefix: string };

export interface QueueFactory {
  readonly backend: QueueBackend['kind'];
  queue<T = unknown>(name: string): Queue<T>;
  worker<T = unknown>(name: string, processor: Processor<T>, options?: Partial<WorkerOptions>): Worker<T>;
  /** Closes workers first (letting active jobs finish, up to `timeoutMs`), then queues. */
  close(timeoutMs?: number): Promise<void>;
}

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** How long a forced close may take once the graceful one has timed out. */
const FORCE_GRACE_MS = 1000;

/** True if `promise` settles within `ms`; never rejects, never keeps the process alive. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true, () => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref()),
  ]);
}

export function createQueueFactory(backend: QueueBackend, logger: Logger): QueueFactory {
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const redisConnections: Redis[] = [];

  // BullMQ's constructors are overloaded on the backend; these helpers keep that in one place.
  // (The generics differ per backend; we hold them as the Redis-typed classes behind `as never`.)
  const prefix = backend.kind === 'redis' ? { prefix: `${backend.prefix}:bull` } : {};
  const build = <C>(make: (connection: object, factory?: never) => C): C => {
    if (backend.kind === 'postgres') {
      // Each Queue/Worker owns a small pool plus one LISTEN client; keep pools small.
      return make({ connectionString: backend.connectionString, max: 4, migrate: true }, createPostgresBackend as never);
    }
    const connection = new Redis(backend.url, { maxRetriesPerRequest: null, lazyConnect: false });
    connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
    redisConnections.push(connection);
    return make(connection);
  };

  return {
    backend: backend.kind,
    queue<T>(name: string) {
      let queue = queues.get(name);
      if (!queue) {
        queue = build((connection, factory) =>
          factory
            ? new Queue(name, { ...prefix, connection: connection as never, defaultJobOptions: DEFAULT_JOB_OPTIONS }, factory)
            : new Queue(name, { ...prefix, connection: connection as never, defaultJobOptions: DEFAULT_JOB_OPTIONS }),
        );
        queue.on('error', (error) => logger.warn({ err: error, queue: name }, 'queue error'));
        queues.set(name, queue);
      }
      return queue as unknown as Queue<T>;
    },
    worker<T>(name: string, processor: Processor<T>, options: Partial<WorkerOptions> = {}) {
      const worker = build((connection, factory) =>
        factory
          ? new Worker<T>(name, processor, { concurrency: 4, ...options, ...prefix, connection: connection as never }, factory)
          : new Worker<T>(name, processor, { concurrency: 4, ...options, ...prefix, connection: connection as never }),
      );
      worker.on('failed', (job, error) =>
        logger.warn({ err: error, queue: name, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed'),
      );
      worker.on('error', (error) => logger.warn({ err: error, queue: name }, 'worker error'));
      workers.push(worker as unknown as Worker);
      return worker;
    },
    async close(timeoutMs = 10_000) {
      // worker.close() waits for active jobs with no limit of its own, and a later close(true)
      // only returns that same pending promise (BullMQ 6.7): so past the timeout, "force" means
      // cutting the workers' connections. Their active jobs stay `active` until their lock lapses,
      // then another worker retries them as stalled. Every step is bounded: shutdown always ends.
      const closing = Promise.allSettled(workers.map((worker) => worker.close()));
      if (!(await settlesWithin(closing, timeoutMs))) {
        logger.warn({ timeoutMs, queues: workers.map((w) => w.name) }, 'workers still busy at shutdown; disconnecting them');
        await settlesWithin(Promise.allSettled(workers.map((worker) => worker.disconnect())), FORCE_GRACE_MS);
        for (const connection of redisConnections) connection.disconnect();
        await settlesWithin(closing, FORCE_GRACE_MS);
      }
      if (!(await settlesWithin(Promise.allSettled([...queues.values()].map((queue) => queue.close())), timeoutMs))) {
        logger.warn({ timeoutMs }, 'queues did not close in time');
      }
      await settlesWithin(Promise.allSettled(redisConnections.map((c) => c.quit())), FORCE_GRACE_MS);
      for (const connection of redisConnections) connection.disconnect(); // no-op once quit
      workers.length = 0;
      redisConnections.length = 0;
      queues.clear();
    },
  };
}
