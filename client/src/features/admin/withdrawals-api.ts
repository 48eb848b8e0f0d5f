import type { AdminWithdrawal, KycReviewItem, WithdrawalState } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useConsole } from './staff-session.ts';

export const WITHDRAWALS_KEY = ['admin', 'withdrawals'] as const;

export function useKycQueue() {
  const { http } = useConsole();
  return useQuery({ queryKey: [...WITHDRAWALS_KEY, 'kyc'], queryFn: () => http.get<{ items: KycReviewItem[] }>('/api/admin/kyc?state=pending') });
}

export function useAdminWithdrawals(state: WithdrawalState) {
  const { http } = useConsole();
  return useQuery({ queryKey: [...WITHDRAWALS_KEY, 'list', state], queryFn: () => http.get<{ items: AdminWithdrawal[] }>(`/api/admin/withdrawals?state=${state}`) });
}
