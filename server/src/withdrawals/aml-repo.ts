import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** The reads of the anti-money-laundering rules (aml.ts): a member's money in and play since a time, and their bank accounts. */
export const amlRepo = {
  /** When the member's latest live withdrawal (requested, approved or paid) was asked for: "since the last withdrawal". */
  async lastWithdrawalAt(db: Executor, userId: number) {
    const row = await db
      .selectFrom('withdrawals')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('state', 'in', ['requested', 'approved', 'paid'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? new Date(row.created_at) : null;
  },

  /** GP hundredths deposited (real deposit credits) and staked (real order debits less their refunds) since `since` (all time: null). */
  async moneyInAndPlay(db: Executor, userId: number, since: Date | null) {
    const from = since ?? new Date(0);
    const { rows } = await sql<{ deposited: string; staked: string }>`
      select coalesce(sum(amount) filter (where kind = 'deposit' and ref_type = 'deposit' and amount > 0), 0) as deposited,
             coalesce(-sum(amount) filter (where kind in ('order', 'refund')), 0) as staked
        from ledger
       where user_id = ${userId} and account = 'real' and created_at >= ${from}`.execute(db);
    return { deposited: Number(rows[0]?.deposited ?? 0), staked: Number(rows[0]?.staked ?? 0) };
  },

  /** Deposits paid since `since` each worth less than `below` GP hundredths: how many, and their sum. */
  async smallDeposits(db: Executor, userId: number, since: Date, below: number) {
    const row = await db
      .selectFrom('deposits')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.coalesce(eb.fn.sum<string>('points'), sql<string>`0`).as('points')])
      .where('user_id', '=', userId)
      .where('paid_at', '>=', since)
      .where('points', '<', below)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), points: Number(row.points) };
  },

  /** The member's two newest approved identity checks (their bank accounts), newest first. */
  approvedAccounts(db: Executor, userId: number) {
    return db
      .selectFrom('kyc_submissions')
      .select(['id', 'bank_code', 'account_number', 'reviewed_at'])
      .where('user_id', '=', userId)
      .where('state', '=', 'approved')
      .orderBy('reviewed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
  },
};
