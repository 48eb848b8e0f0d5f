import type { AdminWithdrawal, Withdrawal, WithdrawalBody, WithdrawalState, WithdrawalTerms } from '@gp/common';
import type { Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import { readId } from '../platform/ids.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, ROLLING_DAY_MS, selfApprovedMoney, type StaffActor } from '../staff/service.ts';
import { balanceMessage, walletService } from '../wallet/service.ts';
import { amlFlagsOf } from './aml.ts';
import { bankReturns } from './bank-returns.ts';
import { holdOf, returnOf } from './causes.ts';
import { createBatchOperations } from './batches.ts';
import { kycRepo } from './kyc-repo.ts';
import { withdrawalMessages } from './messages.ts';
import { presentForStaff, presentWithdrawal } from './present.ts';
import { withdrawalsRepo } from './repo.ts';
import { refundPayments } from './refund-payments.ts';
import { admitRefund, refundableDeposits } from './refunds.ts';
import { checkLimits, payoutOf } from './terms.ts';
import type { PaymentProvider } from '../payments/service.ts';

export { createKycService, scheduleKycFileDeletion, type KycFile, type KycService } from './kyc.ts';

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

/**
 * Withdrawals of real points won as prizes (issue 33 item 2; docs/withdrawals.md). A request holds
 * its points at once (a ledger posting in the request's transaction) and walks requested → approved
 * → paid, or → rejected / cancelled, which returns what it held. Every step is a conditional update
 * on the state it leaves, so each happens once however many clicks race; the return posts under
 * its own cause, once. Staff never act on their own account; a large one, or one past the
 * approver's rolling-day bound, needs a second approver.
 */
export function createWithdrawalService(platform: Pick<Platform, 'db' | 'now' | 'config' | 'outbox' | 'logger'>, deps: { stripe: () => PaymentProvider | undefined }) {
  const { db, now, config, outbox } = platform;
  const tell = withdrawalMessages(platform);
  const batches = createBatchOperations(platform, (trx, row) => tell(trx, row, ['paid']));
  const recordReturn = bankReturns(platform, tell);
  // Declared before `close` is: it is only called later, when close exists.
  const refunds = refundPayments(platform, deps.stripe, (id, to, from, by, reason, actor) => close(id, to, from, by, reason, actor), tell);

  async function pushBalance(trx: Tx, userId: number) {
    const at = now();
    await outbox.write(trx, [outbox.event(balanceMessage(userId, await walletService.balances(trx, userId), at), at)]);
  }

  async function staffRow(actor: StaffActor, id: number) {
    const row = await withdrawalsRepo.find(db, id);
    if (!row) throw new AppError('withdrawal_not_found');
    if (row.user_id === actor.id) throw new AppError('own_account');
    return row;
  }

  const moved = <T>(row: T | undefined): T => {
    if (!row) throw new AppError('withdrawal_state');
    return row;
  };

  /** Closes a withdrawal (rejected by staff, cancelled by its member) and returns what it held, in one transaction. */
  async function close(id: number, to: 'rejected' | 'cancelled', from: WithdrawalState[], by: number | null, reason: string | null, actor?: StaffActor | null) {
    const row = await db.transaction().execute(async (trx) => {
      const closed = moved(await withdrawalsRepo.close(trx, id, to, from, by, reason, now()));
      const userId = closed.user_id;
      await walletService.credit(trx, returnOf(userId, id, closed.amount));
      await pushBalance(trx, userId);
      await tell(trx, closed, [to, 'returned']);
      if (actor) await recordAudit(trx, actor, { action: `withdrawal.${to}`, targetType: 'withdrawal', targetId: id, after: { state: to, amount: closed.amount, userId, reason } }, now());
      return closed;
    });
    outbox.kick();
    return row;
  }

  return {
    async terms(userId: number): Promise<WithdrawalTerms> {
      const at = now();
      const [requested, winnings, balances, kyc] = await Promise.all([
        withdrawalsRepo.requestedSince(db, userId, new Date(at.getTime() - ROLLING_DAY_MS)),
        withdrawalsRepo.winningsLeft(db, userId),
        walletService.balances(db, userId),
        kycRepo.latest(db, userId),
      ]);
      const { rate } = payoutOf(config, config.WITHDRAWAL_MIN_POINTS);
      return {
        minimum: config.WITHDRAWAL_MIN_POINTS,
        maximum: config.WITHDRAWAL_MAX_POINTS,
        dailyLimit: config.WITHDRAWAL_DAILY_MAX_POINTS,
        dailyLeft: Math.max(0, config.WITHDRAWAL_DAILY_MAX_POINTS - requested),
        fee: config.WITHDRAWAL_FEE_POINTS,
        currency: config.WITHDRAWAL_CURRENCY,
        rate: { numerator: rate.numerator, denominator: rate.denominator },
        withdrawable: Math.max(0, Math.min(balances.balance, winnings)),
        refundable: deps.stripe() ? await refundableDeposits(db, userId, balances.balance, winnings) : [],
        kyc: kyc?.state ?? 'none',
      };
    },

    async list(userId: number): Promise<Withdrawal[]> {
      return (await withdrawalsRepo.ofMember(db, userId, 100)).map(presentWithdrawal);
    },

    /**
     * Holds `amount` real points for a withdrawal, once per Idempotency-Key (a replay answers the same
     * withdrawal). Refused, with nothing held: without an approved identity check (`kyc_required`),
     * outside the limits (`withdrawal_limit`), beyond the prizes won and not yet withdrawn
     * (`winnings_insufficient`), while points are owed (`wallet_debt`), beyond the balance
     * (`insufficient_points`, from the conditional debit itself).
     */
    async request(userId: number, body: WithdrawalBody, key: string): Promise<Withdrawal> {
      const { body: answer } = await runIdempotent<Withdrawal>(db, { userId, scope: 'withdrawal', key, body }, async (trx) => {
        const account = await kycRepo.latest(trx, userId);
        if (account?.state !== 'approved') throw new AppError('kyc_required');
        const at = now();
        await withdrawalsRepo.lockMember(trx, userId);
        const requested = await withdrawalsRepo.requestedSince(trx, userId, new Date(at.getTime() - ROLLING_DAY_MS));
        const quoted = checkLimits(config, body.amount, requested);
        const winnings = await withdrawalsRepo.winningsLeft(trx, userId);
        if ((await walletService.debts(trx, userId)).outstanding > 0) throw new AppError('wallet_debt');
        let paid: { fee: number; payout: number; currency: string; rate: string } = { fee: quoted.fee, payout: quoted.payout, currency: config.WITHDRAWAL_CURRENCY, rate: `${quoted.rate.numerator}/${quoted.rate.denominator}` };
        const depositId = body.method === 'stripe_refund' ? readId(body.depositId, 'depositId') : undefined;
        if (depositId !== undefined) {
          // Deposited points not yet played, back to their own Stripe payment: no fee, the deposit's currency.
          if (!deps.stripe()) throw new AppError('refund_unavailable');
          const { balance } = await walletService.balances(trx, userId);
          const deposit = await admitRefund(trx, userId, depositId, body.amount, balance, winnings);
          paid = { fee: 0, payout: deposit.payout, currency: deposit.currency, rate: `${deposit.points}/${deposit.amount}` };
          if (paid.payout <= 0) throw new AppError('withdrawal_limit', { details: { minimum: config.WITHDRAWAL_MIN_POINTS } });
        } else if (winnings < body.amount) {
          throw new AppError('winnings_insufficient');
        }
        // Points going back to the card they came from are the safe way out of a deposit (refund to source):
        // the AML rules watch money leaving for a bank account, not a refund of unplayed points.
        const flags = depositId === undefined ? await amlFlagsOf(trx, config, userId, body.amount, at) : [];
        const row = await withdrawalsRepo.insert(trx, {
          userId,
          method: body.method,
          ...(depositId !== undefined ? { depositId } : {}),
          amount: body.amount,
          ...paid,
          kycId: account.id,
          accountName: account.account_name,
          accountNumber: account.account_number,
          bankCode: account.bank_code,
          amlFlags: flags.length ? flags : null,
          at,
        });
        await walletService.debit(trx, holdOf(userId, row.id, body.amount));
        await pushBalance(trx, userId);
        await tell(trx, row, ['requested']);
        return { status: 201, body: presentWithdrawal(row) };
      });
      outbox.kick();
      return answer;
    },

    /** The member cancels their own request while it is still `requested`; its points come back. */
    async cancel(userId: number, id: number): Promise<Withdrawal> {
      const row = await withdrawalsRepo.find(db, id);
      if (!row || row.user_id !== userId) throw new AppError('withdrawal_not_found');
      return presentWithdrawal(await close(id, 'cancelled', ['requested'], userId, null));
    },

    async adminList(state: WithdrawalState): Promise<AdminWithdrawal[]> {
      return (await withdrawalsRepo.inState(db, state, 200)).map(presentForStaff);
    },

    /**
     * Approves a requested withdrawal. Alone when it is at most WITHDRAWAL_FOUR_EYES_POINTS and within
     * the approver's rolling-day bound (ADJUSTMENT_APPROVAL_POINTS, with adjustments and PIN batches),
     * and not flagged; otherwise this approval is the first of two and another staff member's makes it
     * `approved`. A flagged one (aml.ts) is approved only by staff who acknowledge its flags
     * (`aml_acknowledgement_required` otherwise), and always by two.
     */
    async approve(actor: StaffActor, id: number, acknowledgeFlags = false): Promise<AdminWithdrawal> {
      const found = await staffRow(actor, id);
      if (found.state !== 'requested') throw new AppError('withdrawal_state');
      if (found.first_approved_by !== null && found.first_approved_by === actor.id) throw new AppError('approval_required');
      const flagged = Array.isArray(found.aml_flags) && found.aml_flags.length > 0;
      if (flagged && !acknowledgeFlags) throw new AppError('aml_acknowledgement_required');
      await db.transaction().execute(async (trx) => {
        const at = now();
        const byApprover = await selfApprovedMoney(trx, actor.id, at);
        let step: 'first' | 'second' | 'alone';
        if (found.first_approved_by !== null) {
          step = 'second';
          await tell(trx, moved(await withdrawalsRepo.approve(trx, id, actor.id, at, found.first_approved_by, flagged)), ['approved']);
        } else if (flagged || found.amount > config.WITHDRAWAL_FOUR_EYES_POINTS || byApprover + found.amount > config.ADJUSTMENT_APPROVAL_POINTS) {
          step = 'first';
          moved(await withdrawalsRepo.firstApproval(trx, id, actor.id, at, flagged));
        } else {
          step = 'alone';
          await tell(trx, moved(await withdrawalsRepo.approve(trx, id, actor.id, at, null, false)), ['approved']);
        }
        const amlFlags = flagged ? (found.aml_flags as Array<{ rule: string }>).map((f) => f.rule) : [];
        await recordAudit(trx, actor, { action: step === 'first' ? 'withdrawal.first_approval' : 'withdrawal.approved', targetType: 'withdrawal', targetId: id, after: { step, amount: found.amount, userId: found.user_id, rollingDay: byApprover, amlFlags } }, at);
      });
      outbox.kick();
      return presentForStaff((await withdrawalsRepo.find(db, id))!);
    },

    /** Rejects a requested or approved (not yet paid, nor exported in a bank batch) withdrawal with a reason; its points come back. */
    async reject(actor: StaffActor, id: number, reason: string): Promise<AdminWithdrawal> {
      const found = await staffRow(actor, id);
      if (found.batch_id !== null && found.state === 'approved') throw new AppError('withdrawal_in_batch');
      await close(id, 'rejected', ['requested', 'approved'], actor.id, reason, actor);
      return presentForStaff((await withdrawalsRepo.find(db, id))!);
    },

    /** Marks an approved bank transfer paid with the bank's reference (a refund is paid by `sendRefund`, with Stripe's). */
    async markPaid(actor: StaffActor, id: number, reference: string): Promise<AdminWithdrawal> {
      if ((await staffRow(actor, id)).method !== 'bank_transfer') throw new AppError('withdrawal_state');
      await db.transaction().execute(async (trx) => {
        const row = moved(await withdrawalsRepo.markPaid(trx, id, actor.id, reference, now()));
        await tell(trx, row, ['paid']);
        await recordAudit(trx, actor, { action: 'withdrawal.paid', targetType: 'withdrawal', targetId: id, after: { reference, amount: row.amount, payout: row.payout, currency: row.currency } }, now());
      });
      outbox.kick();
      return presentForStaff((await withdrawalsRepo.find(db, id))!);
    },

    /** Pays an approved `stripe_refund` withdrawal by its Stripe refund (refund-payments.ts). */
    sendRefund: (actor: StaffActor, id: number) => refunds.send(actor, id),
    /** The refund reconciler's pass (the `refund-settle` job): settles refunds Stripe left pending, by lookup only. */
    settlePendingRefunds: () => refunds.settlePending(),
    /** Stripe's `charge.refund.updated` for one of our refunds: that withdrawal settled now, by lookup (refund-payments.ts). */
    settleRefundByReference: (reference: string) => refunds.settleByReference(reference),

    /** A paid bank transfer the bank sent back (bank-returns.ts): returned, its points credited back once; four eyes past the bound. */
    recordReturn,

    /** Bank-transfer batches (batches.ts): export a new one, download one again, list them, mark one paid. */
    exportBatch: (actor: StaffActor) => batches.exportNew(actor),
    batchFile: (batchId: number) => batches.download(batchId),
    batches: () => batches.list(),
    async markBatchPaid(actor: StaffActor, batchId: number, reference: string) {
      const batch = await batches.markPaid(actor, batchId, reference);
      outbox.kick();
      return batch;
    },

    /** Requested withdrawals that matched an AML rule: the order queue's `aml_flag` items (back-office-sources.ts). */
    async flaggedAwaitingApproval(): Promise<AdminWithdrawal[]> {
      return (await withdrawalsRepo.flaggedRequested(db, 500)).map(presentForStaff);
    },

    /** Per day: GP hundredths held, paid out and returned (for the daily reconciliation; see repo.ts). */
    dailyTotals(from: Date, to: Date, timeZone = 'UTC') {
      return withdrawalsRepo.dailyTotals(db, from, to, timeZone);
    },
  };
}
