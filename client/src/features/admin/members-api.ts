import type { DepositView, LedgerEntry, LimitsView, OrderWire, Paged, PlayStateView, WalletDebtView } from '@gp/common';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConsole } from './staff-session.ts';

/** A member as the back office lists them (GET /api/admin/members, and the head of the member page). */
export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: string;
  lockedAt: string | null;
  createdAt: string | null;
}

/** GET /api/admin/members/:id: the whole member page in one answer; `ledger` pages with `ledgerPage`. */
export interface MemberDetail {
  member: MemberRow;
  balance: number;
  trialBalance: number;
  debt: WalletDebtView;
  ledger: Paged<LedgerEntry>;
  orders: Paged<OrderWire>;
  deposits: Paged<DepositView>;
  /** Issue 32: the age check, the break or exclusion in force, limits, the history of breaks and of limits (a supervisor may lower limits). */
  responsiblePlay: {
    state: PlayStateView;
    limits: LimitsView;
    breaks: Array<{ kind: string; period: string | null; startsAt: string | null; endsAt: string | null }>;
    limitChanges: Array<{ kind: string; period: string; from: number | null; to: number | null; change: string; requestedAt: string | null; effectiveAt: string | null; staff: string | null; reason: string | null }>;
  };
}

/** GET /api/admin/deposits?state=held: a deposit the provider reported another amount or currency for. */
export interface HeldDeposit extends DepositView {
  userId: string;
  merchantRef: string;
  providerTxnId: string | null;
  problem: { reason?: string; reported?: { amount: number; currency: string } } | null;
}

/** GET /api/admin/debts: one open debt (a refunded deposit whose points were spent). */
export interface DebtRow {
  id: string;
  userId: string;
  name: string;
  email: string;
  amount: number;
  remaining: number;
  refType: string;
  refId: string;
  createdAt: string | null;
}

export const membersKey = ['admin', 'members'] as const;

export function useMemberSearch(q: string) {
  const { http } = useConsole();
  return useQuery({
    queryKey: [...membersKey, 'search', q],
    queryFn: ({ signal }) => http.get<{ items: MemberRow[] }>(`/api/admin/members?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.trim().length > 0,
  });
}

export function useMember(id: string, ledgerPage: number) {
  const { http } = useConsole();
  return useQuery({
    queryKey: [...membersKey, id, ledgerPage],
    queryFn: ({ signal }) => http.get<MemberDetail>(`/api/admin/members/${encodeURIComponent(id)}?ledgerPage=${ledgerPage}`, { signal }),
    // Paging the ledger keeps the page on screen instead of flashing "loading".
    placeholderData: keepPreviousData,
  });
}

export function useHeldDeposits() {
  const { http } = useConsole();
  return useQuery({ queryKey: ['admin', 'deposits', 'held'], queryFn: ({ signal }) => http.get<{ items: HeldDeposit[] }>('/api/admin/deposits?state=held', { signal }) });
}

export function useDebts() {
  const { http } = useConsole();
  return useQuery({ queryKey: ['admin', 'debts'], queryFn: ({ signal }) => http.get<{ items: DebtRow[] }>('/api/admin/debts', { signal }) });
}

/** After an action: the member pages, the held deposits and the debts are read again. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'deposits'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'debts'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'adjustments'] }),
    ]);
}
