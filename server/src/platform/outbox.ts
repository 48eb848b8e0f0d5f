import type { JobsOptions } from 'bullmq';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import type { BusMessage, EventBus } from './event-bus.ts';
import { gatherJobs, type Gather } from './job-gathering.ts';
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
  /**
   * Set on the jobs of a kind that runs many items at once (a purchase, see `defineJob`'s
   * `gather`): such effects delivered together are queued as one job listing their items
   * (./job-gathering.ts).
   */
  gather?: Gather;
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
/** Rows claimed per pass: one claim, one publish round, one `queues.addJobs` per queue, one delete. */
const BATCH = 1000;
/** Effects applied per pass at most (beyond the first row): what one pass holds in memory. */
const MAX_EFFECTS = 20_000;
/** Short: once Redis is back, a waiting row goes out within seconds. A try costs one UPDATE. */
const MAX_BACKOFF_MS = 5_000;

/** Effects that did not happen within EFFECT_TIMEOUT_MS: their Redis (or bus) is most likely unreachable. */
class OutboxTimeoutError extends Error {
  constructor() {
    super(`outbox effects took over ${EFFECT_TIMEOUT_MS} ms`);
  }
}

export interface Outbox {
  /** Writes `effects` in the caller's transaction: they happen once it commits, at least once. */
  /**
   * `alongside`: another data-modifying statement run in the same statement as the outbox row (a
   * CTE), when it is the transaction's last write too (an idempotency key's answer): one round trip.
   */
  write(trx: Tx, effects: Effect[], options?: { alongside?: RawBuilder<unknown> }): Promise<void>;
  /**
   * Registers (under `name`, replacing an earlier one) what else a write does in the same
   * transaction: the inbox turns a member's order pushes into inbox messages (inbox/service.ts).
   */
  onWrite(name: string, hook: (trx: Tx, effects: Effect[]) => Promise<void>, options?: WriteHookOptions): void;
  /**
   * The outbox row of a change made in one statement (keno orders placed together,
   * orders/placement.ts), as a CTE (`outbox_row`): ONE row holding the effects of every row of the
   * CTE `source`, from its `effects` column (a JSON array as text, which the statement completed
   * with the new order's id and the like), in the order of its `i`; no row when `source` is empty.
   * One row per statement, not per order: a row costs an insert, a claim and a delete, whatever
   * it holds. `effects` are the same effects as JS with stand-ins, for the write hooks to look at:
   * a hook that would write something for them (or cannot say) throws here, as it needs a transaction.
   */
  rowsFrom(effects: ReadonlyArray<Effect[]>, source: string): RawBuilder<unknown>;
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

export interface WriteHookOptions {
  /** Whether the hook writes anything for these effects; a hook without it is asked every time. */
  concerns?: (effects: Effect[]) => boolean;
}

export function createOutbox(deps: { db: Db; queues: QueueFactory; bus: EventBus; logger: Logger; now: () => Date }): Outbox {
  const { db, queues, bus, logger, now } = deps;
  let draining: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  /** A job effect as one job to add: its fixed id, and its delay counted from now. */
  function bulkEntry(effect: JobEffect) {
    const delay = effect.runAt ? Math.max(0, Date.parse(effect.runAt) - now().getTime()) : 0;
    return { name: effect.name, data: effect.data, opts: { ...effect.opts, jobId: effect.jobId, ...(delay ? { delay } : {}) } };
  }

  /**
   * The jobs to add for the job effects delivered together. One entry per job id: many rows of a
   * batch can name one job (the timeout of a keno issue's cut-off is shared by every order of the
   * issue), and adding it once is what a second add would do. Then gathered effects are joined
   * (the purchases of the orders of a batch become one job).
   */
  function bulkEntries(effects: JobEffect[]) {
    const seen = new Set<string>();
    const distinct = effects.filter((effect) => {
      if (seen.has(effect.jobId)) return false;
      seen.add(effect.jobId);
      return true;
    });
    return gatherJobs(distinct).map(bulkEntry);
  }

  const withinTimeout = <T>(promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new OutboxTimeoutError()), EFFECT_TIMEOUT_MS).unref()),
    ]);

  /**
   * Applies the effects of a whole claimed batch with as few calls as possible — this is what
   * keeps up with thousands of orders a second: every fresh event first, in row order (so an
   * order's `null → 0` push goes out before its purchase can run and push `0 → 1`), then the jobs
   * of each queue in ONE `queues.addJobs` (fixed job ids: a row delivered twice adds nothing). Returns
   * the ids of the rows whose effects all happened, and the first error of the others.
   */
  async function applyBatch(rows: ReadonlyArray<{ id: number; effects: Effect[] }>): Promise<{ done: Set<number>; error?: unknown }> {
    const at = now().getTime();
    const messages: BusMessage[] = [];
    const jobsByQueue = new Map<QueueName, { effects: Array<{ rowId: number; effect: JobEffect }>; rows: Set<number> }>();
    for (const row of rows) {
      for (const effect of row.effects) {
        if (effect.kind === 'event') {
          if (at <= Date.parse(effect.staleAfter)) messages.push(effect.message);
          continue;
        }
        let group = jobsByQueue.get(effect.queue);
        if (!group) jobsByQueue.set(effect.queue, (group = { effects: [], rows: new Set() }));
        group.effects.push({ rowId: row.id, effect });
        group.rows.add(row.id);
      }
    }
    try {
      // Sent together, in row order: the memory bus emits at once, the Redis bus in one pipeline.
      await withinTimeout(bus.publishMany(messages));
    } catch (error) {
      return { done: new Set(), error };
    }
    const failedRows = new Set<number>();
    let firstError: unknown;
    await Promise.all(
      [...jobsByQueue].map(async ([queue, group]) => {
        try {
          await withinTimeout(queues.addJobs(queue, bulkEntries(group.effects.map((e) => e.effect))));
        } catch (error) {
          firstError ??= error;
          if (error instanceof OutboxTimeoutError) {
            for (const id of group.rows) failedRows.add(id);
            return;
          }
          // Refused rather than unreachable: one bad job must not hold up the others of its
          // queue, so each row's jobs are tried on their own and only the rows that fail wait.
          for (const id of group.rows) {
            const mine = bulkEntries(group.effects.filter((e) => e.rowId === id).map((e) => e.effect));
            await withinTimeout(queues.addJobs(queue, mine)).catch(() => failedRows.add(id));
          }
        }
      }),
    );
    return { done: new Set(rows.map((row) => row.id).filter((id) => !failedRows.has(id))), error: firstError };
  }

  async function drainOnce(): Promise<number> {
    const claimed = await sql<{ id: number; effects: Effect[]; attempts: number }>`
      update outbox set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
       where id in (
         -- Up to BATCH rows, cut where their effects pass MAX_EFFECTS (a settlement row carries
         -- thousands): the first row always goes, the locks of rows left out end with the statement.
         select id from (
           select id, sum(jsonb_array_length(effects)) over (order by id) - jsonb_array_length(effects) as before
             from (select id, effects from outbox
                    where available_at <= now() and (locked_until is null or locked_until < now())
                    order by id limit ${BATCH} for update skip locked) candidates
         ) sized
          where before < ${MAX_EFFECTS})
      returning id, effects, attempts`.execute(db);
    const rows = claimed.rows.sort((a, b) => Number(a.id) - Number(b.id));
    if (rows.length === 0) return 0;
    const { done, error } = await applyBatch(rows);
    const failed = rows.filter((row) => !done.has(row.id));
    if (failed.length) {
      // Most likely one cause (Redis away) for all of them: they wait together, backing off by
      // how often the most-tried one has failed, on the database's clock (as the claim compares it).
      const attempts = Math.max(...failed.map((row) => row.attempts));
      const backoff = Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(attempts, 10));
      logger.warn({ err: error, rows: failed.length, firstId: failed[0]!.id, attempts }, 'outbox rows not delivered yet; will retry');
      await db
        .updateTable('outbox')
        .set({ locked_until: null, available_at: sql<Date>`now() + make_interval(secs => ${backoff / 1000})`, last_error: String((error as Error)?.message ?? error).slice(0, 500) })
        .where('id', 'in', failed.map((row) => row.id))
        .execute();
    }
    if (done.size) await db.deleteFrom('outbox').where('id', 'in', [...done]).execute();
    // A full pass (by rows or by effects) may have left more: go again at once.
    const full = rows.length === BATCH || rows.reduce((n, row) => n + row.effects.length, 0) >= MAX_EFFECTS;
    return full && failed.length === 0 ? done.size + (await drainOnce()) : done.size;
  }

  const writeHooks = new Map<string, (trx: Tx, effects: Effect[]) => Promise<void>>();
  const hookConcerns = new Map<string, WriteHookOptions['concerns']>();
  const outbox: Outbox = {
    async write(trx, effects, options = {}) {
      const { alongside } = options;
      if (!effects.length) {
        if (alongside) await alongside.execute(trx);
        return;
      }
      if (alongside) await sql`with alongside as (${alongside}) insert into outbox (effects) values (${JSON.stringify(effects)}::jsonb)`.execute(trx);
      else await trx.insertInto('outbox').values({ effects: JSON.stringify(effects) }).execute();
      for (const hook of writeHooks.values()) await hook(trx, effects);
    },
    onWrite(name, hook, options = {}) {
      writeHooks.set(name, hook);
      hookConcerns.set(name, options.concerns);
    },
    rowsFrom(effects, source) {
      for (const name of writeHooks.keys()) {
        const concerns = hookConcerns.get(name);
        if (!concerns || effects.some((list) => concerns(list))) throw new Error(`the outbox write hook "${name}" needs a transaction for these effects`);
      }
      return sql`outbox_row as (
        insert into outbox (effects)
        select jsonb_agg(e.effect order by s.i, e.n)
          from ${sql.table(source)} s cross join lateral jsonb_array_elements(s.effects::jsonb) with ordinality as e(effect, n)
        having count(*) > 0
      )`;
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
