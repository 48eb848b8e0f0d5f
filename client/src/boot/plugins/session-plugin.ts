import type { MeResponse } from '@gp/common';
import { isApiError } from '../../shared/api/api-error.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { readCsrfCookie } from '../../shared/api/csrf-cookie.ts';
import { sessionAtom, userAtom } from '../../shared/session/session-atoms.ts';
import type { BootPlugin } from '../boot-context.ts';

/**
 * Spec §4 session check: a session this browser holds (its cookie) is confirmed with /api/me before
 * the first screen. A refused one is cleared by the HTTP client (session expiry flow); an
 * unreachable server keeps it, so an installed app opened offline still knows its member.
 *
 * The session cookie is shared by every tab: when a tab comes back into view it re-reads it, so a
 * login or logout in another tab shows here too. A token an older version kept in localStorage is
 * removed (issue 29: no session token where scripts can read it).
 */
export const sessionPlugin: BootPlugin = {
  name: 'session-check',
  async install({ store, queryClient, http }) {
    try {
      localStorage.removeItem('token');
    } catch {
      // storage disabled: there is nothing to remove either
    }
    const resync = () => {
      const current = readCsrfCookie('member');
      if (current !== store.get(sessionAtom)) {
        store.set(sessionAtom, current);
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      }
    };
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && resync());
    window.addEventListener('focus', resync);

    if (!store.get(sessionAtom)) return;
    try {
      const me = await queryClient.fetchQuery({
        queryKey: queryKeys.me,
        queryFn: () => http.get<MeResponse>('/api/me'),
        retry: false,
      });
      store.set(userAtom, me.user);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      console.warn('[boot] session check could not reach the server; keeping the stored session', error);
    }
  },
};
