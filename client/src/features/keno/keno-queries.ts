import type { OrderWire, ProductDetail } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';

/**
 * The keno screen's query keys. An order sits under `queryKeys.orders`, so the realtime bridge's
 * invalidation on every `order` event (and the header's "update points and orders") reaches it.
 */
export const kenoKeys = {
  product: (code: string) => ['keno', 'product', code] as const,
  quote: (fingerprint: string | null) => ['keno', 'quote', fingerprint] as const,
  order: (id: string) => [...queryKeys.orders, 'detail', id] as const,
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

/** Whether an order still has something to wait for: its purchase, its draw or its settlement. */
export function orderUnsettled(order: OrderWire): boolean {
  return order.status !== 9 && order.settledAt === null;
}

/** How often to re-read an unsettled order when no event arrives (events are hints; this is the safety net). */
const ORDER_SAFETY_NET_MS = 15_000;

/** `GET /api/orders/:id`, refreshed by `order` events (see OrderStatus) and, slowly, while unsettled. */
export function useOrder(id: string) {
  const http = useHttp();
  return useQuery({
    queryKey: kenoKeys.order(id),
    queryFn: ({ signal }) => http.get<{ order: OrderWire }>(`/api/orders/${encodeURIComponent(id)}`, { signal }).then((r) => r.order),
    refetchInterval: (query) => (query.state.data && orderUnsettled(query.state.data) ? ORDER_SAFETY_NET_MS : false),
  });
}
