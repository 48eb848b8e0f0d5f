import type { QuoteResponse } from '@gp/common';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useHttp } from '../api/services.tsx';

export interface Quote {
  /** The latest answer; it may be for an earlier version of the order while `current` is false. */
  data: QuoteResponse | undefined;
  error: unknown;
  /** `data` prices exactly the order on screen, so the member may confirm it. */
  current: boolean;
  loading: boolean;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * `POST /api/orders/quote` for an order body given as its canonical JSON (`null`: nothing to
 * price yet), asked `debounceMs` after the member stops changing it. The same body is never asked
 * twice within `staleMs`.
 */
export function useDebouncedQuote(fingerprint: string | null, options: { key: (fingerprint: string | null) => QueryKey; debounceMs: number; staleMs: number }): Quote {
  const http = useHttp();
  const asked = useDebounced(fingerprint, options.debounceMs);
  const query = useQuery({
    queryKey: options.key(asked),
    queryFn: ({ signal }) => http.post<QuoteResponse>('/api/orders/quote', JSON.parse(asked!) as unknown, { signal }),
    enabled: asked !== null,
    retry: false,
    staleTime: options.staleMs,
    placeholderData: keepPreviousData,
  });
  if (fingerprint === null) return { data: undefined, error: null, current: false, loading: false };
  const settled = asked === fingerprint && !query.isPlaceholderData;
  return {
    data: query.data,
    error: settled ? query.error : null,
    current: settled && query.isSuccess,
    loading: !settled || query.isFetching,
  };
}
