import type { LedgerEntry, Paged } from '@gp/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';

export const LEDGER_PAGE_SIZE = 10;

/** One page of the member's points history, newest first (GET /api/wallet/ledger). */
export function useLedger(page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.ledger(page, LEDGER_PAGE_SIZE),
    queryFn: () => http.get<Paged<LedgerEntry>>(`/api/wallet/ledger?page=${page}&pageSize=${LEDGER_PAGE_SIZE}`),
    // Keep the current rows on screen while the next page loads, instead of a jumping table.
    placeholderData: keepPreviousData,
  });
}
