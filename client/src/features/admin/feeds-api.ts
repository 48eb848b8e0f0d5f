import type { AdminDrawsResponse, DrawFigureEntryResponse, DrawFigureTarget, ResultFeedsResponse } from '@gp/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConsole } from './staff-session.ts';

/** How often the feeds and draws screens read again: feeds poll every minute server-side, so half that is live enough. */
export const REFRESH_MS = 30_000;

export const FEEDS_KEY = ['admin', 'result-feeds'] as const;
export const DRAWS_KEY = ['admin', 'draws'] as const;

/** GET /api/admin/result-feeds, read again every REFRESH_MS (and on focus). */
export function useResultFeeds(refresh = true) {
  const { http } = useConsole();
  return useQuery({
    queryKey: FEEDS_KEY,
    queryFn: ({ signal }) => http.get<ResultFeedsResponse>('/api/admin/result-feeds', { signal }),
    ...(refresh ? { refetchInterval: REFRESH_MS } : {}),
  });
}

/** GET /api/admin/draws: one page of draws, of one product when given. */
export function useAdminDraws(productCode: string, page: number) {
  const { http } = useConsole();
  const query = new URLSearchParams({ page: String(page), ...(productCode ? { productCode } : {}) });
  return useQuery({
    queryKey: [...DRAWS_KEY, productCode, page],
    queryFn: ({ signal }) => http.get<AdminDrawsResponse>(`/api/admin/draws?${query.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** The feeds screen's two actions: confirm a single source's reading, resolve a conflict (supervisors). */
export function useFeedActions() {
  const { http } = useConsole();
  return {
    confirm: (targetType: string, targetId: string, source: string) => http.post<{ state: 'published' }>('/api/admin/result-feeds/confirm', { targetType, targetId, source }),
    resolve: (conflictId: string, note: string) => http.post<{ released: boolean }>(`/api/admin/result-feeds/conflicts/${encodeURIComponent(conflictId)}/resolve`, { note }),
  };
}

/** One staff member's entry of a lottery draw's pool amounts or a coming draw's jackpot (four eyes). */
export function useDrawFigureEntry() {
  const { http } = useConsole();
  return (kind: DrawFigureTarget, productCode: string, drawId: string, body: { divisions: Array<{ division: number; amount?: number; winners?: number }> } | { amount: number }) =>
    http.post<DrawFigureEntryResponse>(`/api/admin/draw-products/${encodeURIComponent(productCode)}/draws/${encodeURIComponent(drawId)}/${kind === 'lottery_prizes' ? 'prizes' : 'jackpot'}`, body);
}
