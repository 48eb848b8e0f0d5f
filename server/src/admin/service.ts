import type { Adjustment, AdjustmentResponse } from '@gp/common';
import { userExists } from '../auth/service.ts';
import { AppError } from '../platform/errors.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';
import { publishBalance, walletService, type Balances } from '../wallet/service.ts';
import { adjustmentJob } from './jobs.ts';
import { adjustmentsRepo } from './repo.ts';

export { ADJUSTMENTS_QUEUE, adjustmentJobId, type AdjustmentJob } from './jobs.ts';

export type AdjustmentOutcome =
  | { status: 'applied' | 'already_applied'; userId: string; balances: Balances }
  | { status: 'refused'; userId: string; reason: 'insufficient_points' }
  | { status: 'missing' };

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;

/**
 * Operator wallet adjustments. The api node validates, records the adjustment (status `queued`)
 * and queues it (`request`); a worker, possibly in another process, settles it (`apply`): posts to
 * the wallet and marks it `applied` in one transaction, or marks it `refused` when a debit would
 * overdraw; then pushes the new balance over the event bus.
 */
export function createAdjustmentService(platform: Pick<Platform, 'db' | 'outbox' | 'bus' | 'now'>) {
  const { db, outbox, bus, now } = platform;

  return {
    async request(operatorId: string, adjustment: Adjustment, key: string): Promise<AdjustmentResponse> {
      const scoped = { userId: operatorId, scope: 'adjustment', key, body: adjustment };
      const { body } = await runIdempotent<AdjustmentResponse>(db, scoped, async (trx) => {
        if (!(await userExists(trx, adjustment.userId))) {
          throw new AppError('validation_failed', { fields: { userId: 'invalid' } });
        }
        const { id } = await adjustmentsRepo.insert(trx, operatorId, adjustment);
        const adjustmentId = String(id);
        // The job is written with the adjustment (outbox): it is queued once this commits, whatever
        // Redis is doing. The fixed job id makes a second delivery a no-op, and settling is
        // conditional on `queued`, so a job that runs twice cannot post twice.
        await outbox.write(trx, [adjustmentJob.effect({ adjustmentId })]);
        return { status: 202, body: { adjustmentId } };
      });
      outbox.kick();
      return body;
    },

    async apply(adjustmentId: string): Promise<AdjustmentOutcome> {
      let applied: { userId: string; balances: Balances } | undefined;
      try {
        applied = await db.transaction().execute(async (trx) => {
          const row = await adjustmentsRepo.settle(trx, adjustmentId, 'applied', now());
          if (!row) return undefined;
          const userId = String(row.user_id);
          const posting = { userId, account: row.account, kind: 'adjustment' as const, refType: 'adjustment', refId: adjustmentId, amount: Math.abs(row.amount) };
          const { balance, trialBalance } = row.amount > 0 ? await walletService.credit(trx, posting) : await walletService.debit(trx, posting);
          return { userId, balances: { balance, trialBalance } };
        });
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'insufficient_points')) throw error;
        const refused = await adjustmentsRepo.settle(db, adjustmentId, 'refused', now());
        return { status: 'refused', userId: String(refused?.user_id ?? ''), reason: 'insufficient_points' };
      }
      if (applied) {
        await publishBalance(bus, applied.userId, applied.balances, now()); // after the commit
        return { status: 'applied', ...applied };
      }
      // Settled by an earlier attempt (which may have died before publishing): report and re-publish.
      const row = await adjustmentsRepo.find(db, adjustmentId);
      if (!row) return { status: 'missing' };
      const userId = String(row.user_id);
      if (row.status === 'refused') return { status: 'refused', userId, reason: 'insufficient_points' };
      const balances = await walletService.balances(db, userId);
      await publishBalance(bus, userId, balances, now());
      return { status: 'already_applied', userId, balances };
    },
  };
}
