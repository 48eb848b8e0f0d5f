import type { Tx } from '../db/database.ts';
import { writeInboxMessages } from '../inbox/service.ts';
import type { Platform } from '../platform/platform.ts';

/** The steps of a withdrawal the member is told about in their inbox (one message each). */
export type WithdrawalStep = 'requested' | 'approved' | 'paid' | 'rejected' | 'cancelled' | 'returned' | 'bank_returned';

interface Subject {
  id: number;
  /** A refund to the deposit's payment is told as one (`rail`), not as a bank transfer. */
  method?: 'bank_transfer' | 'stripe_refund';
  user_id: number;
  amount: number;
  payout: number;
  currency: string;
  paid_reference?: string | null;
  reason?: string | null;
}

/**
 * Tells the member a step of their withdrawal (issue 33; the inbox's `withdrawal` kind), in the
 * transaction that makes the step: the message row, the unread push and an email if they asked for
 * one go through the outbox with it. The cause names the withdrawal and the step, so a step written
 * twice is one message.
 */
export function withdrawalMessages(platform: Pick<Platform, 'outbox' | 'now' | 'config'>) {
  return (trx: Tx, row: Subject, steps: readonly WithdrawalStep[]) =>
    writeInboxMessages(
      platform,
      trx,
      steps.map((step) => ({
        userId: row.user_id,
        kind: 'withdrawal',
        cause: `withdrawal-${row.id}-${step}`,
        params: {
          withdrawalId: String(row.id),
          step,
          amount: row.amount,
          payout: row.payout,
          currency: row.currency,
          ...(row.method === 'stripe_refund' ? { rail: 'stripe_refund' } : {}),
          ...(step === 'paid' ? { reference: row.paid_reference ?? '' } : {}),
          ...(step === 'rejected' || step === 'bank_returned' ? { reason: row.reason ?? '' } : {}),
        },
        link: '/withdrawals',
      })),
    );
}
