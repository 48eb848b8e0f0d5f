import { ORDER_STATUSES, type OrderStatusCode } from '@gp/common';

/** The orders list's filters and page, as the link `/orders?status=2&productCode=TWB01&page=3` holds them. */
export interface OrdersFilter {
  page: number;
  status: OrderStatusCode | null;
  productCode: string | null;
}

const isStatus = (value: number): value is OrderStatusCode => (ORDER_STATUSES as readonly number[]).includes(value);

/** Reads a filter from the query string; anything unusable is left out rather than sent to the server. */
export function parseOrdersSearch(params: URLSearchParams): OrdersFilter {
  const page = Number(params.get('page'));
  const status = params.get('status');
  const productCode = params.get('productCode')?.trim().toUpperCase() ?? '';
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    status: status !== null && status !== '' && isStatus(Number(status)) ? (Number(status) as OrderStatusCode) : null,
    productCode: /^[A-Z]{3}\d{2}$/.test(productCode) ? productCode : null,
  };
}

/** The query string of a filter, without the defaults, so the plain list stays `/orders`. */
export function ordersSearch(filter: OrdersFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status !== null) params.set('status', String(filter.status));
  if (filter.productCode) params.set('productCode', filter.productCode);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** A filter change starts again from page 1: page 4 of all orders is meaningless for one status. */
export function withFilter(filter: OrdersFilter, change: Partial<Pick<OrdersFilter, 'status' | 'productCode'>>): OrdersFilter {
  return { ...filter, ...change, page: 1 };
}

/** `GET /api/orders` for one page of a filter. */
export function ordersApiPath(filter: OrdersFilter, pageSize: number): string {
  const params = ordersSearch(filter);
  params.set('page', String(filter.page));
  params.set('pageSize', String(pageSize));
  return `/api/orders?${params}`;
}
