import type { ProductDetail, ProductSummary } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../api/services.tsx';

// Rules change only when an operator edits them: no need to refetch on every visit.
const PRODUCT_STALE_MS = 5 * 60_000;

/**
 * The keno-style products on sale with their rules (GET /api/products). The same list also holds
 * the draw lotteries (family `draw`, no `rules`; see shared/draw/draw-summaries.ts), which are
 * left out here so every reader of `rules` gets one.
 */
export function useProducts() {
  const http = useHttp();
  return useQuery({
    queryKey: ['products'] as const,
    queryFn: ({ signal }) => http.get<ProductSummary[]>('/api/products', { signal }),
    select: (list: ProductSummary[]) => list.filter((product) => typeof product.rules === 'object' && product.rules !== null),
    staleTime: PRODUCT_STALE_MS,
  });
}

/** One product with its prize table and caps (GET /api/products/:code). */
export function useProduct(code: string) {
  const http = useHttp();
  return useQuery({
    queryKey: ['products', code] as const,
    queryFn: ({ signal }) => http.get<ProductDetail>(`/api/products/${encodeURIComponent(code)}`, { signal }),
    staleTime: PRODUCT_STALE_MS,
  });
}
