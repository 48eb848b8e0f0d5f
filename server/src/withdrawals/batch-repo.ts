import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';
import { WITHDRAWAL_COLUMNS } from './repo.ts';

const BATCH_COLUMNS = [
  'withdrawal_batches.id',
  'withdrawal_batches.created_by',
  'withdrawal_batches.created_at',
  'withdrawal_batches.count',
  'withdrawal_batches.total_points',
  'withdrawal_batches.total_payout',
  'withdrawal_batches.currency',
  'withdrawal_batches.paid_reference',
  'withdrawal_batches.paid_at',
] as const;

/**
 * The bank-transfer batches (docs/withdrawals.md "Batches"): an export claims the approved bank
 * transfers not yet in a batch, under one lock, so parallel exports never put a withdrawal in two.
 */
export const batchRepo = {
  /** Exports one after the other for the rest of `trx` (two at once would each wait on the other's rows otherwise). */
  async lockExports(trx: Tx) {
    await sql`select pg_advisory_xact_lock(hashtext('withdrawal-batch-export'))`.execute(trx);
  },

  /** A new batch, its figures filled in by `complete` once its withdrawals are claimed. */
  create(trx: Tx, by: number, currency: string, at: Date) {
    return trx.insertInto('withdrawal_batches').values({ created_by: by, created_at: at, count: 0, total_points: 0, total_payout: 0, currency, file: '' }).returning('id').executeTakeFirstOrThrow();
  },

  /**
   * Puts every approved bank transfer without a batch into `batchId` (at most `limit`, oldest
   * first). Conditional on `batch_id is null` and `approved`: a row another export or a rejection
   * took first is skipped. Returns the claimed ones, with the member's email, oldest first.
   */
  async claimApproved(trx: Tx, batchId: number, limit: number) {
    const claimed = await trx
      .updateTable('withdrawals')
      .set({ batch_id: batchId })
      .where('id', 'in', (eb) =>
        eb.selectFrom('withdrawals').select('id').where('state', '=', 'approved').where('method', '=', 'bank_transfer').where('batch_id', 'is', null).orderBy('id').limit(limit),
      )
      .where('state', '=', 'approved')
      .where('batch_id', 'is', null)
      .returning('id')
      .execute();
    return this.members(trx, batchId, claimed.length);
  },

  /** The withdrawals of a batch, oldest first, with their members' emails. */
  members(db: Executor, batchId: number, limit = 10_000) {
    return db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .select([...WITHDRAWAL_COLUMNS, 'users.email'])
      .where('withdrawals.batch_id', '=', batchId)
      .orderBy('withdrawals.id')
      .limit(limit)
      .execute();
  },

  complete(trx: Tx, batchId: number, figures: { count: number; totalPoints: number; totalPayout: number; file: string }) {
    return trx
      .updateTable('withdrawal_batches')
      .set({ count: figures.count, total_points: figures.totalPoints, total_payout: figures.totalPayout, file: figures.file })
      .where('id', '=', batchId)
      .execute();
  },

  file(db: Executor, batchId: number) {
    return db.selectFrom('withdrawal_batches').select(['id', 'file']).where('id', '=', batchId).executeTakeFirst();
  },

  list(db: Executor, limit: number) {
    return db
      .selectFrom('withdrawal_batches')
      .innerJoin('users', 'users.id', 'withdrawal_batches.created_by')
      .select([...BATCH_COLUMNS, 'users.name as created_by_name'])
      .orderBy('withdrawal_batches.id', 'desc')
      .limit(limit)
      .execute();
  },

  find(db: Executor, batchId: number) {
    return db
      .selectFrom('withdrawal_batches')
      .innerJoin('users', 'users.id', 'withdrawal_batches.created_by')
      .select([...BATCH_COLUMNS, 'users.name as created_by_name'])
      .where('withdrawal_batches.id', '=', batchId)
      .executeTakeFirst();
  },

  /** The batch paid, once (conditional on not paid yet). */
  markPaid(trx: Tx, batchId: number, by: number, reference: string, at: Date) {
    return trx
      .updateTable('withdrawal_batches')
      .set({ paid_by: by, paid_at: at, paid_reference: reference })
      .where('id', '=', batchId)
      .where('paid_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
  },

  /** Every withdrawal of the batch still `approved` → paid with the bank's reference (one marked paid on its own before keeps its own). */
  payMembers(trx: Tx, batchId: number, by: number, reference: string, at: Date) {
    return trx
      .updateTable('withdrawals')
      .set({ state: 'paid', paid_by: by, paid_at: at, paid_reference: reference })
      .where('batch_id', '=', batchId)
      .where('state', '=', 'approved')
      .returning(WITHDRAWAL_COLUMNS)
      .execute();
  },

  /** Whether `userId` has a withdrawal in the batch (staff never mark their own paid). */
  async holdsMemberOf(db: Executor, batchId: number, userId: number) {
    return Boolean(await db.selectFrom('withdrawals').select('id').where('batch_id', '=', batchId).where('user_id', '=', userId).limit(1).executeTakeFirst());
  },
};
