import type { Adjustment } from '@gp/common';
import type { Executor } from '../db/database.ts';

export const adjustmentsRepo = {
  insert(db: Executor, operatorId: string, adjustment: Adjustment, status: 'queued' | 'pending_approval' = 'queued') {
    return db
      .insertInto('adjustments')
      .values({ user_id: adjustment.userId, operator_id: operatorId, account: adjustment.account, amount: adjustment.amount, reason: adjustment.reason, status })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /**
   * Moves a queued adjustment to its outcome. Conditional on `status = 'queued'`, so of a job and
   * its retry only one settles it; the other gets no row back.
   */
  settle(db: Executor, id: string, status: 'applied' | 'refused', at: Date) {
    return db
      .updateTable('adjustments')
      .set({ status, settled_at: at })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .returning(['id', 'user_id', 'account', 'amount'])
      .executeTakeFirst();
  },

  /**
   * A supervisor's decision on a large adjustment: pending_approval → queued (then applied by the
   * worker) or → rejected. Conditional on `pending_approval`: of two decisions one wins.
   */
  decide(db: Executor, id: string, status: 'queued' | 'rejected', by: string, at: Date) {
    return db
      .updateTable('adjustments')
      .set({ status, decided_by: by, decided_at: at, ...(status === 'rejected' ? { settled_at: at } : {}) })
      .where('id', '=', id)
      .where('status', '=', 'pending_approval')
      .returning(['id', 'user_id', 'operator_id', 'amount', 'account', 'reason'])
      .executeTakeFirst();
  },

  /** The newest adjustments, pending ones first, with the member's email. */
  recent(db: Executor, status: string | undefined, limit: number) {
    let q = db
      .selectFrom('adjustments')
      .innerJoin('users', 'users.id', 'adjustments.user_id')
      .select(['adjustments.id', 'adjustments.user_id', 'adjustments.operator_id', 'adjustments.account', 'adjustments.amount', 'adjustments.reason', 'adjustments.status', 'adjustments.created_at', 'users.email']);
    if (status) q = q.where('adjustments.status', '=', status as 'queued');
    return q.orderBy('adjustments.id', 'desc').limit(limit).execute();
  },

  find(db: Executor, id: string) {
    return db.selectFrom('adjustments').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
