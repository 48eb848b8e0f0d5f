import type { KenoOrderBody } from '@gp/common';
import { useDebouncedQuote, type Quote } from '../../shared/orders/use-debounced-quote.ts';
import { kenoKeys } from './keno-queries.ts';
import { bodyFingerprint } from './order-attempt.ts';

export type { Quote } from '../../shared/orders/use-debounced-quote.ts';

/**
 * `POST /api/orders/quote` for a complete ticket, asked ~250 ms after the member stops changing
 * it. The same ticket is never asked twice within the query's freshness.
 */
export function useQuote(body: KenoOrderBody | null): Quote {
  return useDebouncedQuote(body ? bodyFingerprint(body) : null, { key: kenoKeys.quote, debounceMs: 250, staleMs: 15_000 });
}
