import type { ScheduleSpec } from './types.ts';
import { assertScheduleSpec } from './schedule-grid.ts';

/**
 * Draw schedules of the live keno products, from `shared/reference/lotteries.md`. Every fact the
 * reference does not confirm is listed in `unconfirmed` so the product pages can say so.
 */
export type KenoScheduleCode = 'TWB01' | 'CAB01' | 'KRB01';

/** Frozen all the way down: a schedule is validated once per object, so it must not change after. */
function frozen(spec: ScheduleSpec): ScheduleSpec {
  Object.freeze(spec.dailyWindow);
  if (spec.issueFormat.kind === 'global-sequence') Object.freeze(spec.issueFormat.anchor);
  Object.freeze(spec.issueFormat);
  Object.freeze(spec.unconfirmed);
  return Object.freeze(spec);
}

export const KENO_SCHEDULES: Readonly<Record<KenoScheduleCode, ScheduleSpec>> = Object.freeze({
  TWB01: frozen({
    timezone: 'Asia/Taipei',
    intervalSeconds: 300,
    dailyWindow: { first: '07:05', last: '23:55' },
    salesCloseSeconds: 60,
    issueFormat: { kind: 'roc-year-running' },
    confidence: 'unconfirmed',
    unconfirmed: ['salesCloseSeconds'],
    source:
      'Reference TWB01 (High): every 5 min 07:05–23:55 Asia/Taipei, 203 draws a day; issue 115016038 = ' +
      'first draw of day 80 of 2026 (16038 = 79 × 203 + 1). Sales cut-off 60 s is a third-party ' +
      "app's assumption, not the operator's.",
  }),
  // The reference's "2-hour daily pause after 01:30 Vancouver time" comes from one third-party
  // script; issue 3 asks for CAB01 around the clock, so it draws without a pause. Time zone: WCLC
  // serves Alberta, Saskatchewan and Manitoba and the reference confirms none; America/Edmonton
  // (Alberta, WCLC's largest market) is a choice, with DST. Around the clock the zone only
  // affects how draw times are displayed, not when draws happen.
  CAB01: frozen({
    timezone: 'America/Edmonton',
    intervalSeconds: 300,
    dailyWindow: null,
    salesCloseSeconds: 60,
    // Placeholder anchor: the reference has a WCLC draw number (854712) but no date for it. Set the
    // real one (any official draw number and its time) before selling against official results.
    issueFormat: { kind: 'global-sequence', anchor: { issue: 1_000_001, drawAt: '2026-01-01T00:00:00-07:00' } },
    confidence: 'unconfirmed',
    unconfirmed: ['timezone', 'intervalSeconds', 'dailyWindow', 'salesCloseSeconds', 'issueAnchor'],
    source:
      'Reference CAB01 (Low): 5-minute draws only in third-party code; official hours, zone and ' +
      'draw-number anchor unconfirmed. Around the clock per issue 3; anchor is a placeholder.',
  }),
  KRB01: frozen({
    timezone: 'Asia/Seoul',
    intervalSeconds: 300,
    // Slots 73–288 of the day: 216 draws, inferred from two dhRound data points 1,993 draws apart.
    dailyWindow: { first: '06:05', last: '24:00' },
    salesCloseSeconds: 60,
    // dhRound 1518037 = 2026-03-01 slot 255 (255 × 5 min = 21:15 KST).
    issueFormat: { kind: 'global-sequence', anchor: { issue: 1_518_037, drawAt: '2026-03-01T21:15:00+09:00' } },
    confidence: 'unconfirmed',
    unconfirmed: ['dailyWindow', 'salesCloseSeconds', 'issueAnchor'],
    source:
      'Reference KRB01 (Medium): every 5 min; window 06:05–24:00 KST inferred from third-party ' +
      'results data (dhRound 1518037 = 2026-03-01 21:15, 1520030 = 2026-03-11 07:20); cut-off assumed.',
  }),
});

/** What the simulated mode may change in a schedule (issue 3: "CAB01 every 60 s with a 10 s cut-off"). */
export interface ScheduleOverride {
  intervalSeconds?: number;
  salesCloseSeconds?: number;
  dailyWindow?: { first: string; last: string } | null;
}

/**
 * A copy of `spec` with the override applied, validated (RangeError when the result is not a
 * usable schedule, e.g. a cut-off not shorter than the new interval, or an anchor the new grid
 * misses). Issue numbering keeps its format and anchor.
 *
 * @example withScheduleOverride(KENO_SCHEDULES.CAB01, { intervalSeconds: 60, salesCloseSeconds: 10 })
 *   // → { ...CAB01, intervalSeconds: 60, salesCloseSeconds: 10, source: '… Simulated override: every 60 s, …' }
 */
export function withScheduleOverride(spec: ScheduleSpec, override: ScheduleOverride): ScheduleSpec {
  const changed: ScheduleSpec = {
    ...spec,
    intervalSeconds: override.intervalSeconds ?? spec.intervalSeconds,
    salesCloseSeconds: override.salesCloseSeconds ?? spec.salesCloseSeconds,
    dailyWindow: override.dailyWindow === undefined ? spec.dailyWindow : override.dailyWindow && { ...override.dailyWindow },
  };
  const window = changed.dailyWindow ? `${changed.dailyWindow.first}–${changed.dailyWindow.last}` : 'around the clock';
  changed.source =
    `${spec.source} Simulated override: every ${changed.intervalSeconds} s, ${window}, ` +
    `sales close ${changed.salesCloseSeconds} s before each draw.`;
  assertScheduleSpec(changed);
  return frozen(changed);
}
