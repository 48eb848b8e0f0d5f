import { Router } from 'express';
import { calendarDay, dailyReportQuery, reconciliationQuery } from '@gp/common';
import { z } from 'zod';
import type { AuthService } from '../auth/service.ts';
import { validateBody, validateQuery } from '../platform/http.ts';
import { access, actorOf } from '../staff/service.ts';
import type { ReportService } from './service.ts';

const rerunBody = z.object({ date: calendarDay });

/**
 * The daily report and the reconciliation of a day (issue 31 item 5), as JSON or, with
 * `?format=csv`, as a CSV download with GP in two decimals. Who may call each: staff/access.ts.
 */
export function reportRoutes(auth: AuthService, reports: ReportService) {
  const router = Router();
  const daily = validateQuery(dailyReportQuery);
  const reconciliation = validateQuery(reconciliationQuery);
  const rerun = validateBody(rerunBody);

  router.get('/admin/reports/daily', ...access(auth, 'GET /admin/reports/daily'), daily, async (req, res) => {
    const { from, to, format } = daily.of(req);
    const report = await reports.daily(from, to);
    if (format === 'csv') res.type('text/csv; charset=utf-8').attachment(`daily-report-${report.from}-${report.to}.csv`).send(reports.csv.daily(report));
    else res.json(report);
  });

  router.get('/admin/reports/reconciliation', ...access(auth, 'GET /admin/reports/reconciliation'), reconciliation, async (req, res) => {
    const { date, format } = reconciliation.of(req);
    const result = await reports.reconciliation(date);
    if (format === 'csv') res.type('text/csv; charset=utf-8').attachment(`reconciliation-${result.date}.csv`).send(reports.csv.reconciliation(result));
    else res.json(result);
  });

  // A supervisor reconciles a finished day again once a mismatch is put right: recorded (its resolved mismatches leave the queue), audited.
  router.post('/admin/reports/reconciliation/runs', ...access(auth, 'POST /admin/reports/reconciliation/runs'), rerun, async (req, res) => {
    res.json(await reports.rerun(actorOf(req), rerun.of(req).date));
  });

  return router;
}
