import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authPathFor } from '../../shared/navigation/navigator.ts';
import { isLoggedInAtom } from '../../shared/session/session-atoms.ts';

/** Spec §6 guard for member-only routes: guests go to /auth and come back here afterwards. */
export function RequireAuth() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const { pathname, search, hash } = useLocation();
  if (!loggedIn) return <Navigate to={authPathFor(`${pathname}${search}${hash}`)} replace />;
  return <Outlet />;
}
