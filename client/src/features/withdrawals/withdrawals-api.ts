import type { KycStatus, RefundableDeposit, Withdrawal, WithdrawalTerms } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../shared/api/services.tsx';

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  kyc: ['withdrawals', 'kyc'] as const,
  list: ['withdrawals', 'list'] as const,
};

export function useKyc() {
  const http = useHttp();
  return useQuery({ queryKey: withdrawalKeys.kyc, queryFn: () => http.get<KycStatus>('/api/me/kyc') });
}

export function useWithdrawals() {
  const http = useHttp();
  return useQuery({ queryKey: withdrawalKeys.list, queryFn: () => http.get<{ terms: WithdrawalTerms; items: Withdrawal[] }>('/api/withdrawals') });
}

/**
 * What a withdrawal of `amount` GP hundredths pays, as the server computes it (withdrawals/terms.ts):
 * the fee off first, the rest at the published rate, rounded down to whole units of the currency.
 */
export function quoteOf(terms: WithdrawalTerms, amount: number) {
  const net = amount - terms.fee;
  if (net <= 0 || terms.rate.numerator === 0) return 0;
  const perUnit = terms.currency === 'JPY' || terms.currency === 'KRW' ? 1 : 100;
  const minor = Math.floor((net * terms.rate.denominator) / terms.rate.numerator);
  return minor - (minor % perUnit);
}

/** What a refund of `amount` points of a deposit gives back, as the server computes it (withdrawals/refunds.ts): its share of what was paid, rounded down; no fee. */
export const refundQuoteOf = (deposit: Pick<RefundableDeposit, 'depositAmount' | 'depositPoints'>, amount: number) =>
  deposit.depositPoints > 0 ? Math.floor((amount * deposit.depositAmount) / deposit.depositPoints) : 0;
