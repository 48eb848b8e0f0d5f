import type { AdminWithdrawal, WithdrawalBatch } from '@gp/common';
import type { Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { batchFile, type BatchColumn } from './batch-file.ts';
import { batchRepo } from './batch-repo.ts';
import { presentForStaff } from './present.ts';
import type { withdrawalsRepo } from './repo.ts';

/** Most withdrawals one export takes; the rest wait for the next batch. */
const MAX_PER_BATCH = 1000;

type PaidRow = Awaited<ReturnType<typeof withdrawalsRepo.markPaid>> & object;

/** Thrown inside an export's transaction when nothing was waiting: rolls the empty batch back. */
class NothingToExport extends Error {}

const presentBatch = (row: NonNullable<Awaited<ReturnType<typeof batchRepo.find>>>): WithdrawalBatch => ({
  id: String(row.id),
  createdBy: String(row.created_by),
  createdByName: row.created_by_name,
  createdAt: new Date(row.created_at).toISOString(),
  count: row.count,
  totalPoints: Number(row.total_points),
  totalPayout: Number(row.total_payout),
  currency: row.currency,
  paidReference: row.paid_reference,
  paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
});

/**
 * The bank-transfer batch file as a recorded batch (issue 33; docs/withdrawals.md "Batches"). An
 * export takes the approved bank transfers not yet in a batch into a new one and keeps its file byte
 * for byte, so a download is never paid twice by accident: downloading the same batch again gives the
 * same file, and the next export holds only what came after. The finance team marks a batch paid with
 * the bank's reference, which marks each of its withdrawals paid.
 */
export function createBatchOperations(platform: Pick<Platform, 'db' | 'now' | 'config'>, onPaid: (trx: Tx, row: PaidRow) => Promise<void>) {
  const { db, now, config } = platform;
  const columns = () => config.WITHDRAWAL_BATCH_COLUMNS.split(',') as BatchColumn[];

  return {
    /** A new batch of every approved bank transfer not in one yet; none waiting: the empty file, nothing recorded. */
    async exportNew(actor: StaffActor): Promise<{ batchId: number | null; count: number; csv: string }> {
      try {
        return await db.transaction().execute(async (trx) => {
          await batchRepo.lockExports(trx);
          const at = now();
          const { id: batchId } = await batchRepo.create(trx, actor.id, config.WITHDRAWAL_CURRENCY, at);
          const claimed = await batchRepo.claimApproved(trx, batchId, MAX_PER_BATCH);
          if (!claimed.length) throw new NothingToExport();
          const rows: AdminWithdrawal[] = claimed.map(presentForStaff);
          const csv = batchFile(rows, columns(), config.WITHDRAWAL_BATCH_HEADER);
          const totals = { count: rows.length, totalPoints: rows.reduce((s, w) => s + w.amount, 0), totalPayout: rows.reduce((s, w) => s + w.payout, 0) };
          await batchRepo.complete(trx, batchId, { ...totals, file: csv });
          await recordAudit(trx, actor, { action: 'withdrawal.batch_exported', targetType: 'withdrawal_batch', targetId: batchId, after: { ...totals, withdrawals: claimed.map((w) => w.id) } }, at);
          return { batchId, count: rows.length, csv };
        });
      } catch (error) {
        if (error instanceof NothingToExport) return { batchId: null, count: 0, csv: batchFile([], columns(), config.WITHDRAWAL_BATCH_HEADER) };
        throw error;
      }
    },

    /** A recorded batch's file, the very bytes of its export. */
    async download(batchId: number) {
      const row = await batchRepo.file(db, batchId);
      if (!row) throw new AppError('not_found');
      return { batchId, csv: row.file };
    },

    async list(): Promise<WithdrawalBatch[]> {
      return (await batchRepo.list(db, 100)).map(presentBatch);
    },

    /**
     * The bank paid the batch: once per batch (`withdrawal_state` the second time), with the bank's
     * reference, which every withdrawal of it still `approved` takes too. Never by a staff member with
     * a withdrawal of their own in it.
     */
    async markPaid(actor: StaffActor, batchId: number, reference: string): Promise<WithdrawalBatch> {
      if (!(await batchRepo.find(db, batchId))) throw new AppError('not_found');
      if (await batchRepo.holdsMemberOf(db, batchId, actor.id)) throw new AppError('own_account');
      await db.transaction().execute(async (trx) => {
        const at = now();
        if (!(await batchRepo.markPaid(trx, batchId, actor.id, reference, at))) throw new AppError('withdrawal_state');
        const paid = await batchRepo.payMembers(trx, batchId, actor.id, reference, at);
        for (const row of paid) await onPaid(trx, row);
        await recordAudit(trx, actor, { action: 'withdrawal.batch_paid', targetType: 'withdrawal_batch', targetId: batchId, after: { reference, withdrawals: paid.map((w) => w.id) } }, at);
      });
      return presentBatch((await batchRepo.find(db, batchId))!);
    },
  };
}
