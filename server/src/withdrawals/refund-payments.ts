import type { AdminWithdrawal, WithdrawalState } from '@gp/common';
import type { Tx } from '../db/database.ts';
import type { PaymentProvider, RefundOutcome } from '../payments/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import type { WithdrawalStep } from './messages.ts';
import { presentForStaff } from './present.ts';
import { refundReference, sendRefund, withdrawalOfRefund } from './refunds.ts';
import { withdrawalsRepo } from './repo.ts';

/** A refund claimed this long ago without an answer (the process died mid-call) may be asked about again. */
const REFUND_CLAIM_MS = 10 * 60_000;
/** Most refunds one settling pass looks up (the next pass takes the rest). */
const SETTLE_BATCH = 100;

type Tell = (trx: Tx, row: NonNullable<Awaited<ReturnType<typeof withdrawalsRepo.markPaid>>>, steps: readonly WithdrawalStep[]) => Promise<void>;
type Close = (id: number, to: 'rejected', from: WithdrawalState[], by: number | null, reason: string, actor: StaffActor | null) => Promise<unknown>;

/**
 * Paying `stripe_refund` withdrawals (docs/withdrawals.md "Stripe refund"): staff send one (`send`),
 * and a reconciler (`settlePending`, the `refund-settle` job) settles those Stripe left `pending` or
 * whose answer was lost — by looking the refund up under its reference, never by asking again. A
 * refund that succeeded marks the withdrawal paid with Stripe's refund id; one that failed rejects it
 * and returns the held points once (`close`, conditional on `approved`).
 */
export function refundPayments(platform: Pick<Platform, 'db' | 'now' | 'logger' | 'outbox'>, stripe: () => PaymentProvider | undefined, close: Close, tell: Tell) {
  const { db, now, logger, outbox } = platform;

  /** Applies Stripe's final answer to an approved refund withdrawal; false when there is none yet (pending, or nothing found). */
  async function apply(id: number, outcome: RefundOutcome | null, actor: StaffActor | null) {
    if (!outcome || outcome.outcome === 'pending') return false;
    if (outcome.outcome === 'succeeded') {
      await db.transaction().execute(async (trx) => {
        const row = await withdrawalsRepo.markPaid(trx, id, actor?.id ?? null, outcome.refundId, now());
        if (!row) throw new AppError('withdrawal_state');
        await tell(trx, row, ['paid']);
        await recordAudit(trx, actor, { action: 'withdrawal.paid', targetType: 'withdrawal', targetId: id, after: { reference: outcome.refundId, amount: row.amount, payout: row.payout, currency: row.currency, rail: 'stripe_refund', settledBy: actor ? 'staff' : 'reconciler' } }, now());
      });
      outbox.kick();
    } else if (outcome.outcome === 'failed' || outcome.outcome === 'refused') {
      await close(id, 'rejected', ['approved'], actor?.id ?? null, `refund_failed: ${outcome.reason}`, actor);
    }
    return true;
  }

  /** Claims one approved refund withdrawal that reached Stripe, looks its refund up and settles it when Stripe has; true when settled. */
  async function settleOne(provider: PaymentProvider, row: { id: number; deposit_id: number | null }, at: Date, stale: Date) {
    if (!provider.lookupRefund || !(await withdrawalsRepo.claimRefund(db, row.id, at, stale))) return false; // a click has it now
    try {
      const deposit = row.deposit_id === null ? undefined : await withdrawalsRepo.deposit(db, row.deposit_id);
      const outcome = deposit?.provider_txn_id ? await provider.lookupRefund(deposit.provider_txn_id, refundReference(row.id)) : null;
      if (await apply(row.id, outcome, null)) return true;
      await withdrawalsRepo.releaseRefundClaim(db, row.id);
    } catch (error) {
      logger.warn({ err: error, withdrawalId: row.id }, 'Stripe refund lookup failed; the next pass looks again');
      await withdrawalsRepo.releaseRefundClaim(db, row.id);
    }
    return false;
  }

  return {
    /**
     * Pays an approved `stripe_refund` withdrawal by refunding its deposit's Stripe payment: claimed
     * on the row first (one click reaches Stripe at a time; `refund_pending` for the others), then
     * `lookup` of any earlier attempt, then the refund under the withdrawal's stable reference.
     * Succeeded: paid, with Stripe's refund id. Failed or refused: rejected, and the held points come
     * back once. Unknown (a timeout) or still pending at Stripe: it stays approved, for the reconciler
     * (or the next click) to look up.
     */
    async send(actor: StaffActor, id: number): Promise<AdminWithdrawal> {
      const found = await withdrawalsRepo.find(db, id);
      if (!found) throw new AppError('withdrawal_not_found');
      if (found.user_id === actor.id) throw new AppError('own_account');
      if (found.method !== 'stripe_refund' || found.deposit_id === null) throw new AppError('withdrawal_state');
      const at = now();
      const claimed = await withdrawalsRepo.claimRefund(db, id, at, new Date(at.getTime() - REFUND_CLAIM_MS));
      if (!claimed) throw new AppError(found.state === 'approved' ? 'refund_pending' : 'withdrawal_state');
      const provider = stripe();
      const deposit = await withdrawalsRepo.deposit(db, found.deposit_id);
      let outcome: RefundOutcome;
      try {
        if (!provider) throw new Error('no Stripe provider in this deployment');
        // A deposit charged back or refunded whole since the request has nothing left to give back.
        if (deposit?.state === 'paid' && deposit.provider_txn_id) {
          await withdrawalsRepo.markRefundSent(db, id, at);
          outcome = await sendRefund(provider, deposit.provider_txn_id, found.payout, refundReference(id));
        } else {
          outcome = { outcome: 'refused', reason: 'deposit_not_paid' };
        }
      } catch (error) {
        logger.warn({ err: error, withdrawalId: id }, 'Stripe refund: no answer; it stays approved and is looked up before anything is asked again');
        await withdrawalsRepo.releaseRefundClaim(db, id);
        throw new AppError('payment_issue');
      }
      if (!(await apply(id, outcome, actor))) {
        await withdrawalsRepo.releaseRefundClaim(db, id);
        throw new AppError('refund_pending');
      }
      return presentForStaff((await withdrawalsRepo.find(db, id))!);
    },

    /**
     * The reconciler: every approved refund withdrawal that reached Stripe without a final answer
     * (Stripe said `pending`, or the answer was lost) is claimed as a click would claim it, looked up
     * under its reference, and settled when Stripe has settled it. Nothing is asked of Stripe but the
     * lookup, so a pass can never make a second refund. Answers how many were settled.
     */
    async settlePending() {
      const provider = stripe();
      if (!provider?.lookupRefund) return { looked: 0, settled: 0 };
      const at = now();
      const stale = new Date(at.getTime() - REFUND_CLAIM_MS);
      const rows = await withdrawalsRepo.refundsToSettle(db, stale, SETTLE_BATCH);
      let settled = 0;
      for (const row of rows) if (await settleOne(provider, row, at, stale)) settled += 1;
      return { looked: rows.length, settled };
    },

    /**
     * Stripe's `charge.refund.updated` for one of our refunds (its metadata reference): the same
     * lookup and settlement as the reconciler's, for that withdrawal only, now rather than at the next
     * pass. The event only says where to look; what is applied is what the lookup answers.
     */
    async settleByReference(reference: string) {
      const provider = stripe();
      const id = withdrawalOfRefund(reference);
      if (!provider || id === null) return false;
      const at = now();
      const row = (await withdrawalsRepo.refundsToSettle(db, new Date(at.getTime() - REFUND_CLAIM_MS), 1, id))[0];
      return row ? settleOne(provider, row, at, new Date(at.getTime() - REFUND_CLAIM_MS)) : false;
    },
  };
}
