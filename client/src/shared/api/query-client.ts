import { MutationCache, QueryClient } from '@tanstack/react-query';
import { PLAY_STATE_KEY } from '../account/play-state.ts';
import { isApiError } from './api-error.ts';

/** Spec §9: data is fresh for 5000 ms by default. */
export const DEFAULT_STALE_TIME_MS = 5000;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A refusal because a reality check is due (issue 32) re-reads the play state, so the notice opens at once, whatever asked.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isApiError(error) && error.code === 'reality_check_due') void client.invalidateQueries({ queryKey: PLAY_STATE_KEY });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        // A 4xx will not change by asking again; a dropped connection or a 5xx might.
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
  return client;
}
