import { atom, type SetStateAction } from 'jotai';
import { sessionAtom } from './session-atoms.ts';

/**
 * State that belongs to the signed-in member (a ticket being filled in, the order a screen
 * follows): it reads as `initial` once the session changes, so after a logout, or another member
 * signing in on the same tab, nobody sees the previous member's choices or orders.
 */
export function memberScopedAtom<T>(initial: T) {
  const stored = atom<{ owner: string; value: T }>({ owner: '', value: initial });
  return atom(
    (get) => {
      const { owner, value } = get(stored);
      return owner === get(sessionAtom) ? value : initial;
    },
    (get, set, update: SetStateAction<T>) => {
      const { owner, value } = get(stored);
      const session = get(sessionAtom);
      const current = owner === session ? value : initial;
      set(stored, { owner: session, value: typeof update === 'function' ? (update as (previous: T) => T)(current) : update });
    },
  );
}
