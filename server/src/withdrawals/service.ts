import type { AdminWithdrawal, Withdrawal, WithdrawalBody, WithdrawalState, WithdrawalTerms } from '@gp/common';
import type { Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, ROLLING_DAY_MS, selfApprovedMoney, type StaffActor } from '../staff/service.ts';
import { balanceMessage, walletService } from '../wallet/service.ts';
import { batchFile, type BatchColumn } from './batch-file.ts';
import { kycRepo } from './kyc-repo.ts';
import { presentForStaff, presentWithdrawal } from './present.ts';
import { withdrawalsRepo } from './repo.ts';
import { checkLimits, payoutOf } from './terms.ts';

export { createKycService, type KycFile, type KycService } from './kyc.ts';

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

/** The hold and the return of one withdrawal: two causes, each posts once (the ledger's unique cause index). */
const holdOf = (userId: number, id: number, amount: number) => ({ userId, account: 'real' as const, kind: 'withdrawal' as const, refType: 'withdrawal', refId: id, amount });
const returnOf = (userId: number, id: number, amount: number) => ({ userId, account: 'real' as const, kind: 'withdrawal' as const, refType: 'withdrawal-return', refId: id, amount });

/**
 * Withdrawals of real points won as prizes (issue 33 item 2; docs/withdrawals.md). A request holds
 * its points at once (a ledger posting in the request's transaction) and walks requested → approved
 * → paid, or → rejected / cancelled, which returns what it held. Every step is a conditional update
 * on the state it leaves, so each happens once however many clicks race; the return posts under
 * its own cause, once. Staff never act on their own account; a large one, or one past the
 * approver's rolling-day bound, needs a second approver.
 */
export function createWithdrawalService(platform: Pick<Platform, 'db' | 'now' | 'config' | 'outbox'>) {
  const { db, now, config, outbox } = platform;

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
  async function close(id: number, to: 'rejected' | 'cancelled', from: WithdrawalState[], by: number, reason: string | null, actor?: StaffActor) {
    const row = await db.transaction().execute(async (trx) => {
      const closed = moved(await withdrawalsRepo.close(trx, id, to, from, by, reason, now()));
      const userId = closed.user_id;
      await walletService.credit(trx, returnOf(userId, id, closed.amount));
      await pushBalance(trx, userId);
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
        const { fee, payout, rate } = checkLimits(config, body.amount, requested);
        if ((await withdrawalsRepo.winningsLeft(trx, userId)) < body.amount) throw new AppError('winnings_insufficient');
        if ((await walletService.debts(trx, userId)).outstanding > 0) throw new AppError('wallet_debt');
        const row = await withdrawalsRepo.insert(trx, {
          userId,
          method: body.method,
          amount: body.amount,
          fee,
          payout,
          currency: config.WITHDRAWAL_CURRENCY,
          rate: `${rate.numerator}/${rate.denominator}`,
          kycId: account.id,
          accountName: account.account_name,
          accountNumber: account.account_number,
          bankCode: account.bank_code,
          at,
        });
        await walletService.debit(trx, holdOf(userId, row.id, body.amount));
        await pushBalance(trx, userId);
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
     * the approver's rolling-day bound (ADJUSTMENT_APPROVAL_POINTS, with adjustments and PIN batches);
     * otherwise this approval is the first of two and another staff member's makes it `approved`.
     */
    async approve(actor: StaffActor, id: number): Promise<AdminWithdrawal> {
      const found = await staffRow(actor, id);
      if (found.state !== 'requested') throw new AppError('withdrawal_state');
      if (found.first_approved_by !== null && found.first_approved_by === actor.id) throw new AppError('approval_required');
      await db.transaction().execute(async (trx) => {
        const at = now();
        const byApprover = await selfApprovedMoney(trx, actor.id, at);
        let step: 'first' | 'second' | 'alone';
        if (found.first_approved_by !== null) {
          step = 'second';
          moved(await withdrawalsRepo.approve(trx, id, actor.id, at, found.first_approved_by));
        } else if (found.amount > config.WITHDRAWAL_FOUR_EYES_POINTS || byApprover + found.amount > config.ADJUSTMENT_APPROVAL_POINTS) {
          step = 'first';
          moved(await withdrawalsRepo.firstApproval(trx, id, actor.id, at));
        } else {
          step = 'alone';
          moved(await withdrawalsRepo.approve(trx, id, actor.id, at, null));
        }
        await recordAudit(trx, actor, { action: step === 'first' ? 'withdrawal.first_approval' : 'withdrawal.approved', targetType: 'withdrawal', targetId: id, after: { step, amount: found.amount, userId: found.user_id, rollingDay: byApprover } }, at);
      });
      return presentForStaff((await withdrawalsRepo.find(db, id))!);
    },

    /** Rejects a requested or approved (not yet paid) withdrawal with a reason; its points come back. */
    async reject(actor: StaffActor, id: number, reason: string): Promise<AdminWithdrawal> {
      await staffRow(actor, id);
      await close(id, 'rejected', ['requested', 'approved'], actor.id, reason, actor);
      return presentForStaff((await withdrawalsRepo.find(db, id))!);
    },

    /** Marks an approved withdrawal paid with the bank's or provider's reference. */
    async markPaid(actor: StaffActor, id: number, reference: string): Promise<AdminWithdrawal> {
      await staffRow(actor, id);
      await db.transaction().execute(async (trx) => {
        const row = moved(await withdrawalsRepo.markPaid(trx, id, actor.id, reference, now()));
        await recordAudit(trx, actor, { action: 'withdrawal.paid', targetType: 'withdrawal', targetId: id, after: { reference, amount: row.amount, payout: row.payout, currency: row.currency } }, now());
      });
      return presentForStaff((await withdrawalsRepo.find(db, id))!);
    },

    /** The approved bank transfers as the finance team's batch file (CSV). Reading it changes nothing. */
    async batch() {
      const rows = (await withdrawalsRepo.inState(db, 'approved', 1000, 'bank_transfer')).map(presentForStaff);
      const columns = config.WITHDRAWAL_BATCH_COLUMNS.split(',') as BatchColumn[];
      return { count: rows.length, csv: batchFile(rows, columns, config.WITHDRAWAL_BATCH_HEADER) };
    },

    /** Per day: GP hundredths held, paid out and returned (for the daily reconciliation; see repo.ts). */
    dailyTotals(from: Date, to: Date, timeZone = 'UTC') {
      return withdrawalsRepo.dailyTotals(db, from, to, timeZone);
    },
  };
}
