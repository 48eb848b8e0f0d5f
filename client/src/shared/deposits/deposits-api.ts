import type { DepositBody, DepositOptions, DepositView, Paged, WalletDebtView } from '@gp/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '../api/idempotency-key.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useHttp } from '../api/services.tsx';

/** Under `wallet`, so the header's "update points" refresh (which invalidates the wallet) reloads them too. */
export const depositKeys = {
  all: [...queryKeys.wallet, 'deposits'] as const,
  options: [...queryKeys.wallet, 'deposits', 'options'] as const,
  one: (id: string) => [...queryKeys.wallet, 'deposits', 'one', id] as const,
  page: (page: number, pageSize: number) => [...queryKeys.wallet, 'deposits', 'page', page, pageSize] as const,
  debt: [...queryKeys.wallet, 'deposits', 'debt'] as const,
};

export const isOpen = (deposit: Pick<DepositView, 'state'>) => deposit.state === 'created' || deposit.state === 'pending';

/** Rates, limits, presets and the methods this site takes (GET /api/deposits/options). */
export function useDepositOptions() {
  const http = useHttp();
  return useQuery({ queryKey: depositKeys.options, queryFn: () => http.get<DepositOptions>('/api/deposits/options') });
}

/**
 * One deposit. While it is open it is read again every few seconds: the provider's notification
 * reaches the server, not this tab (the header balance moves by its own push).
 */
export function useDeposit(id: string | null) {
  const http = useHttp();
  return useQuery({
    queryKey: depositKeys.one(id ?? ''),
    queryFn: () => http.get<DepositView>(`/api/deposits/${id}`),
    enabled: Boolean(id && /^\d+$/.test(id)),
    refetchInterval: (query) => (query.state.data && isOpen(query.state.data) ? 2_000 : false),
  });
}

export function useCreateDeposit() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    // One key per attempt: a network retry of this request opens one deposit, not two.
    mutationFn: ({ body, key }: { body: DepositBody; key: string }) => http.post<{ deposit: DepositView }>('/api/deposits', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: ({ deposit }) => {
      queryClient.setQueryData(depositKeys.one(deposit.id), deposit);
      void queryClient.invalidateQueries({ queryKey: depositKeys.options });
    },
  });
}

export const newDepositKey = newIdempotencyKey;

export function useDeposits(page: number, pageSize = 10) {
  const http = useHttp();
  return useQuery({
    queryKey: depositKeys.page(page, pageSize),
    queryFn: () => http.get<Paged<DepositView>>(`/api/deposits?page=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
  });
}

export function useWalletDebt() {
  const http = useHttp();
  return useQuery({ queryKey: depositKeys.debt, queryFn: () => http.get<WalletDebtView>('/api/deposits/debt') });
}

export function useSettleDebt() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<WalletDebtView>('/api/deposits/debt/settle'),
    onSuccess: (debt) => {
      queryClient.setQueryData(depositKeys.debt, debt);
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
