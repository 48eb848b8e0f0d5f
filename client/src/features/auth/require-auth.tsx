import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authPathFor } from '../../shared/navigation/navigator.ts';
import { isLoggedInAtom, leavingAtom, sessionExpiredAtom } from '../../shared/session/session-atoms.ts';

/**
 * Spec §6 guard for member-only routes: a guest lands on the login form, told "Please log in"
 * (spec §8), and comes back here afterwards. A member logging out is on the way home: no detour.
 */
export function RequireAuth() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const expired = useAtomValue(sessionExpiredAtom);
  const leaving = useAtomValue(leavingAtom);
  const { pathname, search, hash } = useLocation();
  if (!loggedIn) {
    if (leaving) return null;
    return <Navigate to={authPathFor(`${pathname}${search}${hash}`, 'login', expired ? 'expired' : 'required')} replace />;
  }
  return <Outlet />;
}
