import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authPathFor } from '../../shared/navigation/navigator.ts';
import { isLoggedInAtom, sessionExpiredAtom } from '../../shared/session/session-atoms.ts';

/** Spec §6 guard for member-only routes: guests go to /auth and come back here afterwards. */
export function RequireAuth() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const expired = useAtomValue(sessionExpiredAtom);
  const { pathname, search, hash } = useLocation();
  if (!loggedIn) {
    // After a server-ended session the member has an account: show the login form, not sign-up.
    return <Navigate to={authPathFor(`${pathname}${search}${hash}`, expired ? 'login' : undefined)} replace />;
  }
  return <Outlet />;
}
