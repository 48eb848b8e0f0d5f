import { defineJob, type JobDefinition, type SweepQueue } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { QueueMap, QueueName } from '../platform/queues.ts';

/** How often each family's settlement sweep looks for work a lost job left undone. */
export const SETTLEMENT_SWEEP_EVERY_MS = 30_000;

/**
 * A family's settlement as its job and sweep run it. `settle` settles what is due of one target
 * (what the family settles by: a round of numbers, an event), each order once however often it
 * runs; `sweep` finds and settles what a lost job left (the result was saved but the process died before queueing, or mid-settlement) and
 * answers counts: the sweep logs a warning naming them when any is above zero.
 */
export interface Settler {
  settle(targetId: string): Promise<unknown>;
  sweep(): Promise<{ repaired: number; detail: Record<string, unknown> }>;
}

export interface SettlementJobContext {
  settler: Settler;
  logger: Logger;
}

/** What tells one family's settlement job from another's: its queues, its job ids and its data. */
export interface SettlementJobSpec<Q extends QueueName> {
  queue: Q;
  sweepQueue: SweepQueue;
  /** The sweep's job scheduler id (what `/api/health` names). */
  sweepId: string;
  /** The job id of a target's settlement: one per target while it exists, so a second add is a no-op. */
  jobId: (targetId: string) => string;
  /** A job's data for a target, and back (the field names jobs already queued carry). */
  dataOf: (targetId: string) => QueueMap[Q];
  targetOf: (data: QueueMap[Q]) => string;
  /** The sweep's warning when it repaired something. */
  sweptMessage: string;
}

/** A family's settlement job: `enqueue(queues, targetId)` (idempotent), its worker and its sweep. */
export interface SettlementJob<Q extends QueueName> {
  readonly job: JobDefinition<Q, SettlementJobContext>;
  enqueue(queues: Parameters<JobDefinition<Q, SettlementJobContext>['enqueue']>[0], targetId: string): Promise<void>;
}

/**
 * The settlement of a target that has just got its result (a game that has its numbers, a final event): one job
 * per target, two at once per process, queued by the family's result hook; and a sweep every 30 s,
 * one at a time, for what a lost job left undone. Every family's settlement runs on this.
 */
export function defineSettlementJob<Q extends QueueName>(spec: SettlementJobSpec<Q>): SettlementJob<Q> {
  const job = defineJob({
    queue: spec.queue,
    name: 'settle',
    jobId: (data) => spec.jobId(spec.targetOf(data)),
    entity: true,
    concurrency: 2,
    process: (queued, { settler }: SettlementJobContext) => settler.settle(spec.targetOf(queued.data)),
    sweep: {
      queue: spec.sweepQueue,
      id: spec.sweepId,
      everyMs: SETTLEMENT_SWEEP_EVERY_MS,
      async run({ settler, logger }) {
        const { repaired, detail } = await settler.sweep();
        if (repaired > 0) logger.warn(detail, spec.sweptMessage);
        return detail;
      },
    },
  });
  return { job, enqueue: (queues, targetId) => job.enqueue(queues, spec.dataOf(targetId)) };
}
