/**
 * The lines the simulated book may offer, written exactly as common `parseLine` reads them
 * (and as the HKJC feed writes them): one decimal per component, handicaps signed (`0.0`, `+0.5`,
 * `-1.0`), a split line with the component nearer zero first (`0.0/-0.5`, `-0.5/-1.0`, `2.5/3.0`).
 * Values are in half units, as in `Line.halves`.
 */

function component(halves: number, signed: boolean): string {
  const text = (Math.abs(halves) / 2).toFixed(1);
  if (!signed || halves === 0) return text;
  return `${halves > 0 ? '+' : '-'}${text}`;
}

/** `lineText([-1, -2], true)` → `'-0.5/-1.0'`; `lineText([5], false)` → `'2.5'`; `lineText([0, 1], true)` → `'0.0/+0.5'`. */
export function lineText(halves: readonly number[], signed: boolean): string {
  const ordered = [...halves].sort((a, b) => Math.abs(a) - Math.abs(b));
  return ordered.map((h) => component(h, signed)).join('/');
}

/** Every quarter-goal step between `from` and `to` half units: whole, half and split lines, so some line is always close to even. */
function quarterLines(from: number, to: number): number[][] {
  const lines: number[][] = [];
  for (let h = from; h <= to; h++) {
    lines.push([h]);
    if (h < to) lines.push([h, h + 1]);
  }
  return lines;
}

/** HDC: home handicaps from +3.0 to −3.5 in quarter-goal steps (`+3.0`, `+2.5/+3.0` … `-3.0/-3.5`, `-3.5`). */
export const HANDICAP_LINES: readonly string[] = quarterLines(-7, 6).map((h) => lineText(h, true));

/** HHA: whole-goal home handicaps; 0 is left out because it would repeat HAD. */
export const WHOLE_HANDICAP_LINES: readonly string[] = [-6, -4, -2, 2, 4].map((h) => lineText([h], true));

/** HIL: goal totals from 0.5 to 6.5 in quarter-goal steps. */
export const GOAL_LINES: readonly string[] = quarterLines(1, 13).map((h) => lineText(h, false));

/** FHL: first-half totals from 0.5 to 3.5 in quarter-goal steps. */
export const FIRST_HALF_GOAL_LINES: readonly string[] = quarterLines(1, 7).map((h) => lineText(h, false));

/** CHL: half-corner totals only (`9.5`, `10.5`), from 5.5 to 15.5. */
export const CORNER_LINES: readonly string[] = [11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31].map((h) => lineText([h], false));

/**
 * The second HIL line shown beside the main one: the next half-goal line above it, so a member
 * can back a high-scoring game. Example: `'2.5'` → `'3.5'`; `'2.5/3.0'` → `'3.5'`; `'3.0'` → `'3.5'`; `'3.0/3.5'` → `'4.5'`.
 */
export function higherGoalLine(main: string): string {
  const upper = Math.max(...main.split('/').map((part) => Math.round(Number(part) * 2)));
  return lineText([upper % 2 === 1 ? upper + 2 : upper + 1], false);
}
