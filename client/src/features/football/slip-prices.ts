import type { OddsChangedDetails } from '@gp/common';
import { moveDirection, type LivePrice } from './odds-cache.ts';
import { pickKey, type SlipPick } from './slip.ts';

/** A pick whose price is not the one taken any more. */
export interface PriceChange {
  pick: SlipPick;
  from: string;
  /** The current price, or null when the selection is not offered any more. */
  to: string | null;
  direction: 'up' | 'down' | null;
}

/**
 * The picks whose price moved since they were taken. The live list is the fresher source (the
 * odds feed keeps patching it); the server's `odds_changed` refusal fills in what the list cannot
 * say, such as a selection withdrawn while its event is still listed. An event or market that
 * is merely closed is flagged as such by the slip, not counted as a price move.
 *
 * Example: taken 2.10, now 2.25 → `{ from: '2.10', to: '2.25', direction: 'up' }`.
 */
export function priceChanges(
  picks: readonly SlipPick[],
  live: (pick: SlipPick) => LivePrice | null,
  refused: OddsChangedDetails['current'] | null,
): PriceChange[] {
  const fromServer = new Map((refused ?? []).map((c) => [pickKey(c), c.odds]));
  const changes: PriceChange[] = [];
  for (const pick of picks) {
    const key = pickKey(pick);
    const current = live(pick);
    const to = current?.state === 'open' && current.odds !== null ? current.odds : fromServer.has(key) ? fromServer.get(key)! : pick.odds;
    if (to === pick.odds) continue;
    changes.push({ pick, from: pick.odds, to, direction: to === null ? null : moveDirection(pick.odds, to) });
  }
  return changes;
}
