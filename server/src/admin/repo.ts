import type { Adjustment } from '@gp/common';
import type { Executor } from '../db/database.ts';

export const adjustmentsRepo = {
  insert(db: Executor, operatorId: string, adjustment: Adjustment) {
    return db
      .insertInto('adjustments')
      .values({ user_id: adjustment.userId, operator_id: operatorId, account: adjustment.account, amount: adjustment.amount, reason: adjustment.reason })
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

  find(db: Executor, id: string) {
    return db.selectFrom('adjustments').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
