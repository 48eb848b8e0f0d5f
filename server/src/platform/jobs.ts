import type { Job, JobsOptions } from 'bullmq';
import type { Config } from '../config.ts';
import type { JobEffectOf } from './outbox.ts';
import type { Platform } from './platform.ts';
import { ENTITY_JOB_OPTIONS, type NoData, type QueueFactory, type QueueMap, type QueueName } from './queues.ts';

/** A number fixed in the code, or read from the configuration (`PURCHASE_CONCURRENCY`, `ODDS_INTERVAL_MS`). */
export type Configured = number | ((config: Config) => number);

/** What starting a job kind's workers needs of the platform. */
export type JobPlatform = Pick<Platform, 'queues' | 'config'>;

/** Attempts and backoff of a job kind. Left out: the queue's (`DEFAULT_JOB_OPTIONS`: 5 attempts, exponential from 1 s). */
export type RetryPolicy = Pick<JobsOptions, 'attempts' | 'backoff'>;

/** How one job is added besides its data: its id (default: the definition's `jobId(data)`) and a delay in ms. */
export interface EnqueueOptions {
  jobId?: string;
  delay?: number;
}

/** The same for an outbox effect, whose delay is a time: the job runs at `runAt` however late the outbox is drained. */
export interface EffectOptions {
  jobId?: string;
  runAt?: Date | string;
}

/** The fields of a job's data that hold arrays: what a gathered kind joins. */
export type ArrayField<T> = { [K in keyof T]: T[K] extends readonly unknown[] ? K : never }[keyof T] & string;

/** A repeatable job of the definition's own kind, on its queue, run by its `process`. */
export interface Repeat<T> {
  /** The job scheduler's id (what `/api/health` names in its heartbeats). */
  id: string;
  everyMs: Configured;
  /** The job name; default: the definition's. */
  name?: string;
  /** The data of every repeated job (none: BullMQ hands the processor `{}`). */
  data?: T;
  /** The repeated jobs' options (retries, how many finished ones are kept); default: the queue's. */
  options?: JobsOptions;
}

/** The queues of `QueueMap` whose jobs carry no data: where sweeps run. */
export type SweepQueue = { [K in QueueName]: QueueMap[K] extends NoData ? K : never }[QueueName];

/**
 * A sweep: a repeatable job on a queue of its own, run one at a time, that finds the work a lost job
 * left undone (the process died between a commit and the enqueue, or mid-job) and does it.
 */
export interface Sweep<C> {
  /** Its queue (in `QueueMap` with `NoData`). */
  queue: SweepQueue;
  /** The job scheduler's id (what `/api/health` names in its heartbeats). */
  id: string;
  everyMs: Configured;
  /** The job name; default `sweep`. */
  name?: string;
  /** Default 1: a sweep that fails waits for the next one rather than retrying. */
  attempts?: number;
  run: (context: C) => Promise<unknown>;
}

/**
 * One job kind: its queue (which names its data type, through `QueueMap`), how its jobs are added,
 * how many run at once, what runs them, and what repeats.
 *
 * `C` is what the processor needs besides the job (the feature's service, a logger): whoever starts
 * the workers passes it to `start`.
 */
export interface JobSpec<Q extends QueueName, C> {
  queue: Q;
  /** The name of the jobs `enqueue` and `effect` add; default: the queue's name. */
  name?: string;
  /** The id of a job from its data. Entity jobs have one per entity, so a second add is a no-op. */
  jobId?: (data: QueueMap[Q]) => string;
  /**
   * Jobs keyed by an entity (an order's purchase, a draw's settlement): removed once complete, so
   * their id only dedupes against a live job (`ENTITY_JOB_OPTIONS`; why in ./queues.ts).
   */
  entity?: boolean;
  retry?: RetryPolicy;
  /**
   * A kind whose job runs many items (a purchase runs a batch of orders): its `effect`s delivered
   * together by the outbox are queued as one job whose data's `field` (an array) lists all their
   * items, up to `max` (../platform/job-gathering.ts). Its `process` must be idempotent per item.
   */
  gather?: { field: ArrayField<QueueMap[Q]>; max: number };
  /** Jobs run at once by each process's worker; default 4 (the factory's). */
  concurrency?: Configured;
  /** Runs one job. Throwing retries it under the retry policy (`UnrecoverableError`: never; `DelayedError` after `moveToDelayed`: later). */
  process: (job: Job<QueueMap[Q]>, context: C, token: string | undefined) => Promise<unknown>;
  repeat?: ReadonlyArray<Repeat<QueueMap[Q]>>;
  sweep?: Sweep<C>;
  /** Runs once the worker is up, before the schedules are registered. */
  onStart?: (context: C) => Promise<unknown>;
}

/**
 * A job kind's workers with what they need, ready to start: the composition root starts every
 * worker of a process from one list of these (server.ts `workersOf`).
 */
export interface Workers {
  readonly queue: QueueName;
  start(platform: JobPlatform): Promise<void>;
}

export interface JobDefinition<Q extends QueueName, C> {
  readonly queue: Q;
  readonly name: string;
  /** Adds one job now (or after `delay`), with the definition's id and options. */
  enqueue(queues: Pick<QueueFactory, 'queue'>, data: QueueMap[Q], options?: EnqueueOptions): Promise<void>;
  /** Adds several in one call. */
  enqueueMany(queues: Pick<QueueFactory, 'queue'>, jobs: ReadonlyArray<{ data: QueueMap[Q]; options?: EnqueueOptions }>): Promise<void>;
  /** The same job as an outbox effect: queued once the transaction that writes it has committed. */
  effect(data: QueueMap[Q], options?: EffectOptions): JobEffectOf<Q>;
  /**
   * Starts this process's workers (the job's and its sweep's), runs `onStart`, then registers the
   * repeats and the sweep with `queues.schedule` (re-asserted after a Redis loss, heartbeats for
   * `/api/health`). Idempotent across processes: every worker process calls it on boot.
   */
  start(platform: JobPlatform, context: C): Promise<void>;
  /** `start` with its context bound: an entry of the list of workers a process starts. */
  withContext(context: C): Workers;
}

const resolve = (value: Configured, config: Config) => (typeof value === 'function' ? value(config) : value);

/**
 * Declares a job kind once (see `JobSpec`) and returns its typed producers (`enqueue`, `effect`)
 * and its `start`. The queue's data type is the feature's entry in `QueueMap`.
 *
 * Example:
 *
 *   declare module '../platform/queues.ts' {
 *     interface QueueMap { 'order-settle': SettleJob; 'order-settle-sweep': NoData }
 *   }
 *   export const settleJob = defineJob({
 *     queue: 'order-settle', name: 'settle', entity: true, concurrency: 2,
 *     jobId: ({ drawId }) => `settle-${drawId}`,
 *     process: (job, { settlement }: { settlement: SettlementService }) => settlement.settleDraw(job.data.drawId),
 *     sweep: { queue: 'order-settle-sweep', id: 'settle-sweep', everyMs: 30_000, run: ({ settlement }) => settleLost(settlement) },
 *   });
 *   await settleJob.enqueue(platform.queues, { drawId });  // job id settle-<drawId>, removed once complete
 *   await outbox.write(trx, [settleJob.effect({ drawId })]); // the same, once `trx` commits
 *   await settleJob.start(platform, { settlement });       // its worker (2 at once), the sweep's worker, the sweep's schedule
 */
export function defineJob<Q extends QueueName, C>(spec: JobSpec<Q, C>): JobDefinition<Q, C> {
  const name = spec.name ?? spec.queue;
  /** The kind's own options (retries, entity removal); empty when it has none. */
  const kindOptions: JobsOptions = { ...spec.retry, ...(spec.entity ? ENTITY_JOB_OPTIONS : {}) };

  function jobIdOf(data: QueueMap[Q], jobId: string | undefined) {
    return jobId ?? spec.jobId?.(data);
  }

  function addOptions(data: QueueMap[Q], options: EnqueueOptions = {}): JobsOptions {
    const jobId = jobIdOf(data, options.jobId);
    return { ...kindOptions, ...(jobId !== undefined ? { jobId } : {}), ...(options.delay !== undefined ? { delay: options.delay } : {}) };
  }

  // The queue's untyped view: BullMQ types `add` through conditional types that stay unresolved for
  // a generic `Q`. The data was checked against `QueueMap[Q]` at this module's own signatures.
  const queueOf = (queues: Pick<QueueFactory, 'queue'>) => queues.queue<unknown>(spec.queue);

  const definition: JobDefinition<Q, C> = {
    queue: spec.queue,
    name,
    withContext: (context) => ({ queue: spec.queue, start: (platform) => definition.start(platform, context) }),
    async enqueue(queues, data, options) {
      await queueOf(queues).add(name, data, addOptions(data, options));
    },
    async enqueueMany(queues, jobs) {
      if (jobs.length === 0) return;
      await queueOf(queues).addBulk(jobs.map(({ data, options }) => ({ name, data, opts: addOptions(data, options) })));
    },
    effect(data, options = {}) {
      const jobId = jobIdOf(data, options.jobId);
      if (jobId === undefined) throw new Error(`a ${spec.queue} job written to the outbox needs a job id (its second delivery must be a no-op)`);
      const runAt = options.runAt === undefined ? undefined : new Date(options.runAt).toISOString();
      return {
        kind: 'job',
        queue: spec.queue,
        name,
        data,
        jobId,
        ...(runAt ? { runAt } : {}),
        ...(Object.keys(kindOptions).length ? { opts: { ...kindOptions } } : {}),
        ...(spec.gather ? { gather: { ...spec.gather } } : {}),
      };
    },
    async start(platform, context) {
      const { queues, config } = platform;
      const concurrency = spec.concurrency === undefined ? {} : { concurrency: resolve(spec.concurrency, config) };
      queues.worker(spec.queue, (job, token) => spec.process(job, context, token), concurrency);
      const sweep = spec.sweep;
      if (sweep) queues.worker(sweep.queue, () => sweep.run(context), { concurrency: 1 });
      await spec.onStart?.(context);
      for (const repeat of spec.repeat ?? []) {
        await queues.schedule({
          queue: spec.queue,
          id: repeat.id,
          everyMs: resolve(repeat.everyMs, config),
          template: { name: repeat.name ?? name, ...(repeat.data !== undefined ? { data: repeat.data } : {}), ...(repeat.options ? { opts: repeat.options } : {}) },
        });
      }
      if (sweep) {
        await queues.schedule({ queue: sweep.queue, id: sweep.id, everyMs: resolve(sweep.everyMs, config), template: { name: sweep.name ?? 'sweep', opts: { attempts: sweep.attempts ?? 1 } } });
      }
    },
  };
  return definition;
}
