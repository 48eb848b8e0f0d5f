import type { ScheduleSpec } from './types.ts';
import { ceilDiv, drawsOnDays, gridOrigin, intervalMs, pointAt, yearOfPoint, type GridPoint } from './schedule-grid.ts';
import { dayNumber, zonedToUtc } from './zoned-time.ts';

/**
 * Issue numbers in the operator's format.
 *
 * - `roc-year-running` (Taiwan): 3-digit ROC year (year − 1911) + 6-digit count of the draws since
 *   1 January, local time, of the calendar year, the first draw of the year being 1. A windowed
 *   product counts every draw of every day's window (203 a day for TWB01); a draw after midnight
 *   that belongs to the previous day's window counts in that day's year.
 * - `global-sequence` (Canada, Korea): the anchor's number plus or minus the number of draws
 *   between the anchor and the draw, counting only draws inside the daily windows.
 */

const ROC_EPOCH_YEAR = 1911;
const MAX_RUNNING_COUNT = 999_999;

/**
 * The ROC-year issue for a year and a running count.
 *
 * @example formatRocIssue(2026, 16_038) // → '115016038'
 */
export function formatRocIssue(year: number, runningCount: number): string {
  const rocYear = year - ROC_EPOCH_YEAR;
  if (rocYear < 1 || rocYear > 999) throw new RangeError(`year ${year} has no 3-digit ROC year`);
  if (!Number.isInteger(runningCount) || runningCount < 1 || runningCount > MAX_RUNNING_COUNT) {
    throw new RangeError(`running count ${runningCount} does not fit 6 digits (too many draws a year?)`);
  }
  return String(rocYear).padStart(3, '0') + String(runningCount).padStart(6, '0');
}

/**
 * Reads a ROC-year issue back. @example parseRocIssue('115016038') // → { year: 2026, runningCount: 16038 }
 */
export function parseRocIssue(issue: string): { year: number; runningCount: number } {
  if (!/^\d{9}$/.test(issue)) throw new RangeError(`"${issue}" is not a 9-digit ROC-year issue`);
  return { year: Number(issue.slice(0, 3)) + ROC_EPOCH_YEAR, runningCount: Number(issue.slice(3)) };
}

const anchors = new WeakMap<ScheduleSpec, GridPoint>();

function anchorPoint(spec: ScheduleSpec, anchor: { drawAt: string }): GridPoint {
  let point = anchors.get(spec);
  if (!point) {
    point = pointAt(spec, Date.parse(anchor.drawAt)) ?? undefined;
    if (!point) throw new RangeError(`anchor.drawAt ${anchor.drawAt} is not a draw of this schedule`);
    anchors.set(spec, point);
  }
  return point;
}

/** How many draws precede `point` in its year, counting from 1 January 00:00 local time. */
function drawsEarlierInYear(spec: ScheduleSpec, point: GridPoint, year: number): number {
  if (point.day !== null) return drawsOnDays(spec, dayNumber(year, 1, 1), point.day) + point.index;
  const step = intervalMs(spec);
  const origin = gridOrigin(spec);
  const yearStart = zonedToUtc(spec.timezone, { year, month: 1, day: 1, hour: 0, minute: 0, second: 0 });
  const firstOfYear = origin + ceilDiv(yearStart - origin, step) * step;
  return (point.drawAt - firstOfYear) / step;
}

/**
 * The issue of a draw given its place on the schedule (see `schedule-grid.ts`); throws a RangeError
 * for a draw the format cannot number (before a global sequence's issue 1, or a 7-digit count).
 *
 * @example issueOfPoint(TWB01, pointAt(TWB01, Date.parse('2026-03-20T23:05:00Z'))) // → '115016038'
 */
export function issueOfPoint(spec: ScheduleSpec, point: GridPoint): string {
  const format = spec.issueFormat;
  if (format.kind === 'roc-year-running') {
    const year = yearOfPoint(spec, point);
    return formatRocIssue(year, drawsEarlierInYear(spec, point, year) + 1);
  }
  const anchor = anchorPoint(spec, format.anchor);
  const between =
    point.day === null || anchor.day === null
      ? point.index - anchor.index
      : drawsOnDays(spec, anchor.day, point.day) + point.index - anchor.index;
  const issue = format.anchor.issue + between;
  if (issue < 1) throw new RangeError(`draw at ${new Date(point.drawAt).toISOString()} precedes issue 1`);
  return String(issue);
}

/**
 * The issue of the draw that directly follows `previous` on the schedule, without recounting the
 * year: the next running count, or 1 when the draw opens a new year.
 *
 * @example nextIssueOf(TWB01, { point: lastOf2025, issue: '114074095' }, firstOf2026) // → '115000001'
 */
export function nextIssueOf(spec: ScheduleSpec, previous: { point: GridPoint; issue: string }, point: GridPoint): string {
  if (spec.issueFormat.kind === 'global-sequence') return String(Number(previous.issue) + 1);
  const year = yearOfPoint(spec, point);
  const last = parseRocIssue(previous.issue);
  return formatRocIssue(year, last.year === year ? last.runningCount + 1 : 1);
}
