import type { ProductDetail } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../shared/api/services.tsx';

/** The keno screen's query keys (an order it follows is under shared `orderKey`). */
export const kenoKeys = {
  product: (code: string) => ['keno', 'product', code] as const,
  quote: (fingerprint: string | null) => ['keno', 'quote', fingerprint] as const,
};

/** `GET /api/products/:code`: rules, prize table, side bets, super number, multiplier, each with its provenance. */
export function useKenoProduct(code: string) {
  const http = useHttp();
  return useQuery({
    queryKey: kenoKeys.product(code),
    queryFn: ({ signal }) => http.get<ProductDetail>(`/api/products/${encodeURIComponent(code)}`, { signal }),
    staleTime: 5 * 60_000,
  });
}
