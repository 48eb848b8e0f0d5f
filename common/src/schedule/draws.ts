import type { ScheduleSpec } from './types.ts';
import { assertScheduleSpec, intervalMs, pointAt, pointsFrom, type GridPoint } from './schedule-grid.ts';
import { issueOfPoint, nextIssueOf } from './issue-number.ts';

/**
 * The draws a schedule produces, with their issues and selling windows. Pure: the same spec and
 * instants always give the same draws, so every api node and the scheduler job agree.
 *
 * Selling window of an issue: sales open when the previous draw happens (`drawAt − interval`) and
 * close `salesCloseSeconds` before its own draw. The first draw of a day's window has no previous
 * draw that day; by our rule its sales open one interval before it (TWB01: 07:00 for the 07:05
 * draw), so every issue sells for the same time and the hours between the day's last draw and
 * that opening are "idle". The reference is silent on this; see the report of issue 3.
 */
export interface ScheduledDraw {
  issue: string;
  salesOpenAt: Date;
  salesCloseAt: Date;
  drawAt: Date;
}

/** Refuses more draws than a year of 1-second draws per call, which only a wrong range produces. */
const MAX_DRAWS_PER_CALL = 366 * 86_400;

function toDraw(spec: ScheduleSpec, point: GridPoint, issue: string): ScheduledDraw {
  return {
    issue,
    salesOpenAt: new Date(point.drawAt - intervalMs(spec)),
    salesCloseAt: new Date(point.drawAt - spec.salesCloseSeconds * 1000),
    drawAt: new Date(point.drawAt),
  };
}

/**
 * Every draw with `from ≤ drawAt < to`, in order.
 *
 * @example drawsBetween(KENO_SCHEDULES.TWB01, new Date('2026-03-20T23:00:00Z'), new Date('2026-03-20T23:10:01Z'))
 *   // → [{ issue: '115016038', salesOpenAt: 2026-03-20T23:00:00Z, salesCloseAt: 23:04:00Z, drawAt: 23:05:00Z },
 *   //    { issue: '115016039', salesOpenAt: 23:05:00Z, salesCloseAt: 23:09:00Z, drawAt: 23:10:00Z }]
 */
export function drawsBetween(spec: ScheduleSpec, from: Date, to: Date): ScheduledDraw[] {
  assertScheduleSpec(spec);
  const draws: ScheduledDraw[] = [];
  let previous: { point: GridPoint; issue: string } | null = null;
  for (const point of pointsFrom(spec, from.getTime())) {
    if (point.drawAt >= to.getTime()) break;
    if (draws.length >= MAX_DRAWS_PER_CALL) throw new RangeError('drawsBetween: range too long');
    const issue: string = previous ? nextIssueOf(spec, previous, point) : issueOfPoint(spec, point);
    draws.push(toDraw(spec, point, issue));
    previous = { point, issue };
  }
  return draws;
}

/**
 * The issue of the draw at exactly `drawAt`; a RangeError if nothing draws at that instant.
 *
 * @example issueAt(KENO_SCHEDULES.TWB01, new Date('2025-12-31T23:05:00Z')) // 07:05, 1 Jan 2026 in Taipei → '115000001'
 */
export function issueAt(spec: ScheduleSpec, drawAt: Date): string {
  assertScheduleSpec(spec);
  const point = pointAt(spec, drawAt.getTime());
  if (!point) throw new RangeError(`nothing draws at ${drawAt.toISOString()} on this schedule`);
  return issueOfPoint(spec, point);
}

/**
 * The first draw strictly after `t`.
 *
 * @example nextDrawAfter(KENO_SCHEDULES.TWB01, new Date('2026-03-20T15:55:00Z')) // the 23:55 draw itself is not "after"
 *   // → { issue: '115016038', salesOpenAt: 2026-03-20T23:00:00Z, salesCloseAt: 23:04:00Z, drawAt: 23:05:00Z }
 */
export function nextDrawAfter(spec: ScheduleSpec, t: Date): ScheduledDraw {
  assertScheduleSpec(spec);
  const point = pointsFrom(spec, t.getTime() + 1).next().value;
  return toDraw(spec, point, issueOfPoint(spec, point));
}

/**
 * The draws to keep scheduled from `from` on: those in `[from, to)`, or, when that window falls
 * wholly outside draw hours (a night of BINGO BINGO), the first draw after it, so the clock still
 * counts down to the next opening (spec §2, the non-draw period).
 *
 * @example drawsAhead(KENO_SCHEDULES.TWB01, <00:51 Taipei>, <06:51 Taipei>) // → [the 07:05 draw, selling from 07:00]
 */
export function drawsAhead(spec: ScheduleSpec, from: Date, to: Date): ScheduledDraw[] {
  const draws = drawsBetween(spec, from, to);
  return draws.length > 0 ? draws : [nextDrawAfter(spec, from)];
}
