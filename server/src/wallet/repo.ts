import { sql } from 'kysely';
import type { Account, LedgerKind } from '@gp/common';
import type { Executor } from '../db/database.ts';

export interface Posting {
  userId: string;
  account: Account;
  kind: LedgerKind;
  /** Signed hundredths: negative debits, positive credits. */
  amount: number;
  refType: string;
  refId: string;
}

export const walletRepo = {
  insertWallet(db: Executor, userId: string) {
    return db.insertInto('wallets').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  },

  balances(db: Executor, userId: string) {
    return db.selectFrom('wallets').select(['balance', 'trial_balance']).where('user_id', '=', userId).executeTakeFirst();
  },

  /**
   * The one statement that moves points. The UPDATE is conditional (`balance + amount >= 0`), so a
   * debit that would overdraw changes no row; it also takes the wallet's row lock, so concurrent
   * postings to one wallet serialize and each sees the balance the previous one left. The ledger
   * row is written in the same statement with the balance it produced. The unique index
   * `ledger_one_post_per_cause` makes a second posting of the same cause fail (23505), which rolls
   * back the caller's transaction: a cause can never post twice.
   */
  async post(db: Executor, p: Posting) {
    const column = p.account === 'real' ? sql.ref('balance') : sql.ref('trial_balance');
    const result = await sql<{ id: number; balance: number; trial_balance: number }>`
      with moved as (
        update wallets
           set ${column} = ${column} + ${p.amount}, updated_at = now()
         where user_id = ${p.userId} and ${column} + ${p.amount} >= 0
        returning balance, trial_balance, ${column} as after
      )
      insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
      select ${p.userId}, ${p.account}, ${p.kind}, ${p.amount}, moved.after, ${p.refType}, ${p.refId} from moved
      returning id, (select balance from moved) as balance, (select trial_balance from moved) as trial_balance
    `.execute(db);
    return result.rows[0];
  },

  async ledgerPage(db: Executor, userId: string, page: number, pageSize: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('ledger')
        .select(['id', 'kind', 'account', 'amount', 'balance_after', 'ref_type', 'ref_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** Invariant check used by tests and the audit: balance equals the sum of its ledger. */
  async reconcile(db: Executor, userId: string) {
    const row = await sql<{ balance: number; trial_balance: number; real_sum: number; trial_sum: number }>`
      select w.balance, w.trial_balance,
             coalesce((select sum(amount) from ledger where user_id = w.user_id and account = 'real'), 0)::bigint as real_sum,
             coalesce((select sum(amount) from ledger where user_id = w.user_id and account = 'trial'), 0)::bigint as trial_sum
        from wallets w where w.user_id = ${userId}
    `.execute(db);
    return row.rows[0];
  },
};
