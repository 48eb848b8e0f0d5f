import type { Adjustment } from '@gp/common';
import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';

export const adjustmentsRepo = {
  /** `at`: the platform's clock, which the rolling-day sums compare with. */
  insert(db: Executor, operatorId: number, adjustment: Adjustment, status: 'queued' | 'pending_approval', at: Date) {
    return db
      .insertInto('adjustments')
      .values({ user_id: adjustment.userId, operator_id: operatorId, account: adjustment.account, amount: adjustment.amount, reason: adjustment.reason, status, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** Serializes adjustments to one member until the transaction ends (taken after the staff member's money lock). */
  async lockMember(trx: Tx, userId: number) {
    await sql`select pg_advisory_xact_lock(hashtext('member-adjustments'), ${Number(userId)}::int)`.execute(trx);
  },

  /** GP hundredths adjusted on `userId`'s account since `since` (either way) without a second person: the per-member rolling-day sum. */
  async selfApprovedToMember(trx: Tx, userId: number, since: Date) {
    const row = await trx
      .selectFrom('adjustments')
      .select(sql<string>`coalesce(sum(abs(amount)), 0)`.as('total'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .where('decided_by', 'is', null)
      .where('status', 'in', ['queued', 'applied', 'refused'])
      .executeTakeFirstOrThrow();
    return Number(row.total);
  },

  /**
   * Moves a queued adjustment to its outcome. Conditional on `status = 'queued'`, so of a job and
   * its retry only one settles it; the other gets no row back.
   */
  settle(db: Executor, id: number, status: 'applied' | 'refused', at: Date) {
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
  decide(db: Executor, id: number, status: 'queued' | 'rejected', by: number, at: Date) {
    return db
      .updateTable('adjustments')
      .set({ status, decided_by: by, decided_at: at, ...(status === 'rejected' ? { settled_at: at } : {}) })
      .where('id', '=', id)
      .where('status', '=', 'pending_approval')
      .returning(['id', 'user_id', 'operator_id', 'amount', 'account', 'reason'])
      .executeTakeFirst();
  },

  /**
   * Adjustments waiting for the worker since before `before` (by when they became `queued`: created
   * so, or approved then), oldest first.
   */
  queuedBefore(db: Executor, before: Date, limit: number) {
    return db
      .selectFrom('adjustments')
      .select('id')
      .where('status', '=', 'queued')
      .where((eb) => eb(eb.fn.coalesce('decided_at', 'created_at'), '<', before))
      .orderBy('id')
      .limit(limit)
      .execute();
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

  find(db: Executor, id: number) {
    return db.selectFrom('adjustments').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
