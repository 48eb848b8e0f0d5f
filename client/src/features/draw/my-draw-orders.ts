import type { DrawOrderWire, OrderWire, Paged } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { isLoggedInAtom } from '../../shared/session/session-atoms.ts';

/** The latest orders looked at for highlighting (a page of the orders list; older draws fall off). */
const MY_ORDERS_PAGE = 100;

/**
 * The signed-in member's orders of one draw product, by draw issue, to highlight their lines on
 * the results (`GET /api/orders?productCode=`). Under `queryKeys.orders`, so `order` events refresh it.
 * A visitor has none (and asks nothing).
 */
export function useMyDrawOrders(code: string): ReadonlyMap<string, DrawOrderWire[]> {
  const http = useHttp();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const query = useQuery({
    queryKey: [...queryKeys.orders, 'draw', code] as const,
    queryFn: ({ signal }) => http.get<Paged<OrderWire>>(`/api/orders?productCode=${encodeURIComponent(code)}&pageSize=${MY_ORDERS_PAGE}`, { signal }),
    enabled: loggedIn,
    staleTime: 30_000,
  });
  const byIssue = new Map<string, DrawOrderWire[]>();
  for (const order of query.data?.items ?? []) {
    if (order.playType !== 'draw') continue;
    byIssue.set(order.issue, [...(byIssue.get(order.issue) ?? []), order]);
  }
  return byIssue;
}
