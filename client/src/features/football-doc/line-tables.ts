import { handicapOutcome, HKJC_CONVENTIONS, parseLine, totalOutcome, type FootballConventions, type LineOutcome } from '@gp/common';

/** The split home lines of the reference's worked table (hkjc-football.md §1.3), in its order. */
export const HDC_EXAMPLE_LINES = ['0.0/-0.5', '-0.5/-1.0', '-1.0/-1.5', '0.0/+0.5', '+0.5/+1.0'] as const;

/**
 * Goal margins (home − away) for the table's columns; the ends stand for "2 or more" and
 * "−2 or fewer", which settle the same on these lines.
 */
export const HDC_MARGINS = [2, 1, 0, -1, -2] as const;

export interface HandicapRow {
  line: string;
  outcomes: LineOutcome[];
}

/**
 * A home HDC bet on each example line, by goal margin, settled by common's `handicapOutcome`.
 * Example: the `-0.5/-1.0` row → `['win', 'halfWin', 'loss', 'loss', 'loss']`.
 */
export function handicapRows(
  lines: readonly string[] = HDC_EXAMPLE_LINES,
  conventions: FootballConventions = HKJC_CONVENTIONS,
): HandicapRow[] {
  return lines.map((text) => {
    const line = parseLine(text, 'handicap');
    if (!line) throw new RangeError(`not a handicap line: ${text}`);
    return {
      line: text,
      outcomes: HDC_MARGINS.map((margin) =>
        handicapOutcome(line, 'H', { home: Math.max(margin, 0), away: Math.max(-margin, 0) }, conventions),
      ),
    };
  });
}

export interface TotalRow {
  total: number;
  over: LineOutcome;
  under: LineOutcome;
}

/**
 * Over (High) and Under (Low) on a hi-lo line for each total, by common's `totalOutcome`.
 * Example: `totalRows('2.5/3.0', [2, 3, 4])` →
 * `[{ total: 2, over: 'loss', under: 'win' }, { total: 3, over: 'halfWin', under: 'halfLoss' }, { total: 4, over: 'win', under: 'loss' }]`.
 */
export function totalRows(
  text = '2.5/3.0',
  totals: readonly number[] = [0, 1, 2, 3, 4, 5],
  conventions: FootballConventions = HKJC_CONVENTIONS,
): TotalRow[] {
  const line = parseLine(text, 'total');
  if (!line) throw new RangeError(`not a hi-lo line: ${text}`);
  return totals.map((total) => ({
    total,
    over: totalOutcome(line, 'H', total, conventions),
    under: totalOutcome(line, 'L', total, conventions),
  }));
}
