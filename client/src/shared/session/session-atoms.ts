import type { AuthResponse, User } from '@gp/common';
import { atom } from 'jotai';
import { atomWithStorage, RESET } from 'jotai/utils';
import { jsonStorage } from '../storage/local-storage.ts';
import { readCsrfCookie } from '../api/csrf-cookie.ts';

/** What `localStorage.user` holds: the signed-in user, or `{}` (spec §3) when logged out. */
export type StoredUser = Partial<User>;

const isPlainObject = (value: unknown): value is StoredUser =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The member's session as this page knows it (issue 29): the session itself is an HttpOnly cookie
 * no script can read; what the page holds is the session's CSRF token, from its readable companion
 * cookie, which it echoes on every state-changing request. Non-empty means signed in, and it changes
 * with every new session (member-scoped state keys on it). Read when the store is made, so the very
 * first render already knows whether someone is signed in.
 */
export const sessionAtom = atom(readCsrfCookie('member'));
export const userAtom = atomWithStorage<StoredUser>('user', {}, jsonStorage(isPlainObject), { getOnInit: true });

/** Spec §3, with the session in a cookie: logged in means this browser holds a session. */
export const isLoggedInAtom = atom((get) => get(sessionAtom) !== '');

/** Set when the server ended the session (expired or revoked), so guards send the member to the login form. */
export const sessionExpiredAtom = atom(false);

/** Set while the member logs out: guards let them go home instead of sending them to the login form. */
export const leavingAtom = atom(false);

/** After a sign-in answer: its cookies are set by now; the body's `token` is for other clients and is not kept. */
export const startSessionAtom = atom(null, (_get, set, session: Pick<AuthResponse, 'user'>) => {
  set(sessionExpiredAtom, false);
  set(sessionAtom, readCsrfCookie('member'));
  set(userAtom, session.user);
});

export const clearSessionAtom = atom(null, (_get, set) => {
  set(sessionAtom, '');
  set(userAtom, RESET);
});
