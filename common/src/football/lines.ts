import { HKJC_CONVENTIONS, type FootballConventions } from './conventions.ts';

/**
 * Lines of the handicap and hi-lo markets (reference §1.3, §1.4). A component is a multiple of
 * half a goal (or corner), so we hold it in **half units**: `-0.5` → `-1`, `2.5` → `5`. A split
 * ("quarter") line such as `-0.5/-1.0` has two adjacent components, each carrying half the stake.
 */
export interface Line {
  /** The line as the feed writes it, e.g. `-0.5/-1.0`. */
  text: string;
  /** One component, or two half a unit apart, in half units. */
  halves: readonly [number] | readonly [number, number];
}

/** What kind of line a market takes: HHA's whole-goal handicap, HDC's Asian handicap, or a hi-lo total. */
export type LineKind = 'wholeHandicap' | 'handicap' | 'total';

/** Settling one line: the five results of §1.3 (a whole or half line only gives win, push or loss). */
export type LineOutcome = 'win' | 'halfWin' | 'push' | 'halfLoss' | 'loss';

const COMPONENT = /^([+-]?)(\d{1,2})(?:\.(\d{1,2}))?$/;

function parseComponent(text: string): number | null {
  const match = COMPONENT.exec(text.trim());
  if (!match) return null;
  const fraction = Number(`0.${match[3] ?? '0'}`);
  if (fraction !== 0 && fraction !== 0.5) return null;
  const halves = Number(match[2]) * 2 + (fraction === 0.5 ? 1 : 0);
  return match[1] === '-' && halves !== 0 ? -halves : halves;
}

/**
 * A line as the feed writes it, or `null` when it is not one `kind` takes: handicaps may carry a
 * sign and (HDC) split; HHA takes whole goals only; totals are positive and may split.
 *
 * Example: `parseLine('-0.5/-1.0', 'handicap')` → `{ text: '-0.5/-1.0', halves: [-1, -2] }`;
 * `parseLine('2.5/3.0', 'total')` → `{ text: '2.5/3.0', halves: [5, 6] }`; `parseLine('-0.5', 'wholeHandicap')` → `null`.
 */
export function parseLine(text: string, kind: LineKind): Line | null {
  if (typeof text !== 'string') return null;
  const parts = text.split('/');
  if (parts.length > 2) return null;
  const halves = parts.map(parseComponent);
  if (halves.some((h) => h === null)) return null;
  const values = halves as number[];
  if (values.length === 2 && Math.abs(values[0]! - values[1]!) !== 1) return null;
  if (kind === 'wholeHandicap' && (values.length !== 1 || values[0]! % 2 !== 0)) return null;
  if (kind === 'total' && (values.some((v) => v <= 0) || parts.some((p) => /^[+-]/.test(p.trim())))) return null;
  return { text, halves: values.length === 1 ? [values[0]!] : [values[0]!, values[1]!] };
}

/** One component: the picked side's lead after the line, in half units (> 0 wins, 0 meets the line). */
function componentResult(leadHalves: number, conventions: FootballConventions): 'win' | 'push' | 'loss' {
  if (leadHalves > 0) return 'win';
  if (leadHalves < 0) return 'loss';
  return conventions.lines.onWholeLine;
}

function combine(results: readonly ('win' | 'push' | 'loss')[]): LineOutcome {
  if (results.length === 1) return results[0]!;
  const [a, b] = [...results].sort(); // 'loss' < 'push' < 'win'
  if (a === b) return a!;
  if (a === 'push' && b === 'win') return 'halfWin';
  if (a === 'loss' && b === 'push') return 'halfLoss';
  throw new RangeError('a split line cannot both win and lose'); // adjacent components never do
}

/**
 * An Asian-handicap (HDC) pick on the full result. `line` is the **home** handicap, as in the feed;
 * an away pick takes the mirror image. Settles each component on its own (unconfirmed convention,
 * see `HKJC_CONVENTIONS.lines`).
 *
 * Example: home line `-0.5/-1.0`, pick `H`, 2-1 → `'halfWin'` (−0.5 wins, −1.0 pushes); 1-1 → `'loss'`.
 */
export function handicapOutcome(
  line: Line,
  pick: 'H' | 'A',
  score: { home: number; away: number },
  conventions: FootballConventions = HKJC_CONVENTIONS,
): LineOutcome {
  const marginHalves = (score.home - score.away) * 2;
  return combine(
    line.halves.map((h) => {
      const homeLead = marginHalves + h;
      return componentResult(pick === 'H' ? homeLead : -homeLead, conventions);
    }),
  );
}

/**
 * A hi-lo pick (HIL, FHL, CHL): High wins above the line, Low below, a whole-number line equalled
 * pushes that component (unconfirmed convention, see `HKJC_CONVENTIONS.lines`).
 *
 * Example: `2.5/3.0`, High, 3 goals → `'halfWin'`; 2 goals → `'loss'`; Low on 3 goals → `'halfLoss'`.
 */
export function totalOutcome(
  line: Line,
  pick: 'H' | 'L',
  total: number,
  conventions: FootballConventions = HKJC_CONVENTIONS,
): LineOutcome {
  return combine(
    line.halves.map((h) => {
      const overHalves = total * 2 - h;
      return componentResult(pick === 'H' ? overHalves : -overHalves, conventions);
    }),
  );
}
