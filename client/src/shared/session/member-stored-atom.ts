import { atom, type SetStateAction } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { jsonStorage } from '../storage/local-storage.ts';
import { sessionAtom, userAtom } from './session-atoms.ts';

/**
 * State a member builds up and expects to find again (a football bet slip, a lottery ticket being
 * filled in): kept in localStorage under `<prefix>.<member id>`, so it survives moving between
 * pages and a reload and stays in step across tabs, while nobody else signing in on this device
 * sees it; signed out, it reads as `empty`. A stored value `accept` refuses (stale, hand-edited)
 * reads as `empty` too.
 *
 * @example export const slipAtom = memberStoredAtom('football.slip', EMPTY_SLIP, isSlip);
 */
export function memberStoredAtom<T>(prefix: string, empty: T, accept: (value: unknown) => value is T) {
  const storage = jsonStorage(accept);
  const perMember = new Map<string, ReturnType<typeof atomWithStorage<T>>>();
  const of = (userId: string) => {
    let stored = perMember.get(userId);
    if (!stored) {
      stored = atomWithStorage<T>(`${prefix}.${userId}`, empty, storage, { getOnInit: true });
      perMember.set(userId, stored);
    }
    return stored;
  };
  return atom(
    (get) => {
      const owner = get(sessionAtom) ? get(userAtom).id : undefined;
      return owner ? get(of(owner)) : empty;
    },
    (get, set, update: SetStateAction<T>) => {
      const owner = get(sessionAtom) ? get(userAtom).id : undefined;
      if (owner) set(of(owner), update);
    },
  );
}
