import { createStore } from 'jotai';
import { PLAY_STATE_KEY } from '../shared/account/play-state.ts';
import { createHttpClient } from '../shared/api/http-client.ts';
import { createQueryClient } from '../shared/api/query-client.ts';
import type { Services } from '../shared/api/services.tsx';
import { handleSessionRejected } from '../shared/session/end-session.ts';
import { sessionAtom } from '../shared/session/session-atoms.ts';

/** Spec §4, first step: the state store, the data cache and the HTTP client, created once. */
export function createServices(): Services {
  const store = createStore();
  // A refusal because a reality check is due re-reads the play state: the notice opens at once, whatever asked (issue 32).
  const queryClient = createQueryClient({ reality_check_due: PLAY_STATE_KEY });
  const http = createHttpClient({
    getCsrfToken: () => store.get(sessionAtom),
    onSessionRejected: (code, rejectedSession) => handleSessionRejected({ store, queryClient }, code, rejectedSession),
  });
  return { store, queryClient, http };
}
