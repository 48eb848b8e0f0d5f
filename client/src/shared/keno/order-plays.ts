import type { SettledLine } from '@gp/common';

/**
 * An order's keno plays (its `selections`) as the list shows them. The wire type is `unknown[]`
 * (orders of other families will carry other shapes), so each entry is checked, not cast.
 */
export type KenoPlayView =
  | { type: 'pick'; stars: number; numbers: number[] }
  | { type: 'bigSmall' | 'oddEven'; pick: string }
  | { type: 'superNumber'; numbers: number[] }
  | { type: 'other' };

const numbersOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n)).sort((a, b) => a - b) : [];

export function kenoPlays(selections: readonly unknown[]): KenoPlayView[] {
  return selections.map((entry): KenoPlayView => {
    const play = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    switch (play.type) {
      case 'pick':
        return { type: 'pick', stars: Number(play.stars) || numbersOf(play.numbers).length, numbers: numbersOf(play.numbers) };
      case 'bigSmall':
      case 'oddEven':
        return { type: play.type, pick: String(play.pick ?? '') };
      case 'superNumber':
        return { type: 'superNumber', numbers: numbersOf(play.numbers) };
      default:
        return { type: 'other' };
    }
  });
}

/** The side-market picks of spec §3 that have a name in the catalogue (`results.outcome.<pick>`). */
const SIDE_PICKS = ['big', 'small', 'odd', 'even', 'smallOdd', 'smallEven', 'draw'] as const;
export type SidePick = (typeof SIDE_PICKS)[number];
export const isSidePick = (pick: string): pick is SidePick => (SIDE_PICKS as readonly string[]).includes(pick);

/** Two-digit ball numbers as draw boards print them: `ball(7)` → `"07"`. */
export const ball = (n: number) => String(n).padStart(2, '0');

/** The settled lines of one play (a super-number play settles one line per chosen number). */
export function linesOfPlay(lines: readonly SettledLine[], play: number): SettledLine[] {
  return lines.filter((line) => line.play === play);
}

/** How many lines of a settlement won, and whether any was refunded: the one-line summary of a draw result. */
export function settlementSummary(lines: readonly SettledLine[]): { won: number; refunded: number; total: number } {
  return {
    won: lines.filter((line) => line.outcome === 'win').length,
    refunded: lines.filter((line) => line.outcome === 'refund').length,
    total: lines.length,
  };
}
