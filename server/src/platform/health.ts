import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Outbox } from './outbox.ts';
import type { ScheduleHooks } from './queues.ts';

/** A schedule is stalled once it missed this many runs (plus a grace for a slow first run). */
const MISSED_RUNS = 3;
const GRACE_MS = 30_000;
/** The outbox is behind when its oldest row has waited this long. */
const OUTBOX_BEHIND_MS = 60_000;

export interface ScheduleHealth {
  id: string;
  everyMs: number;
  lastTickAt: string | null;
  /** Since the last run (or the registration, if it never ran). */
  ageMs: number;
  stalled: boolean;
}

export interface HealthReport {
  ok: boolean;
  schedules: ScheduleHealth[];
  outbox: { pending: number; oldestAgeMs: number | null; behind: boolean };
  openOrderFlags: number;
}

export interface Health {
  /** The queue factory reports registrations and runs here (rows in `scheduler_heartbeats`). */
  scheduleHooks: ScheduleHooks;
  watchOutbox(outbox: Outbox): void;
  /** Read from the database, so any api node tells the truth about every worker. */
  report(): Promise<HealthReport>;
}

export function createHealth(db: Db, now: () => Date): Health {
  let outbox: Outbox | undefined;
  return {
    scheduleHooks: {
      async registered(schedule) {
        // A (re)registration restarts the clock: a worker that was down for a day is not "stalled"
        // the moment it boots, only if it then fails to run.
        await db
          .insertInto('scheduler_heartbeats')
          .values({ id: schedule.id, every_ms: schedule.everyMs, registered_at: now() })
          .onConflict((oc) => oc.column('id').doUpdateSet({ every_ms: schedule.everyMs, registered_at: now() }))
          .execute();
      },
      async ticked(id) {
        await db.updateTable('scheduler_heartbeats').set({ last_tick_at: now() }).where('id', '=', id).execute();
      },
    },
    watchOutbox(watched) {
      outbox = watched;
    },
    async report() {
      const at = now().getTime();
      const rows = await db.selectFrom('scheduler_heartbeats').selectAll().orderBy('id').execute();
      const schedules = rows.map((row) => {
        const reference = Math.max(new Date(row.registered_at).getTime(), row.last_tick_at ? new Date(row.last_tick_at).getTime() : 0);
        const ageMs = Math.max(0, at - reference);
        return {
          id: row.id,
          everyMs: row.every_ms,
          lastTickAt: row.last_tick_at ? new Date(row.last_tick_at).toISOString() : null,
          ageMs,
          stalled: ageMs > MISSED_RUNS * row.every_ms + GRACE_MS,
        };
      });
      const backlog = outbox ? await outbox.stats() : { pending: 0, oldestAgeMs: null };
      const flags = await sql<{ count: string }>`select count(*) as count from order_flags where resolved_at is null`.execute(db);
      const behind = (backlog.oldestAgeMs ?? 0) > OUTBOX_BEHIND_MS;
      return {
        ok: !schedules.some((s) => s.stalled) && !behind,
        schedules,
        outbox: { ...backlog, behind },
        openOrderFlags: Number(flags.rows[0]?.count ?? 0),
      };
    },
  };
}
