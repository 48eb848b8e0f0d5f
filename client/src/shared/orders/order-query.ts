import type { OrderWire } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import { useHttp } from '../api/services.tsx';

/** One order's query key: under `queryKeys.orders`, so every `order` socket event and the header's "update points and orders" refresh it. */
export const orderKey = (id: string) => [...queryKeys.orders, 'detail', id] as const;

/** Whether an order still has something to wait for: its purchase, its draw or its settlement. */
export function orderUnsettled(order: OrderWire): boolean {
  return order.status !== 9 && order.settledAt === null;
}

/** How often to re-read an unsettled order when no event arrives (events are hints; this is the safety net). */
const ORDER_SAFETY_NET_MS = 15_000;

/** `GET /api/orders/:id` of an order being followed after purchase: refreshed by `order` events and, slowly, while unsettled. */
export function useFollowedOrder(id: string) {
  const http = useHttp();
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => http.get<{ order: OrderWire }>(`/api/orders/${encodeURIComponent(id)}`, { signal }).then((r) => r.order),
    refetchInterval: (query) => (query.state.data && orderUnsettled(query.state.data) ? ORDER_SAFETY_NET_MS : false),
  });
}
