import type { JobsOptions } from 'bullmq';
import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import type { BusMessage, EventBus } from './event-bus.ts';
import type { Logger } from './logger.ts';
import type { QueueFactory, QueueMap, QueueName } from './queues.ts';

/**
 * A job to queue: on a queue of `QueueMap`, with that queue's data (build one with a job
 * definition's `effect`, see ./jobs.ts).
 */
export type JobEffect = { [Q in QueueName]: JobEffectOf<Q> }[QueueName];
/** A job effect on queue `Q`. */
export interface JobEffectOf<Q extends QueueName> {
  kind: 'job';
  queue: Q;
  name: string;
  data: QueueMap[Q];
  jobId: string;
  runAt?: string;
  opts?: Omit<JobsOptions, 'jobId' | 'delay'>;
}

/**
 * Follow-up work of a committed change. A job is queued with its fixed `jobId` (so a second
 * delivery is a no-op) and, when delayed, runs at `runAt` however late the outbox is drained. An
 * event is a hint to sockets: past `staleAfter` it is dropped, never delivered out of date (after a
 * reconnect the client re-reads HTTP anyway).
 */
export type Effect = JobEffect | { kind: 'event'; message: BusMessage; staleAfter: string };

/** How long an event may wait in the outbox before it is no longer worth pushing. */
export const EVENT_FRESH_MS = 30_000;
/** A drainer that claimed rows and died leaves them to another after this lease. */
const LEASE_SECONDS = 30;
/** One effect may not hold a drain longer than this (an unreachable Redis would hang it). */
const EFFECT_TIMEOUT_MS = 5_000;
const BATCH = 200;
/** Short: once Redis is back, a waiting row goes out within seconds. A try costs one UPDATE. */
const MAX_BACKOFF_MS = 5_000;

export interface Outbox {
  /** Writes `effects` in the caller's transaction: they happen once it commits, at least once. */
  write(trx: Tx, effects: Effect[]): Promise<void>;
  /** Builds an event effect that goes stale `freshMs` (default EVENT_FRESH_MS) after `at`. */
  event(message: BusMessage, at: Date, freshMs?: number): Effect;
  /** Drains soon, without waiting (call after a commit that wrote effects). */
  kick(): void;
  /** Drains what is due now; returns the number of rows done. */
  drain(): Promise<number>;
  stats(): Promise<{ pending: number; oldestAgeMs: number | null }>;
  /** Polls every `everyMs` (every process drains; rows are claimed with SKIP LOCKED). */
  start(everyMs?: number): void;
  close(): Promise<void>;
}

export function createOutbox(deps: { db: Db; queues: QueueFactory; bus: EventBus; logger: Logger; now: () => Date }): Outbox {
  const { db, queues, bus, logger, now } = deps;
  let draining: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function apply(effect: Effect) {
    if (effect.kind === 'event') {
      if (now().getTime() > Date.parse(effect.staleAfter)) return;
      await bus.publish(effect.message);
      return;
    }
    const delay = effect.runAt ? Math.max(0, Date.parse(effect.runAt) - now().getTime()) : 0;
    await queues.queue(effect.queue).add(effect.name, effect.data, { ...effect.opts, jobId: effect.jobId, ...(delay ? { delay } : {}) });
  }

  const withinTimeout = (promise: Promise<void>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`outbox effect took over ${EFFECT_TIMEOUT_MS} ms`)), EFFECT_TIMEOUT_MS).unref()),
    ]);

  async function drainOnce(): Promise<number> {
    const claimed = await sql<{ id: string; effects: Effect[]; attempts: number }>`
      update outbox set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
       where id in (select id from outbox
                     where available_at <= now() and (locked_until is null or locked_until < now())
                     order by id limit ${BATCH} for update skip locked)
      returning id, effects, attempts`.execute(db);
    const rows = claimed.rows.sort((a, b) => Number(a.id) - Number(b.id));
    const done: string[] = [];
    for (const row of rows) {
      try {
        for (const effect of row.effects) await withinTimeout(apply(effect));
        done.push(row.id);
      } catch (error) {
        const backoff = Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(row.attempts, 10));
        logger.warn({ err: error, outboxId: row.id, attempts: row.attempts }, 'outbox row not delivered yet; will retry');
        await db
          .updateTable('outbox')
          // On the database's clock, as the claim above compares it (the platform's may be a test's).
          .set({ locked_until: null, available_at: sql<Date>`now() + make_interval(secs => ${backoff / 1000})`, last_error: String((error as Error)?.message ?? error).slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
        // The rest would most likely fail the same way (the same Redis): release them to the next pass.
        const rest = rows.filter((r) => Number(r.id) > Number(row.id)).map((r) => r.id);
        if (rest.length) await db.updateTable('outbox').set({ locked_until: null }).where('id', 'in', rest).execute();
        break;
      }
    }
    if (done.length) await db.deleteFrom('outbox').where('id', 'in', done).execute();
    return done.length === BATCH ? done.length + (await drainOnce()) : done.length;
  }

  const outbox: Outbox = {
    async write(trx, effects) {
      if (effects.length) await trx.insertInto('outbox').values({ effects: JSON.stringify(effects) }).execute();
    },
    event(message, at, freshMs = EVENT_FRESH_MS) {
      return { kind: 'event', message, staleAfter: new Date(at.getTime() + freshMs).toISOString() };
    },
    kick() {
      void outbox.drain().catch((error) => logger.warn({ err: error }, 'outbox drain failed'));
    },
    drain() {
      if (closed) return Promise.resolve(0);
      if (draining) {
        again = true;
        return draining;
      }
      draining = (async () => {
        let total = 0;
        do {
          again = false;
          total += await drainOnce();
        } while (again && !closed);
        return total;
      })().finally(() => (draining = undefined));
      return draining;
    },
    async stats() {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll<string>().as('pending'), eb.fn.min('created_at').as('oldest')])
        .executeTakeFirstOrThrow();
      const oldest = row.oldest ? new Date(row.oldest as Date).getTime() : null;
      return { pending: Number(row.pending), oldestAgeMs: oldest === null ? null : Math.max(0, now().getTime() - oldest) };
    },
    start(everyMs = 1000) {
      timer ??= setInterval(() => outbox.kick(), everyMs).unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await draining?.catch(() => undefined);
    },
  };
  return outbox;
}
