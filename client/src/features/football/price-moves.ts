import { useSyncExternalStore } from 'react';
import type { PriceMove } from './odds-cache.ts';

/** How long a moved price keeps its ▲ / ▼ mark. */
export const MOVE_MARK_MS = 5_000;

export type MoveMarks = ReadonlyMap<string, { direction: 'up' | 'down'; from: string; until: number }>;

/** The marks after recording `moves` at `now`, expired ones dropped. */
export function recordMoves(marks: MoveMarks, moves: readonly PriceMove[], now: number): MoveMarks {
  const next = new Map([...marks].filter(([, mark]) => mark.until > now));
  for (const move of moves) next.set(move.key, { direction: move.direction, from: move.from, until: now + MOVE_MARK_MS });
  return next;
}

/** The mark of one price at `now`, or null once it has expired. */
export function activeMark(marks: MoveMarks, key: string, now: number) {
  const mark = marks.get(key);
  return mark && mark.until > now ? mark : null;
}

/**
 * The screen's recent price moves: written by the odds feed, read by every price button. A store
 * outside React state, so one odds tick re-renders only the buttons whose mark changed.
 */
function createMoveStore() {
  let marks: MoveMarks = new Map();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    record(moves: readonly PriceMove[]) {
      if (moves.length === 0) return;
      marks = recordMoves(marks, moves, Date.now());
      notify();
      // Re-render once the newest marks expire, so the arrows disappear without another tick.
      clearTimeout(timer);
      timer = setTimeout(() => {
        marks = recordMoves(marks, [], Date.now());
        notify();
      }, MOVE_MARK_MS + 50);
    },
    get: (): MoveMarks => marks,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const moveStore = createMoveStore();

/** The current ▲ / ▼ mark of one price (by `pickKey`), or null. */
export function useMoveMark(key: string) {
  // The snapshot is this price's mark object, which stays the same until its own price moves or
  // the sweep drops it: a tick re-renders only the buttons whose mark changed.
  return useSyncExternalStore(moveStore.subscribe, () => moveStore.get().get(key) ?? null);
}
