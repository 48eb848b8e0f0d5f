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
  settle(targetId: number): Promise<unknown>;
  sweep(): Promise<{ repaired: number; detail: Record<string, unknown> }>;
}

export interface SettlementJobContext {
  settler: Settler;
  logger: Logger;
}

/** What tells one family's settlement job from another's: its queues, its job ids and the field of its data naming its target. */
export interface SettlementJobSpec<Q extends QueueName, K extends keyof QueueMap[Q] & string> {
  queue: Q;
  /** The sweep's queue; its job scheduler id is the same unless `sweepId` says otherwise (what `/api/health` names). */
  sweepQueue: SweepQueue;
  sweepId?: string;
  /** The job id of a target's settlement is `jobIdPrefix` + its id: one per target while it exists, so a second add is a no-op. */
  jobIdPrefix: string;
  /** The field of the job's data that names the target (as jobs already queued carry it). */
  target: K;
  /** The sweep's warning when it repaired something. */
  sweptMessage: string;
}

/** A family's settlement job: `enqueue(queues, targetId)` (idempotent), its worker and its sweep. */
export interface SettlementJob<Q extends QueueName> {
  readonly job: JobDefinition<Q, SettlementJobContext>;
  enqueue(queues: Parameters<JobDefinition<Q, SettlementJobContext>['enqueue']>[0], targetId: number): Promise<void>;
}

/**
 * The settlement of a target that has just got its result (a game that has its numbers, a final event): one job
 * per target, two at once per process, queued by the family's result hook; and a sweep every 30 s,
 * one at a time, for what a lost job left undone. Every family's settlement runs on this.
 */
export function defineSettlementJob<Q extends QueueName, K extends keyof QueueMap[Q] & string>(spec: SettlementJobSpec<Q, K>): SettlementJob<Q> {
  // A job queued before ids were numbers carries the id as text: `Number` reads both.
  const targetOf = (data: QueueMap[Q]) => Number(data[spec.target]);
  // The one shape a settlement job's data has: `{ [target]: id }` (what `SettlementJobSpec.target` names).
  const dataOf = (targetId: number) => ({ [spec.target]: targetId }) as Record<K, number> as QueueMap[Q];
  const job = defineJob({
    queue: spec.queue,
    name: 'settle',
    jobId: (data) => `${spec.jobIdPrefix}${targetOf(data)}`,
    entity: true,
    concurrency: 2,
    process: (queued, { settler }: SettlementJobContext) => settler.settle(targetOf(queued.data)),
    sweep: {
      queue: spec.sweepQueue,
      id: spec.sweepId ?? spec.sweepQueue,
      everyMs: SETTLEMENT_SWEEP_EVERY_MS,
      async run({ settler, logger }) {
        const { repaired, detail } = await settler.sweep();
        if (repaired > 0) logger.warn(detail, spec.sweptMessage);
        return detail;
      },
    },
  });
  return { job, enqueue: (queues, targetId) => job.enqueue(queues, dataOf(targetId)) };
}
