import type { DailyReport, Reconciliation } from '@gp/common';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { dailyReportCsv, reconciliationCsv } from './csv.ts';
import { dailyReport } from './daily.ts';
import { dayOf, daysBetween, previousDay } from './days.ts';
import { reconcileDay } from './reconciliation.ts';
import { reconciliationRepo } from './reconciliation-repo.ts';

export { dayWindow } from './days.ts';
export { gp } from './csv.ts';

/** The Socket.IO room of staff sockets (admin/queue.ts names it STAFF_ROOM): a new mismatch re-reads their queue. */
const STAFF_ROOM = 'staff';

/** How many finished days back the nightly job looks for one without a run (a week of workers down is caught up). */
export const RECONCILE_CATCH_UP_DAYS = 7;

export type ReportService = ReturnType<typeof createReportService>;

/**
 * The back office's money figures (issue 31 item 5; docs/back-office.md "Reconciling a day"): the
 * daily report, the reconciliation of a day against the ledger (both also as CSV), and the nightly
 * reconciliation that records each finished day once and puts its mismatches in the order queue.
 * Days are counted in REPORT_TIME_ZONE. Nothing here moves money: it reads the wallet's tables and
 * the books beside them through its own repos.
 */
export function createReportService(platform: Pick<Platform, 'db' | 'config' | 'now' | 'outbox' | 'logger'>) {
  const { db, config, now, outbox, logger } = platform;
  const timeZone = config.REPORT_TIME_ZONE;
  const today = () => dayOf(timeZone, now());

  /** Reconciles `date` and records the run; the mismatches it no longer finds are resolved, new ones reach the staff's queue. */
  async function record(date: string, actor: StaffActor | null): Promise<Reconciliation> {
    const result = await reconcileDay(db, timeZone, date, now());
    await db.transaction().execute(async (trx) => {
      await reconciliationRepo.saveRun(trx, { date, timeZone, at: now(), figures: result.figures, mismatches: result.mismatches });
      if (actor) await recordAudit(trx, actor, { action: 'reconciliation.run', targetType: 'reconciliation', targetId: date, after: { ok: result.ok, mismatches: result.mismatches.length } }, now());
      if (result.mismatches.length) await outbox.write(trx, [outbox.event({ room: STAFF_ROOM, event: 'queue_changed', payload: { at: now().toISOString(), reason: 'reconciliation' } }, now())]);
    });
    outbox.kick();
    if (!result.ok) logger.error({ date, timeZone, mismatches: result.mismatches.length, figures: result.figures.filter((f) => !f.ok) }, 'reconciliation found mismatches');
    return result;
  }

  return {
    timeZone,

    async daily(from: string, to = from): Promise<DailyReport> {
      return dailyReport(db, timeZone, from, to);
    },

    /** The reconciliation of `date` as it stands now (a day not begun yet is refused: `validation_failed`, `date`). */
    async reconciliation(date: string): Promise<Reconciliation> {
      if (date > today()) throw new AppError('validation_failed', { fields: { date: 'invalid' } });
      return reconcileDay(db, timeZone, date, now());
    },

    /** A supervisor runs a finished day's reconciliation again (after a mismatch was put right): recorded, audited. */
    async rerun(actor: StaffActor, date: string): Promise<Reconciliation> {
      if (date >= today()) throw new AppError('validation_failed', { fields: { date: 'invalid' } });
      return record(date, actor);
    },

    /**
     * The nightly job: every finished day of the last RECONCILE_CATCH_UP_DAYS without a run is
     * reconciled and recorded, oldest first — normally just yesterday, once, in the first tick after
     * midnight. Returns the days it ran.
     */
    async reconcileFinishedDays() {
      const yesterday = previousDay(today());
      let first = yesterday;
      for (let i = 1; i < RECONCILE_CATCH_UP_DAYS; i++) first = previousDay(first);
      const days = daysBetween(first, yesterday);
      const done = await reconciliationRepo.ranDays(db, days);
      const ran: Array<{ date: string; ok: boolean; mismatches: number }> = [];
      for (const date of days.filter((day) => !done.has(day))) {
        const result = await record(date, null);
        ran.push({ date, ok: result.ok, mismatches: result.mismatches.length });
      }
      return ran;
    },

    /** Open mismatches, oldest first: the order queue's `reconciliation_mismatch` items. */
    async openMismatches(limit = 500) {
      return (await reconciliationRepo.open(db, limit)).map((row) => ({
        id: String(row.id),
        date: row.day,
        check: row.check,
        cause: row.cause,
        refType: row.ref_type,
        refId: row.ref_id,
        expected: row.expected === null ? null : Number(row.expected),
        actual: row.actual === null ? null : Number(row.actual),
        detail: row.detail,
        foundAt: new Date(row.found_at).toISOString(),
      }));
    },

    csv: { daily: dailyReportCsv, reconciliation: reconciliationCsv },
  };
}
