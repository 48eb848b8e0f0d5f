import type { DrawProductSummary } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../api/services.tsx';

const isDrawSummary = (item: unknown): item is DrawProductSummary =>
  typeof item === 'object' && item !== null && 'family' in item && item.family === 'draw' && 'availability' in item;

/**
 * The draw lotteries of `GET /api/products` (family `draw`), each with its on-sale state, next
 * draw and jackpot. Same query as the product list (one request serves both).
 */
export function useDrawSummaries() {
  const http = useHttp();
  return useQuery({
    queryKey: ['products'] as const,
    queryFn: ({ signal }) => http.get<unknown[]>('/api/products', { signal }),
    select: (list: unknown[]) => list.filter(isDrawSummary),
    staleTime: 5 * 60_000,
  });
}
