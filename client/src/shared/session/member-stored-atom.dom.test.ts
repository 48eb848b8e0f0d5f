import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { memberStoredAtom } from './member-stored-atom.ts';
import { sessionAtom, userAtom } from './session-atoms.ts';

const isNumbers = (value: unknown): value is number[] => Array.isArray(value) && value.every((n) => typeof n === 'number');

const signIn = (store: ReturnType<typeof createStore>, id: string) => {
  store.set(sessionAtom, `token-of-${id}`);
  store.set(userAtom, { id });
};

describe('member-stored state', () => {
  afterEach(() => localStorage.clear());

  it('survives a reload (a new store on the same device) for the same member, under the member’s own key', () => {
    const picks = memberStoredAtom<number[]>('test.picks', [], isNumbers);
    const before = createStore();
    signIn(before, '7');
    before.set(picks, [1, 2]);
    before.set(picks, (previous) => [...previous, 3]);
    expect(JSON.parse(localStorage.getItem('test.picks.7')!)).toEqual([1, 2, 3]);

    const reloaded = createStore();
    signIn(reloaded, '7');
    expect(reloaded.get(memberStoredAtom<number[]>('test.picks', [], isNumbers))).toEqual([1, 2, 3]);
  });

  it('shows nothing to another member or to a signed-out visitor, and refuses a stored value of the wrong shape', () => {
    const picks = memberStoredAtom<number[]>('test.picks', [], isNumbers);
    const store = createStore();
    signIn(store, '7');
    store.set(picks, [4]);
    signIn(store, '8');
    expect(store.get(picks)).toEqual([]);
    store.set(sessionAtom, '');
    expect(store.get(picks)).toEqual([]);
    store.set(picks, [9]); // signed out: nothing is written
    expect(localStorage.getItem('test.picks.')).toBeNull();

    localStorage.setItem('test.picks.9', '{"not":"numbers"}');
    const other = createStore();
    signIn(other, '9');
    expect(other.get(memberStoredAtom<number[]>('test.picks', [], isNumbers))).toEqual([]);
  });
});
