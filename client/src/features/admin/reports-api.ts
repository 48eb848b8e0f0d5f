import type { AdminOrderDetail, AdminOrdersPage, DailyReport, Reconciliation } from '@gp/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConsole } from './staff-session.ts';

/** The order search's filters, exactly as the address bar and GET /api/admin/orders spell them. */
export const ORDER_FILTERS = ['productCode', 'drawId', 'eventId', 'status', 'from', 'to', 'memberId', 'q'] as const;

/** GET /api/admin/orders with the address bar's filters (and the page's `before`). */
export function useOrderSearch(search: string) {
  const { http } = useConsole();
  return useQuery({
    queryKey: ['admin', 'orders', search],
    queryFn: ({ signal }) => http.get<AdminOrdersPage>(`/api/admin/orders${search ? `?${search}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: string) {
  const { http } = useConsole();
  return useQuery({ queryKey: ['admin', 'order', id], queryFn: ({ signal }) => http.get<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`, { signal }) });
}

export function useDailyReport(from: string, to: string) {
  const { http } = useConsole();
  return useQuery({
    queryKey: ['admin', 'reports', 'daily', from, to],
    queryFn: ({ signal }) => http.get<DailyReport>(`/api/admin/reports/daily?from=${from}&to=${to}`, { signal }),
    enabled: Boolean(from && to),
  });
}

export function useReconciliation(date: string) {
  const { http } = useConsole();
  return useQuery({
    queryKey: ['admin', 'reports', 'reconciliation', date],
    queryFn: ({ signal }) => http.get<Reconciliation>(`/api/admin/reports/reconciliation?date=${date}`, { signal }),
    enabled: Boolean(date),
  });
}
