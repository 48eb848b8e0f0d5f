import type { DrawWire, Paged } from '@gp/common';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useHttp } from '../../shared/api/services.tsx';
import { useChannel, useSocketEvent } from '../../shared/realtime/use-channel.ts';

export const RESULTS_PAGE_SIZE = 20;

const resultsKey = (code: string) => ['results', code] as const;

/** One page of a product's drawn issues, newest first (GET /api/results/:code). */
export function useResults(code: string, page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: [...resultsKey(code), page] as const,
    queryFn: ({ signal }) => http.get<Paged<DrawWire>>(`/api/results/${encodeURIComponent(code)}?page=${page}&pageSize=${RESULTS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Keeps a product's results live: subscribed to `draws:<code>`, every published draw of this
 * product refetches the results, and so does every (re)subscription, which covers draws missed
 * while disconnected. `onDraw` hears of each new issue (for the page's announcement).
 */
export function useLiveResults(code: string, onDraw?: (issue: string) => void) {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: resultsKey(code) }), [queryClient, code]);
  useChannel(`draws:${code}`, refetch);
  useSocketEvent('draw', (payload) => {
    if (payload.productCode !== code) return;
    refetch();
    onDraw?.(payload.issue);
  });
}
