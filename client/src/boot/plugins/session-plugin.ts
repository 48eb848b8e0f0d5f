import type { MeResponse } from '@gp/common';
import { isApiError } from '../../shared/api/api-error.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { tokenAtom, userAtom } from '../../shared/session/session-atoms.ts';
import type { BootPlugin } from '../boot-context.ts';

/**
 * Spec §4 session check: a stored token is confirmed with /api/me before the first screen.
 * A refused token is cleared by the HTTP client (session expiry flow); an unreachable server
 * keeps it, so an installed app opened offline still knows its member.
 */
export const sessionPlugin: BootPlugin = {
  name: 'session-check',
  async install({ store, queryClient, http }) {
    if (!store.get(tokenAtom)) return;
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
