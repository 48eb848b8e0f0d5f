import type { DrawResult, KenoResult } from '@gp/common';
import type { FeedTargetType } from '../db/types.ts';
import type { DrawService } from '../games/draw/service.ts';
import type { KenoService } from '../games/keno/service.ts';
import { AppError } from '../platform/errors.ts';
import type { FeedDivision, FeedResult } from './types.ts';

const ascending = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b);

/** What two results are compared by, as four-eyes compares entries: keno the numbers as a set and the super number; a lottery its sorted zones, extra numbers and multiplier. */
export function fingerprintOf(result: FeedResult): string {
  if (result.kind === 'keno') return JSON.stringify({ numbers: ascending(result.numbers), superNumber: result.superNumber });
  return JSON.stringify({ zones: result.zones.map(ascending), extra: ascending(result.extra), multiplier: result.multiplier ?? null });
}

/** The fingerprint of a published result, as stored in the draw row. */
export function publishedFingerprint(target: FeedTargetType, stored: unknown): string {
  if (target === 'keno_draw') {
    const { numbers, superNumber } = stored as KenoResult;
    return fingerprintOf({ kind: 'keno', numbers, superNumber, ordered: false });
  }
  const { zones, extra, multiplier } = stored as DrawResult;
  return fingerprintOf({ kind: 'lottery', zones, extra, ...(multiplier !== undefined ? { multiplier } : {}) });
}

/** The numbers in draw order for keno's entry (its last is the super number): the source's order when it has one. */
export function kenoDrawOrder(readings: readonly FeedResult[]): number[] {
  const keno = readings.filter((r) => r.kind === 'keno');
  const ordered = keno.find((r) => r.ordered);
  if (ordered) return ordered.numbers;
  const first = keno[0]!;
  return [...ascending(first.numbers).filter((n) => n !== first.superNumber), first.superNumber];
}

/** The pool amounts the agreeing sources give alike (a division they state differently is left for staff). */
export function agreedDivisions(lists: ReadonlyArray<readonly FeedDivision[]>, poolDivisions: ReadonlySet<number>): FeedDivision[] {
  const out = new Map<number, FeedDivision | null>();
  for (const list of lists) {
    for (const d of list) {
      if (!poolDivisions.has(d.division)) continue;
      const seen = out.get(d.division);
      if (seen === undefined) out.set(d.division, d);
      else if (seen && seen.amount !== d.amount) out.set(d.division, null);
    }
  }
  return [...out.values()].filter((d): d is FeedDivision => d !== null);
}

/**
 * Publishes a result through the path four-eyes entry uses (the game's `enterResult`, `via:
 * 'feeds'`): settlement follows as it does for an entry. False when the draw got its result
 * meanwhile (an entry or another pass won: `result_exists`).
 */
export async function publishThroughGame(games: { keno: KenoService; draws: DrawService }, target: FeedTargetType, draw: { id: number; productCode: string }, results: readonly FeedResult[], divisions: FeedDivision[]): Promise<boolean> {
  try {
    if (target === 'keno_draw') await games.keno.enterResult(draw.id, kenoDrawOrder(results), 'feeds');
    else {
      const result = results[0]!;
      if (result.kind !== 'lottery') throw new Error('a keno reading for a lottery draw');
      const { zones, extra, multiplier } = result;
      await games.draws.enterResult(draw.productCode, draw.id, { zones, extra, ...(multiplier !== undefined ? { multiplier } : {}), divisions: divisions.map((d) => ({ division: d.division, amount: d.amount, ...(d.winners !== null ? { winners: d.winners } : {}) })) }, 'feeds');
    }
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'result_exists') return false;
    throw error;
  }
}
