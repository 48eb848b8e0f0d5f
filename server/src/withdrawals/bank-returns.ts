import type { AdminWithdrawal } from '@gp/common';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, selfApprovedMoney, type StaffActor } from '../staff/service.ts';
import { balanceMessage, walletService } from '../wallet/service.ts';
import { returnOf } from './causes.ts';
import type { WithdrawalStep } from './messages.ts';
import { presentForStaff } from './present.ts';
import { withdrawalsRepo } from './repo.ts';
import type { Tx } from '../db/database.ts';

type Row = NonNullable<Awaited<ReturnType<typeof withdrawalsRepo.markReturned>>>;

/**
 * A bank transfer the bank sent back after it was marked paid (docs/withdrawals.md "A transfer the
 * bank returns"): a supervisor records it with the bank's reference and why, the withdrawal becomes
 * `returned` and its held points come back to the member under the `withdrawal-return` cause — the
 * same one a rejection posts, so the ledger's unique cause index lets a withdrawal's points come back
 * once, whichever way. Money moved by staff: alone only within the supervisor's rolling-day bound
 * (ADJUSTMENT_APPROVAL_POINTS, with their adjustments, PIN batches and lone approvals); past it, the
 * first supervisor's record waits for a second one, who confirms it. Never on one's own account.
 */
export function bankReturns(platform: Pick<Platform, 'db' | 'now' | 'config' | 'outbox'>, tell: (trx: Tx, row: Row, steps: readonly WithdrawalStep[]) => Promise<void>) {
  const { db, now, config, outbox } = platform;

  return async function recordReturn(actor: StaffActor, id: number, reference: string, reason: string): Promise<AdminWithdrawal> {
    const found = await withdrawalsRepo.find(db, id);
    if (!found) throw new AppError('withdrawal_not_found');
    if (found.user_id === actor.id) throw new AppError('own_account');
    if (found.method !== 'bank_transfer' || (found.state !== 'paid' && found.state !== 'returned')) throw new AppError('withdrawal_not_returnable');
    if (found.state === 'returned') throw new AppError('withdrawal_state');
    if (found.return_first_by === actor.id) throw new AppError('approval_required');
    await db.transaction().execute(async (trx) => {
      const at = now();
      const alone = await selfApprovedMoney(trx, actor.id, at);
      const after = { reference, reason, amount: found.amount, userId: found.user_id, rollingDay: alone };
      if (found.return_first_by === null && alone + found.amount > config.ADJUSTMENT_APPROVAL_POINTS) {
        if (!(await withdrawalsRepo.firstReturn(trx, id, actor.id, at, reference, reason))) throw new AppError('withdrawal_state');
        await recordAudit(trx, actor, { action: 'withdrawal.return_recorded', targetType: 'withdrawal', targetId: id, before: { state: 'paid' }, after: { ...after, step: 'first' } }, at);
        return;
      }
      const row = await withdrawalsRepo.markReturned(trx, id, actor.id, at, reference, reason, found.return_first_by);
      if (!row) throw new AppError('withdrawal_state');
      await walletService.credit(trx, returnOf(row.user_id, id, row.amount));
      await outbox.write(trx, [outbox.event(balanceMessage(row.user_id, await walletService.balances(trx, row.user_id), at), at)]);
      await tell(trx, row, ['bank_returned']);
      const step = found.return_first_by === null ? 'alone' : 'second';
      await recordAudit(trx, actor, { action: 'withdrawal.returned', targetType: 'withdrawal', targetId: id, before: { state: 'paid', paidReference: row.paid_reference }, after: { ...after, state: 'returned', step } }, at);
    });
    outbox.kick();
    return presentForStaff((await withdrawalsRepo.find(db, id))!);
  };
}
