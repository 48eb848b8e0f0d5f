import type { FootballOrderBody, QuoteResponse } from '@gp/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useHttp } from '../../shared/api/services.tsx';
import type { Quote } from '../keno/use-quote.ts';
import { footballKeys } from './football-queries.ts';
import { footballFingerprint } from './order-fingerprint.ts';

const QUOTE_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * `POST /api/orders/quote` for the slip, asked ~300 ms after the member stops changing it (the
 * common rules preview the figures meanwhile). Prices are part of the body, so a moved price the
 * member accepts is quoted afresh.
 */
export function useFootballQuote(body: FootballOrderBody | null): Quote {
  const http = useHttp();
  const fingerprint = body ? footballFingerprint(body) : null;
  const asked = useDebounced(fingerprint, QUOTE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: footballKeys.quote(asked),
    queryFn: ({ signal }) => http.post<QuoteResponse>('/api/orders/quote', JSON.parse(asked!) as FootballOrderBody, { signal }),
    enabled: asked !== null,
    retry: false,
    staleTime: 10_000,
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
