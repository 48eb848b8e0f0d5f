import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/** Spec §9: data is fresh for 5000 ms by default. */
export const DEFAULT_STALE_TIME_MS = 5000;

/**
 * `rereadOn`: a mutation refused with one of these error codes reads that query again, whatever
 * asked (boot passes `reality_check_due` → the play state, so the notice opens at once, issue 32).
 * The codes come from the caller: this module knows no feature.
 */
export function createQueryClient(rereadOn: Readonly<Record<string, QueryKey>> = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error) => {
        const key = isApiError(error) ? rereadOn[error.code] : undefined;
        if (key) void client.invalidateQueries({ queryKey: key });
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
