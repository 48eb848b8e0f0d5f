import { z } from 'zod';

/**
 * Winnings out (issue 33): identity checks (KYC) and withdrawals. Amounts are GP hundredths;
 * payouts are the payout currency's minor units. docs/withdrawals.md tells the flow.
 */

export const KYC_STATES = ['none', 'pending', 'approved', 'rejected', 'more_needed'] as const;
export type KycState = (typeof KYC_STATES)[number];

/**
 * The text fields of `POST /api/me/kyc` (multipart/form-data, beside the `document` and `selfie`
 * files): the bank account, in the member's own name. Taiwanese bank codes are 3 digits (the bank),
 * optionally followed by the 4-digit branch; account numbers are digits (10 to 16 at the banks we
 * know of: the bound here is looser on purpose, the finance team checks the rest).
 */
export const kycBody = z.object({
  accountName: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(70, { error: 'invalid' }),
  accountNumber: z.string({ error: 'required' }).trim().regex(/^\d{6,20}$/, { error: 'invalid' }),
  bankCode: z.string({ error: 'required' }).trim().regex(/^\d{3}(\d{4})?$/, { error: 'invalid' }),
});
export type KycBody = z.infer<typeof kycBody>;

/** The member's identity check, as they see it (`GET /api/me/kyc`). The account number shows only its last four digits. */
export interface KycStatus {
  state: KycState;
  /** Why it was rejected, or what else is needed (staff's words). */
  reason: string | null;
  submissionId: string | null;
  bankCode: string | null;
  accountName: string | null;
  accountLast4: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
}

export const KYC_DECISIONS = ['approve', 'reject', 'more_needed'] as const;
export const kycDecisionBody = z
  .object({
    decision: z.enum(KYC_DECISIONS, { error: 'invalid' }),
    reason: z.string().trim().max(500, { error: 'invalid' }).optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason?.length ?? 0) > 0, { error: 'required', path: ['reason'] });
export type KycDecisionBody = z.infer<typeof kycDecisionBody>;

export const kycQueueQuery = z.object({ state: z.enum(['pending', 'approved', 'rejected', 'more_needed'], { error: 'invalid' }).default('pending') });

/** One submission for staff (`GET /api/admin/kyc`): files by URL, never by storage key. */
export interface KycReviewItem {
  id: string;
  userId: string;
  memberEmail: string;
  /** The date of birth the member gave: the reviewer checks the document shows the same (approving verifies the age). */
  birthDate: string | null;
  ageVerified: boolean;
  state: Exclude<KycState, 'none'>;
  accountName: string;
  accountNumber: string;
  bankCode: string;
  reason: string | null;
  documentUrl: string;
  selfieUrl: string;
  submittedAt: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

export const WITHDRAWAL_METHODS = ['bank_transfer'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];
export const WITHDRAWAL_STATES = ['requested', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** The largest withdrawal the schema accepts (10,000,000 GP); the configured maximum is usually far lower. */
const MAX_WITHDRAWAL = 1_000_000_000;

export const withdrawalBody = z.object({
  amount: z.number({ error: 'required' }).int({ error: 'invalid' }).positive({ error: 'invalid' }).max(MAX_WITHDRAWAL, { error: 'invalid' }),
  method: z.enum(WITHDRAWAL_METHODS, { error: 'invalid' }),
});
export type WithdrawalBody = z.infer<typeof withdrawalBody>;

/** The settings and figures a member sees before confirming (`GET /api/withdrawals`): nothing is a surprise afterwards. */
export interface WithdrawalTerms {
  minimum: number;
  maximum: number;
  /** The most a member may have requested in a rolling day (24 hours), and what is left of it now. */
  dailyLimit: number;
  dailyLeft: number;
  /** A flat fee in GP hundredths, taken from the amount. */
  fee: number;
  currency: string;
  /** GP hundredths per minor unit of `currency`, as `numerator/denominator` (the published rate). */
  rate: { numerator: number; denominator: number };
  /** Real points won as prizes and not yet withdrawn (what a bank transfer may take), within the real balance. */
  withdrawable: number;
  kyc: KycState;
}

export interface Withdrawal {
  id: string;
  method: WithdrawalMethod;
  state: WithdrawalState;
  amount: number;
  fee: number;
  /** What the member receives, in the minor units of `currency`. */
  payout: number;
  currency: string;
  accountLast4: string;
  reason: string | null;
  paidReference: string | null;
  /** A large one waits for a second approver after the first. */
  awaitingSecondApproval: boolean;
  createdAt: string;
  approvedAt: string | null;
  paidAt: string | null;
  closedAt: string | null;
}

/** A withdrawal for staff: with the member and the whole account. */
export interface AdminWithdrawal extends Withdrawal {
  userId: string;
  memberEmail: string;
  accountName: string;
  accountNumber: string;
  bankCode: string;
  firstApprovedBy: string | null;
  approvedBy: string | null;
  paidBy: string | null;
}

export const withdrawalsQuery = z.object({ state: z.enum(WITHDRAWAL_STATES, { error: 'invalid' }).default('requested') });
export const withdrawalRejectBody = z.object({ reason: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(500, { error: 'invalid' }) });
export const withdrawalPaidBody = z.object({ reference: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'invalid' }) });
export const withdrawalBatchQuery = z.object({ format: z.enum(['csv'], { error: 'invalid' }).default('csv') });
