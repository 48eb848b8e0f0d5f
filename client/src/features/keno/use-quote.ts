import type { KenoOrderBody, QuoteResponse } from '@gp/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useHttp } from '../../shared/api/services.tsx';
import { kenoKeys } from './keno-queries.ts';
import { bodyFingerprint } from './order-attempt.ts';

const QUOTE_DEBOUNCE_MS = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface Quote {
  /** The latest answer; it may be for an earlier version of the ticket while `current` is false. */
  data: QuoteResponse | undefined;
  error: unknown;
  /** `data` prices exactly the ticket on screen, so the member may confirm it. */
  current: boolean;
  loading: boolean;
}

/**
 * `POST /api/orders/quote` for a complete ticket, asked ~250 ms after the member stops changing
 * it. The same ticket is never asked twice within the query's freshness.
 */
export function useQuote(body: KenoOrderBody | null): Quote {
  const http = useHttp();
  const fingerprint = body ? bodyFingerprint(body) : null;
  const asked = useDebounced(fingerprint, QUOTE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: kenoKeys.quote(asked),
    queryFn: ({ signal }) => http.post<QuoteResponse>('/api/orders/quote', JSON.parse(asked!) as KenoOrderBody, { signal }),
    enabled: asked !== null,
    retry: false,
    staleTime: 15_000,
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
