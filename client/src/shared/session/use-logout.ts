import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useHttp } from '../api/services.tsx';
import { navigateAndWait } from '../navigation/navigator.ts';
import { endSession } from './end-session.ts';
import { leavingAtom } from './session-atoms.ts';
import { useNotify } from '../toasts/use-notify.ts';

/** Logout revokes the token on the server, then clears token and user here (spec §4) whatever the reply. */
export function useLogout() {
  const http = useHttp();
  const store = useStore();
  const queryClient = useQueryClient();
  const notify = useNotify();

  return useCallback(async () => {
    // Home first, still signed in, so no member-only page left behind turns into the login form;
    // while leaving, the server ending this session's socket is not reported as an expiry.
    store.set(leavingAtom, true);
    try {
      await navigateAndWait('/');
      try {
        await http.post('/api/auth/logout', undefined, { ignoreSessionRejection: true });
      } catch (error) {
        // The member asked to leave: an unreachable server must not keep them signed in here.
        console.warn('[session] logout request failed; clearing the local session anyway', error);
      }
      endSession(store, queryClient);
      notify.success({ id: 'session.loggedOut' });
    } finally {
      store.set(leavingAtom, false);
    }
  }, [http, store, queryClient, notify]);
}
