import type { OrderWire, Paged } from '@gp/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { orderKey } from '../../shared/orders/order-query.ts';
import { ordersApiPath, type OrdersFilter } from './orders-search.ts';

export const ORDERS_PAGE_SIZE = 10;

// Under queryKeys.orders, so the header's update button and every `order` socket event refresh them.
const listKey = (filter: OrdersFilter) => [...queryKeys.orders, 'list', filter.status, filter.productCode, filter.page] as const;

/** One page of the member's orders, newest first (GET /api/orders). */
export function useOrders(filter: OrdersFilter) {
  const http = useHttp();
  return useQuery({
    queryKey: listKey(filter),
    queryFn: ({ signal }) => http.get<Paged<OrderWire>>(ordersApiPath(filter, ORDERS_PAGE_SIZE), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its status history (GET /api/orders/:id), fetched when its row is opened. */
export function useOrder(id: string) {
  const http = useHttp();
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => http.get<{ order: OrderWire }>(`/api/orders/${encodeURIComponent(id)}`, { signal }).then((body) => body.order),
  });
}
