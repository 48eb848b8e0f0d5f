import type { AuthResponse, User } from '@gp/common';
import { atom } from 'jotai';
import { atomWithStorage, RESET } from 'jotai/utils';
import { jsonStorage, rawStringStorage } from '../storage/local-storage.ts';

/** What `localStorage.user` holds: the signed-in user, or `{}` (spec §3) when logged out. */
export type StoredUser = Partial<User>;

const isPlainObject = (value: unknown): value is StoredUser =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// getOnInit: the very first render must already know whether someone is logged in,
// otherwise an auth guard would bounce a member to /auth on reload.
export const tokenAtom = atomWithStorage('token', '', rawStringStorage(), { getOnInit: true });
export const userAtom = atomWithStorage<StoredUser>('user', {}, jsonStorage(isPlainObject), { getOnInit: true });

/** Spec §3: logged in means the token is non-empty. */
export const isLoggedInAtom = atom((get) => get(tokenAtom) !== '');

/** Set when the server ended the session (expired or revoked), so guards send the member to the login form. */
export const sessionExpiredAtom = atom(false);

/** Set while the member logs out: guards let them go home instead of sending them to the login form. */
export const leavingAtom = atom(false);

export const startSessionAtom = atom(null, (_get, set, session: AuthResponse) => {
  set(sessionExpiredAtom, false);
  set(tokenAtom, session.token);
  set(userAtom, session.user);
});

export const clearSessionAtom = atom(null, (_get, set) => {
  set(tokenAtom, RESET);
  set(userAtom, RESET);
});
