import type { FootballOrderBody } from '@gp/common';
import { useDebouncedQuote, type Quote } from '../../shared/orders/use-debounced-quote.ts';
import { footballKeys } from './football-queries.ts';
import { footballFingerprint } from './order-fingerprint.ts';

/**
 * `POST /api/orders/quote` for the slip, asked ~300 ms after the member stops changing it (the
 * common rules preview the figures meanwhile). Prices are part of the body, so a moved price the
 * member accepts is quoted afresh.
 */
export function useFootballQuote(body: FootballOrderBody | null): Quote {
  return useDebouncedQuote(body ? footballFingerprint(body) : null, { key: footballKeys.quote, debounceMs: 300, staleMs: 10_000 });
}
