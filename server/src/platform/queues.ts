import { DEFAULT_SCHEMA, Queue, Worker, createPostgresBackend, quoteSchemaName, runMigrations, withBackend, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from './logger.ts';

export type Processor<T> = (job: Job<T>, token?: string) => Promise<unknown>;

/**
 * Queue name → the data of its jobs. The platform knows no feature, so the map is empty here: each
 * feature adds its queues next to their job definitions (see `defineJob` in ./jobs.ts):
 *
 *   declare module '../platform/queues.ts' {
 *     interface QueueMap { 'order-settle': SettleJob; 'order-settle-sweep': NoData }
 *   }
 *
 * Then `queues.queue('order-settle')` is a `Queue<SettleJob>` with no type argument at the call, and
 * the outbox's job effects (`Effect` in ./outbox.ts) must name a queue of the map with its data.
 */
export interface QueueMap {}
export type QueueName = keyof QueueMap & string;
/** The data of a job made by a scheduler without a template `data` (a sweep): BullMQ reads it back as `{}`. */
export type NoData = Record<string, never>;

/**
 * Where BullMQ keeps its jobs: the PostgreSQL backend on our own database (embedded mode) or
 * Redis (scaled mode). Features ask this factory for queues and workers and never learn which.
 */
/** A pg client that always has an 'error' listener (see `postgresConnection`): the query in flight still gets the error. */
class ListenedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

export type QueueBackend = { kind: 'postgres'; connectionString: string } | { kind: 'redis'; url: string; prefix: string };

/** A repeatable job: BullMQ's job scheduler `id` on `queue`, run every `everyMs` from `template`. */
export interface Schedule {
  queue: string;
  id: string;
  everyMs: number;
  template: { name: string; data?: unknown; opts?: JobsOptions };
}

/** Where the factory reports a scheduled job that ran (the heartbeats `/api/health` reads). */
export interface ScheduleHooks {
  registered(schedule: Schedule): Promise<void>;
  ticked(scheduleId: string): Promise<void>;
}

export interface QueueFactory {
  readonly backend: QueueBackend['kind'];
  /** A queue of `QueueMap`, typed by it. */
  queue<Q extends QueueName>(name: Q): Queue<QueueMap[Q]>;
  /** A queue outside the map (a test's own): its data type is the caller's to name. */
  queue<T = unknown>(name: string): Queue<T>;
  /**
   * Adds jobs to a queue the cheapest way on this backend, each on its own (fixed job ids make a
   * second add of one a no-op; nothing here is all or none). On PostgreSQL, BullMQ's `addBulk`
   * builds two temporary tables per call — about 5 ms here, whatever the count — where `add` costs
   * about 0.8 ms a job, so up to BULK_FROM - 1 jobs are added one by one. Redis: one `addBulk`.
   */
  addJobs<T>(name: string, entries: ReadonlyArray<{ name: string; data: T; opts?: JobsOptions }>): Promise<void>;
  /** The worker of a queue of `QueueMap` (features start theirs through `defineJob`'s `start`). */
  worker<Q extends QueueName>(name: Q, processor: Processor<QueueMap[Q]>, options?: Partial<WorkerOptions>): Worker<QueueMap[Q]>;
  worker<T = unknown>(name: string, processor: Processor<T>, options?: Partial<WorkerOptions>): Worker<T>;
  /**
   * Registers a repeatable job and keeps it registered: the scheduler is upserted now, again
   * whenever the queue's Redis connection comes back (a Redis restarted without its data has
   * forgotten it), and every `reassertEveryMs`. Upserting an existing scheduler changes nothing.
   */
  schedule(schedule: Schedule): Promise<void>;
  /** Upserts every registered schedule again; returns how many. */
  reassertSchedules(): Promise<number>;
  /** Closes workers first (letting active jobs finish, up to `timeoutMs`), then queues. */
  close(timeoutMs?: number): Promise<void>;
}

export interface QueueFactoryOptions {
  hooks?: ScheduleHooks;
  /** How often registered schedules are re-asserted even without a reconnect (0: never). */
  reassertEveryMs?: number;
}

/**
 * Jobs keyed by an entity (an order's purchase, a draw's settlement) are added with
 * `ENTITY_JOB_OPTIONS`: finished, they are gone at once, so their id only ever dedupes against a
 * live job and an id reused later (an entity re-created after a database reset) is never swallowed.
 */
export const ENTITY_JOB_OPTIONS = { removeOnComplete: true } as const satisfies JobsOptions;

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * BullMQ's worker waits `runRetryDelay` (15 s by default) after losing its connection before it
 * fetches again: a second is plenty, and a restarted Redis then serves jobs within about a second.
 */
const WORKER_DEFAULTS = { concurrency: 4, runRetryDelay: 1000 } as const satisfies Partial<WorkerOptions>;

/**
 * The shared BullMQ pool (PostgreSQL backend): one LISTEN connection per worker (~16) plus room for
 * their queries. Connections open on demand and idle ones close after 10 s.
 */
const BULLMQ_POOL_MAX = 48;
/**
 * From how many jobs BullMQ's PostgreSQL `addBulk` is cheaper than as many `add`s (measured on
 * 6.7.0 here: 1 job 5.6 against 0.8 ms, 4 jobs 6.6 against 3.3, 8 jobs 7.0 against 7.8).
 */
const BULK_FROM = 8;

/** How long a forced close may take once the graceful one has timed out. */
const FORCE_GRACE_MS = 1000;

/** True if `promise` settles within `ms`; never rejects, never keeps the process alive. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true, () => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref()),
  ]);
}

/**
 * BullMQ's PostgreSQL backend on one pool for every queue and worker of the process: each worker
 * holds one of its connections for LISTEN, queries share the rest. (A pool per queue and per worker,
 * BullMQ's default, opened ~30 pools and ~45 connections per process, and took a second to start.)
 * Its schema is migrated once, here, before any queue exists: a queue checks it when made.
 */
async function sharedBullmqPool(connectionString: string, logger: Logger): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString,
    max: BULLMQ_POOL_MAX,
    // BullMQ's SQL names its tables unqualified (what it sets on pools it makes itself).
    options: `-c search_path=${quoteSchemaName(DEFAULT_SCHEMA)}`,
    Client: ListenedClient,
  });
  pool.on('error', (error) => logger.warn({ err: error }, 'bullmq pool: idle connection lost'));
  // BullMQ adds one 'error' listener to the pool per queue and per worker (~50 in a process, fixed).
  pool.setMaxListeners(128);
  try {
    const client = await pool.connect();
    try {
      await runMigrations(client, DEFAULT_SCHEMA); // under BullMQ's advisory lock: processes starting together migrate once
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return pool;
}

export async function createQueueFactory(backend: QueueBackend, logger: Logger, options: QueueFactoryOptions = {}): Promise<QueueFactory> {
  const pool = backend.kind === 'postgres' ? await sharedBullmqPool(backend.connectionString, logger) : undefined;
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const redisConnections: Redis[] = [];
  const schedules = new Map<string, Schedule>();
  const connectionOf = new WeakMap<object, Redis>();
  let closed = false;

  async function upsert(schedule: Schedule) {
    await factory.queue(schedule.queue).upsertJobScheduler(schedule.id, { every: schedule.everyMs }, schedule.template);
  }

  async function reassert(which: Iterable<Schedule>) {
    let count = 0;
    for (const schedule of which) {
      if (closed) break;
      try {
        await upsert(schedule);
        count++;
      } catch (error) {
        logger.warn({ err: error, schedule: schedule.id }, 'could not re-assert a job schedule; will retry');
      }
    }
    return count;
  }

  const timer = options.reassertEveryMs
    ? setInterval(() => void reassert(schedules.values()), options.reassertEveryMs).unref()
    : undefined;

  // Each backend has its own constructors: `withBackend` types the Postgres ones by their connection.
  // The factory hands every queue and worker out under BullMQ's default (Redis) typing, which is
  // what features and tests name: a Postgres-backed one is the same class with the same methods,
  // only the type of `opts.connection` (ours alone to read) differs. Hence the two
  // `as unknown as` below, the one place the two typings meet.
  const postgres = withBackend(createPostgresBackend);
  const prefix = backend.kind === 'redis' ? { prefix: `${backend.prefix}:bull` } : {};
  /** A Redis connection of its own for one queue or worker, closed by `close`. */
  const redisConnection = (url: string) => {
    const connection = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
    connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
    redisConnections.push(connection);
    return connection;
  };

  const factory: QueueFactory = {
    backend: backend.kind,
    queue<T>(name: string) {
      let queue = queues.get(name);
      if (!queue) {
        if (backend.kind === 'postgres') {
          queue = new postgres.Queue<T>(name, { connection: pool!, defaultJobOptions: DEFAULT_JOB_OPTIONS }) as unknown as Queue<T>;
        } else {
          const connection = redisConnection(backend.url);
          queue = new Queue<T>(name, { ...prefix, connection, defaultJobOptions: DEFAULT_JOB_OPTIONS });
          connectionOf.set(queue, connection);
        }
        queue.on('error', (error) => logger.warn({ err: error, queue: name }, 'queue error'));
        queues.set(name, queue);
        // Every reconnect after the first: the server may be a new one that knows none of our
        // schedules (Redis restarted without its data), so this queue's are upserted again.
        let connectedOnce = false;
        connectionOf.get(queue)?.on('ready', () => {
          if (!connectedOnce) return void (connectedOnce = true);
          const mine = [...schedules.values()].filter((s) => s.queue === name);
          if (mine.length) void reassert(mine).then((n) => logger.warn({ queue: name, schedules: n }, 'redis reconnected: job schedules re-asserted'));
        });
      }
      // One queue per name, whatever data type each caller names it with.
      return queue as unknown as Queue<T>;
    },
    async addJobs<T>(name: string, entries: ReadonlyArray<{ name: string; data: T; opts?: JobsOptions }>) {
      if (entries.length === 0) return;
      // The untyped view (as `defineJob` uses): BullMQ's name type stays unresolved for a generic `T`.
      const queue = factory.queue<unknown>(name);
      if (backend.kind === 'redis' || entries.length >= BULK_FROM) await queue.addBulk([...entries]);
      else await Promise.all(entries.map((entry) => queue.add(entry.name, entry.data, entry.opts)));
    },
    worker<T>(name: string, processor: Processor<T>, workerOptions: Partial<WorkerOptions> = {}) {
      // A job made by one of our schedulers is a tick: record it for `/api/health`, after it ran.
      const run: Processor<T> = async (job, token) => {
        const result = await processor(job, token);
        const scheduleId = job.repeatJobKey;
        if (scheduleId && schedules.has(scheduleId) && options.hooks) {
          await options.hooks.ticked(scheduleId).catch((error) => logger.warn({ err: error, schedule: scheduleId }, 'could not record a schedule tick'));
        }
        return result;
      };
      const opts = { ...WORKER_DEFAULTS, ...workerOptions, ...prefix };
      const worker =
        backend.kind === 'postgres'
          ? (new postgres.Worker<T>(name, run, { ...opts, connection: pool! }) as unknown as Worker<T>)
          : new Worker<T>(name, run, { ...opts, connection: redisConnection(backend.url) });
      worker.on('failed', (job, error) =>
        logger.warn({ err: error, queue: name, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed'),
      );
      worker.on('error', (error) => logger.warn({ err: error, queue: name }, 'worker error'));
      workers.push(worker);
      return worker;
    },
    async schedule(schedule: Schedule) {
      schedules.set(schedule.id, schedule);
      await options.hooks?.registered(schedule);
      await upsert(schedule);
    },
    reassertSchedules: () => reassert(schedules.values()),
    async close(timeoutMs = 10_000) {
      closed = true;
      if (timer) clearInterval(timer);
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
      // Every queue and worker has given its connections back (or was cut off above).
      if (pool) await settlesWithin(pool.end(), FORCE_GRACE_MS);
      for (const connection of redisConnections) connection.disconnect(); // no-op once quit
      workers.length = 0;
      redisConnections.length = 0;
      queues.clear();
    },
  };
  return factory;
}
