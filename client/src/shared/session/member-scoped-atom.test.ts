import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { memberScopedAtom } from './member-scoped-atom.ts';
import { sessionAtom } from './session-atoms.ts';

describe('member-scoped state', () => {
  it('keeps a member’s value during their session and forgets it when the session changes', () => {
    const store = createStore();
    const picks = memberScopedAtom<number[]>([]);
    store.set(sessionAtom, 'token-of-ann');
    store.set(picks, [1, 2]);
    store.set(picks, (previous) => [...previous, 3]);
    expect(store.get(picks)).toEqual([1, 2, 3]);

    store.set(sessionAtom, ''); // logout
    expect(store.get(picks)).toEqual([]);
    store.set(sessionAtom, 'token-of-bob');
    expect(store.get(picks)).toEqual([]);
    store.set(picks, (previous) => [...previous, 9]);
    expect(store.get(picks)).toEqual([9]);
  });
});
