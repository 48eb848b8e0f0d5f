import type { Adjustment, AdjustmentResponse, PendingAdjustment } from '@gp/common';
import { userExists } from '../auth/service.ts';
import { AppError } from '../platform/errors.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, ROLLING_DAY_MS, selfApprovedMoney, type StaffActor } from '../staff/service.ts';
import { publishBalance, walletService, type Balances } from '../wallet/service.ts';
import { adjustmentJob } from './jobs.ts';
import { adjustmentsRepo } from './repo.ts';

export { ADJUSTMENTS_QUEUE, adjustmentJobId, type AdjustmentJob } from './jobs.ts';
export { registerQueueSource, type QueueSource, type QueueSourceContext, type SourcedItem } from './queue-sources.ts';

export type AdjustmentOutcome =
  | { status: 'applied' | 'already_applied'; userId: number; balances: Balances }
  | { status: 'refused'; userId: number | null; reason: 'insufficient_points' }
  | { status: 'missing' };

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;

/**
 * Operator wallet adjustments. The api node validates, records the adjustment (status `queued`)
 * and queues it (`request`); a worker, possibly in another process, settles it (`apply`): posts to
 * the wallet and marks it `applied` in one transaction, or marks it `refused` when a debit would
 * overdraw; then pushes the new balance over the event bus.
 */
export function createAdjustmentService(platform: Pick<Platform, 'db' | 'outbox' | 'bus' | 'now' | 'config'>) {
  const { db, outbox, bus, now, config } = platform;

  return {
    /**
     * Records (and queues) an adjustment, or keeps it `pending_approval` until a supervisor other
     * than its author decides (`decide`): when, with it, its author would have moved more than
     * ADJUSTMENT_APPROVAL_POINTS on their own in the rolling day (adjustments and PIN batches
     * together), or the member would have been adjusted by more than that without a second person.
     * Nobody adjusts their own member account (`own_account`).
     */
    async request(operatorId: number, adjustment: Adjustment, key: string, actor?: StaffActor): Promise<AdjustmentResponse & { status?: 'queued' | 'pending_approval' }> {
      const scoped = { userId: operatorId, scope: 'adjustment', key, body: adjustment };
      const { body } = await runIdempotent<AdjustmentResponse>(db, scoped, async (trx) => {
        if (!(await userExists(trx, adjustment.userId))) {
          throw new AppError('validation_failed', { fields: { userId: 'invalid' } });
        }
        if (adjustment.userId === operatorId) throw new AppError('own_account');
        const at = now();
        // Locks in the one order every writer of staff money takes them: the author's, then the member's.
        const byAuthor = await selfApprovedMoney(trx, operatorId, at);
        await adjustmentsRepo.lockMember(trx, adjustment.userId);
        const toMember = await adjustmentsRepo.selfApprovedToMember(trx, adjustment.userId, new Date(at.getTime() - ROLLING_DAY_MS));
        const amount = Math.abs(adjustment.amount);
        const bound = config.ADJUSTMENT_APPROVAL_POINTS;
        const status = byAuthor + amount > bound || toMember + amount > bound ? ('pending_approval' as const) : ('queued' as const);
        const { id: adjustmentId } = await adjustmentsRepo.insert(trx, operatorId, adjustment, status, at);
        if (actor) await recordAudit(trx, actor, { action: 'adjustment.requested', targetType: 'user', targetId: adjustment.userId, after: { adjustmentId: String(adjustmentId), ...adjustment, userId: String(adjustment.userId), status, rollingDay: { byAuthor, toMember } } }, at);
        // The job is written with the adjustment (outbox): it is queued once this commits, whatever
        // Redis is doing. The fixed job id makes a second delivery a no-op, and settling is
        // conditional on `queued`, so a job that runs twice cannot post twice.
        if (status === 'queued') await outbox.write(trx, [adjustmentJob.effect({ adjustmentId })]);
        return { status: 202, body: { adjustmentId: String(adjustmentId), status } };
      });
      outbox.kick();
      return body;
    },

    /** A supervisor approves (queued for the worker, in the same transaction) or rejects a pending adjustment; never their own. */
    async decide(actor: StaffActor, adjustmentId: number, approve: boolean) {
      const found = await adjustmentsRepo.find(db, adjustmentId);
      if (!found) throw new AppError('not_found');
      if (found.operator_id === actor.id) throw new AppError('forbidden'); // four eyes: not one's own
      if (found.user_id === actor.id) throw new AppError('own_account'); // nor money for one's own member account
      const decided = await db.transaction().execute(async (trx) => {
        const row = await adjustmentsRepo.decide(trx, adjustmentId, approve ? 'queued' : 'rejected', actor.id, now());
        if (!row) return undefined;
        if (approve) await outbox.write(trx, [adjustmentJob.effect({ adjustmentId })]);
        await recordAudit(trx, actor, { action: approve ? 'adjustment.approved' : 'adjustment.rejected', targetType: 'adjustment', targetId: adjustmentId, before: { status: 'pending_approval' }, after: { status: approve ? 'queued' : 'rejected', amount: row.amount, userId: String(row.user_id) } }, now());
        return row;
      });
      if (!decided) throw new AppError('not_found'); // already decided, or never needed approval
      outbox.kick();
      return { adjustmentId: String(adjustmentId), status: approve ? 'queued' : 'rejected' };
    },

    /** Queues again the adjustments still `queued` `olderThanMs` after they were (the sweep, ./jobs.ts); how many. */
    async requeueLost(olderThanMs: number) {
      const lost = await adjustmentsRepo.queuedBefore(db, new Date(now().getTime() - olderThanMs), 500);
      if (!lost.length) return 0;
      await db.transaction().execute((trx) => outbox.write(trx, lost.map((row) => adjustmentJob.effect({ adjustmentId: row.id }))));
      outbox.kick();
      return lost.length;
    },

    async list(status?: string): Promise<PendingAdjustment[]> {
      return (await adjustmentsRepo.recent(db, status, 100)).map((r) => ({
        id: String(r.id),
        userId: String(r.user_id),
        memberEmail: r.email,
        operatorId: r.operator_id === null ? null : String(r.operator_id),
        account: r.account,
        amount: r.amount,
        reason: r.reason,
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    },

    async apply(adjustmentId: number): Promise<AdjustmentOutcome> {
      let applied: { userId: number; balances: Balances } | undefined;
      try {
        applied = await db.transaction().execute(async (trx) => {
          const row = await adjustmentsRepo.settle(trx, adjustmentId, 'applied', now());
          if (!row) return undefined;
          const userId = row.user_id;
          const posting = { userId, account: row.account, kind: 'adjustment' as const, refType: 'adjustment', refId: adjustmentId, amount: Math.abs(row.amount) };
          const { balance, trialBalance } = row.amount > 0 ? await walletService.credit(trx, posting) : await walletService.debit(trx, posting);
          if (row.amount > 0 && row.account === 'real') {
            // Points credited to a member in debt pay the debt first, as a deposit or a PIN does.
            const settled = await walletService.settleDebts(trx, userId, now());
            return { userId, balances: { balance: settled.balance, trialBalance: settled.trialBalance } };
          }
          return { userId, balances: { balance, trialBalance } };
        });
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'insufficient_points')) throw error;
        const refused = await adjustmentsRepo.settle(db, adjustmentId, 'refused', now());
        return { status: 'refused', userId: refused?.user_id ?? null, reason: 'insufficient_points' };
      }
      if (applied) {
        await publishBalance(bus, applied.userId, applied.balances, now()); // after the commit
        return { status: 'applied', ...applied };
      }
      // Settled by an earlier attempt (which may have died before publishing): report and re-publish.
      const row = await adjustmentsRepo.find(db, adjustmentId);
      if (!row) return { status: 'missing' };
      const userId = row.user_id;
      if (row.status === 'refused') return { status: 'refused', userId, reason: 'insufficient_points' };
      const balances = await walletService.balances(db, userId);
      await publishBalance(bus, userId, balances, now());
      return { status: 'already_applied', userId, balances };
    },
  };
}
