import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/** Spec §9: data is fresh for 5000 ms by default. */
export const DEFAULT_STALE_TIME_MS = 5000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        // A 4xx will not change by asking again; a dropped connection or a 5xx might.
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
