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

/**
 * `bank_transfer`: prizes won, to the member's bank account. `stripe_refund`: deposited points not
 * yet played, back to the Stripe payment they came from (a refund of it), never anywhere else.
 */
export const WITHDRAWAL_METHODS = ['bank_transfer', 'stripe_refund'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];
/** `returned`: a bank transfer marked paid that the bank sent back; its points came back to the member. */
export const WITHDRAWAL_STATES = ['requested', 'approved', 'paid', 'rejected', 'cancelled', 'returned'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** The largest withdrawal the schema accepts (10,000,000 GP); the configured maximum is usually far lower. */
const MAX_WITHDRAWAL = 1_000_000_000;

export const withdrawalBody = z
  .object({
    amount: z.number({ error: 'required' }).int({ error: 'invalid' }).positive({ error: 'invalid' }).max(MAX_WITHDRAWAL, { error: 'invalid' }),
    method: z.enum(WITHDRAWAL_METHODS, { error: 'invalid' }),
    /** A refund's deposit (`terms.refundable[].depositId`); only a refund names one. */
    depositId: z.string({ error: 'invalid' }).regex(/^[1-9]\d{0,17}$/, { error: 'invalid' }).optional(),
  })
  .refine((b) => (b.method === 'stripe_refund') === (b.depositId !== undefined), { error: 'invalid', path: ['depositId'] });
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
  /** Deposits whose points, not yet played, may go back to their own Stripe payment (`stripe_refund`), newest first; no fee. */
  refundable: RefundableDeposit[];
  kyc: KycState;
}

export interface RefundableDeposit {
  depositId: string;
  /** The deposit's own method (card, wechat_pay, alipay): where the refund goes. */
  method: string;
  /** GP hundredths of it not yet played. */
  points: number;
  /** What refunding all of `points` gives back, in the minor units of `currency` (the deposit's). */
  payout: number;
  currency: string;
  /** The whole deposit: its points and what was paid for them (minor units of `currency`). A refund of `n` points gives back `floor(n × depositAmount / depositPoints)`. */
  depositPoints: number;
  depositAmount: number;
  paidAt: string | null;
}

export interface Withdrawal {
  id: string;
  method: WithdrawalMethod;
  /** A refund's deposit; null for a bank transfer. */
  depositId: string | null;
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
  /** The bank-transfer batch it was exported in (null: not exported yet). */
  batchId: string | null;
  /** The anti-money-laundering rules the request matched (empty: none); approving needs `acknowledgeFlags`. */
  amlFlags: AmlFlag[];
  amlAcknowledgedBy: string | null;
  /** A bank return recorded by one supervisor and awaiting a second (four eyes): who recorded it, and the bank's reference for it. */
  returnFirstBy: string | null;
  returnReference: string | null;
}

/** The anti-money-laundering rules a withdrawal request is checked against (docs/withdrawals.md). */
export const AML_RULES = ['little_play', 'small_deposits', 'bank_changed'] as const;
export type AmlRule = (typeof AML_RULES)[number];

/** One rule a request matched, with the figures that made it match (GP hundredths, counts, days). */
export interface AmlFlag {
  rule: AmlRule;
  detail: Record<string, number | string>;
}

/** A recorded export of the bank-transfer batch file: each withdrawal is in at most one. */
export interface WithdrawalBatch {
  id: string;
  createdBy: string;
  createdByName: string;
  createdAt: string;
  count: number;
  /** GP hundredths the batch's withdrawals held, and what the bank pays in minor units of `currency`. */
  totalPoints: number;
  totalPayout: number;
  currency: string;
  paidReference: string | null;
  paidAt: string | null;
}

export const withdrawalsQuery = z.object({ state: z.enum(WITHDRAWAL_STATES, { error: 'invalid' }).default('requested') });
export const withdrawalRejectBody = z.object({ reason: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(500, { error: 'invalid' }) });
export const withdrawalPaidBody = z.object({ reference: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'invalid' }) });
/** `batchId` re-downloads a recorded batch (the same bytes); without it, the approved withdrawals not yet in a batch become a new one. */
export const withdrawalBatchQuery = z.object({
  format: z.enum(['csv'], { error: 'invalid' }).default('csv'),
  batchId: z.string({ error: 'invalid' }).trim().regex(/^[1-9]\d{0,17}$/, { error: 'invalid' }).optional(),
});
/** A paid bank transfer the bank sent back: the bank's reference for the return, and why (the member reads it). */
export const withdrawalReturnedBody = z.object({
  reference: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'invalid' }),
  reason: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(500, { error: 'invalid' }),
});
/** Approving a flagged withdrawal: the approver says they read its flags. */
export const withdrawalApproveBody = z.object({ acknowledgeFlags: z.boolean({ error: 'invalid' }).optional() }).optional();
