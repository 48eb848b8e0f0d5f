import type { Claim } from '@gp/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../shared/api/services.tsx';
import { useSocketEvent } from '../../shared/realtime/use-channel.ts';

export const claimKeys = {
  all: ['claims'] as const,
  list: ['claims', 'list'] as const,
  one: (id: string) => ['claims', 'one', id] as const,
};

/**
 * Every step staff record writes the member an inbox message, and the `inbox` push tells the open
 * page: it reads its claims again then, and whenever the window comes back into focus.
 */
function useClaimRefresh() {
  const queryClient = useQueryClient();
  useSocketEvent('inbox', () => {
    void queryClient.invalidateQueries({ queryKey: claimKeys.all });
  });
}

export function useClaims() {
  const http = useHttp();
  useClaimRefresh();
  return useQuery({ queryKey: claimKeys.list, queryFn: () => http.get<{ items: Claim[] }>('/api/claims'), staleTime: 0, refetchOnWindowFocus: 'always' });
}

export function useClaim(id: string) {
  const http = useHttp();
  useClaimRefresh();
  return useQuery({
    queryKey: claimKeys.one(id),
    queryFn: () => http.get<Claim>(`/api/claims/${encodeURIComponent(id)}`),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}
