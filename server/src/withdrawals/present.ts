import type { AdminWithdrawal, AmlFlag, Withdrawal } from '@gp/common';
import type { withdrawalsRepo } from './repo.ts';

type Row = Awaited<ReturnType<typeof withdrawalsRepo.ofMember>>[number];
const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);

/** A withdrawal as its member sees it: the account by its last four digits. */
export function presentWithdrawal(row: Row): Withdrawal {
  return {
    id: String(row.id),
    method: row.method,
    depositId: row.deposit_id === null ? null : String(row.deposit_id),
    state: row.state,
    amount: row.amount,
    fee: row.fee,
    payout: row.payout,
    currency: row.currency,
    accountLast4: row.account_number.slice(-4),
    // A bank return waiting for its second supervisor is not the member's news yet: they read why once it is confirmed.
    reason: row.state === 'paid' ? null : row.reason,
    paidReference: row.paid_reference,
    awaitingSecondApproval: row.state === 'requested' && row.first_approved_by !== null,
    createdAt: new Date(row.created_at).toISOString(),
    approvedAt: iso(row.approved_at),
    paidAt: iso(row.paid_at),
    closedAt: iso(row.closed_at),
  };
}

export function presentForStaff(row: Row & { email: string }): AdminWithdrawal {
  return {
    ...presentWithdrawal(row),
    reason: row.reason,
    userId: String(row.user_id),
    memberEmail: row.email,
    accountName: row.account_name,
    accountNumber: row.account_number,
    bankCode: row.bank_code,
    firstApprovedBy: row.first_approved_by === null ? null : String(row.first_approved_by),
    approvedBy: row.approved_by === null ? null : String(row.approved_by),
    paidBy: row.paid_by === null ? null : String(row.paid_by),
    batchId: row.batch_id === null ? null : String(row.batch_id),
    amlFlags: Array.isArray(row.aml_flags) ? (row.aml_flags as AmlFlag[]) : [],
    amlAcknowledgedBy: row.aml_acknowledged_by === null ? null : String(row.aml_acknowledged_by),
    returnFirstBy: row.return_first_by === null ? null : String(row.return_first_by),
    returnReference: row.return_reference,
  };
}
