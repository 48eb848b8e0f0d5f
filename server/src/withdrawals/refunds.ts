import type { RefundableDeposit } from '@gp/common';
import type { Executor, Tx } from '../db/database.ts';
import type { PaymentProvider, RefundOutcome } from '../payments/service.ts';
import { AppError } from '../platform/errors.ts';
import { withdrawalsRepo } from './repo.ts';

/**
 * The refund rail (issue 33 item 2; docs/withdrawals.md "Stripe refund"): deposited points not yet
 * played go back to the payment they came from, as a refund of it — never to another method.
 *
 * Which points are "not yet played": the real balance, less the prizes a bank transfer may still
 * take, is what the member deposited and did not spend. Play is counted against the oldest points
 * first, so that sum belongs to the newest paid deposits (of any provider), newest first; of those,
 * the Stripe ones may be refunded, each at most its own points less what earlier refunds of it took.
 */
export async function refundableDeposits(db: Executor, userId: number, balance: number, winningsLeft: number): Promise<RefundableDeposit[]> {
  return (await unplayedStripeDeposits(db, userId, balance, winningsLeft)).map((deposit) => ({ ...deposit, depositId: String(deposit.depositId) }));
}

/** `refundableDeposits` as the server reads it (numeric deposit ids). */
async function unplayedStripeDeposits(db: Executor, userId: number, balance: number, winningsLeft: number) {
  let unplayed = Math.max(0, balance - Math.max(0, winningsLeft));
  const out: (Omit<RefundableDeposit, 'depositId'> & { depositId: number })[] = [];
  for (const deposit of await withdrawalsRepo.paidDepositsNewestFirst(db, userId)) {
    if (unplayed <= 0) break;
    const own = Math.max(0, deposit.points - Number(deposit.refunded ?? 0));
    const points = Math.min(own, unplayed);
    unplayed -= points;
    // Only a Stripe payment can take part of itself back, and only one the back office is not refunding whole.
    if (deposit.provider !== 'stripe' || !deposit.provider_txn_id || deposit.refund_requested_at !== null || points <= 0) continue;
    out.push({
      depositId: deposit.id,
      method: deposit.method,
      points,
      payout: refundPayout(deposit, points),
      currency: deposit.currency,
      depositPoints: deposit.points,
      depositAmount: deposit.amount,
      paidAt: deposit.paid_at ? new Date(deposit.paid_at).toISOString() : null,
    });
  }
  return out;
}

/**
 * What `points` of a deposit give back, in its currency's minor units: its share of what the member
 * paid, rounded down (all of its points give back exactly what was paid).
 */
export const refundPayout = (deposit: { amount: number; points: number }, points: number) => Math.floor((points * deposit.amount) / deposit.points);

/**
 * Checks, under the deposit's lock (taken here, for the rest of `trx`), that `amount` points of
 * deposit `depositId` may go back to it; answers the deposit. `refund_unavailable` otherwise:
 * another member's deposit, not a paid Stripe one, being refunded by the back office, or more than
 * its points not yet played.
 */
export async function admitRefund(trx: Tx, userId: number, depositId: number, amount: number, balance: number, winningsLeft: number) {
  const deposit = await withdrawalsRepo.deposit(trx, depositId, true);
  if (!deposit || deposit.user_id !== userId) throw new AppError('refund_unavailable');
  const offered = (await unplayedStripeDeposits(trx, userId, balance, winningsLeft)).find((d) => d.depositId === depositId);
  if (!offered || amount > offered.points) throw new AppError('refund_unavailable', { details: { refundable: offered?.points ?? 0 } });
  return { ...deposit, payout: refundPayout(deposit, amount) };
}

/** The idempotency key of one withdrawal's refund, and the metadata Stripe keeps with it: stable for the withdrawal's life. */
export const refundReference = (withdrawalId: number) => `gp-withdrawal-refund-${withdrawalId}`;

/** The withdrawal a refund reference names (`refundReference`'s inverse); null for anything else. */
export function withdrawalOfRefund(reference: string): number | null {
  const match = /^gp-withdrawal-refund-([1-9]\d{0,15})$/.exec(reference);
  return match ? Number(match[1]) : null;
}

/**
 * Asks the provider for one withdrawal's refund: first what became of any earlier attempt under the
 * same reference (`lookup`), and only when there was none, a refund under that reference as its
 * idempotency key. Throws when the answer is unknown (the caller keeps the withdrawal approved).
 */
export async function sendRefund(provider: PaymentProvider, paymentTxnId: string, amount: number, reference: string): Promise<RefundOutcome> {
  if (!provider.refundPart || !provider.lookupRefund) return { outcome: 'refused', reason: 'provider_cannot_refund' };
  const earlier = await provider.lookupRefund(paymentTxnId, reference);
  return earlier ?? provider.refundPart({ providerTxnId: paymentTxnId, amount, reference });
}
