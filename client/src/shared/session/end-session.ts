import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import type { AppStore } from '../api/services.tsx';
import { authPathFor, currentPath, navigateTo } from '../navigation/navigator.ts';
import { notify } from '../toasts/toast-store.ts';
import { clearSessionAtom, leavingAtom, sessionAtom, sessionExpiredAtom } from './session-atoms.ts';
import type { SessionRejection } from '../api/http-client.ts';

/** Forgets the member: session and user (spec §4) and every cached member query (site info stays). */
export function endSession(store: AppStore, queryClient: QueryClient): void {
  store.set(clearSessionAtom);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.site[0] });
}

/**
 * The server refused our session (expired, idle too long, revoked or forged): clear it, say why in
 * the user's language and send them to log in, coming back here afterwards.
 */
export function handleSessionRejected(
  services: { store: AppStore; queryClient: QueryClient },
  code: SessionRejection,
  rejectedSession: string,
): void {
  // Parallel requests all fail the same way, and a late reply may come from a session already
  // replaced; a member logging out is ending the session on purpose.
  if (services.store.get(sessionAtom) !== rejectedSession || services.store.get(leavingAtom)) return;
  // Guards re-render as soon as the token is gone; this makes their redirect the same login URL.
  services.store.set(sessionExpiredAtom, true);
  endSession(services.store, services.queryClient);
  notify(services.store, 'error', { id: `error.${code}` });
  const here = currentPath();
  if (!here.startsWith('/auth')) navigateTo(authPathFor(here, 'login', 'expired'));
}
