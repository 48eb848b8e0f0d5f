import { sql, type RawBuilder } from 'kysely';
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

/** The statement of `walletRepo.post`, built but not run (server/test/wallet/sql-snapshots.test.ts snapshots its SQL). */
export function postingQuery(p: Posting) {
  const column = p.account === 'real' ? sql.ref('balance') : sql.ref('trial_balance');
  return sql<{ id: number; balance: number; trial_balance: number }>`
      with moved as (
        update wallets
           set ${column} = ${column} + ${p.amount}, updated_at = now()
         where user_id = ${p.userId} and ${column} + ${p.amount} >= 0
        returning balance, trial_balance, ${column} as after
      )
      insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
      select ${p.userId}, ${p.account}, ${p.kind}, ${p.amount}, moved.after, ${p.refType}, ${p.refId} from moved
      returning id, (select balance from moved) as balance, (select trial_balance from moved) as trial_balance
    `;
}

/** A wallet's balances beside the sums of its ledger, per account; the money invariant is that they are equal. */
export interface WalletAudit {
  user_id: number;
  balance: number;
  trial_balance: number;
  real_sum: number;
  trial_sum: number;
}

/** Wallets (those `where` keeps) with their ledger sums: the one SQL of the balance = Σ ledger check. */
const walletsWithLedgerSums = (db: Executor, where: RawBuilder<boolean>) =>
  sql<WalletAudit>`
    select w.user_id, w.balance, w.trial_balance, coalesce(l.real_sum, 0)::bigint as real_sum, coalesce(l.trial_sum, 0)::bigint as trial_sum
      from wallets w
      left join lateral (select sum(amount) filter (where account = 'real') as real_sum,
                                sum(amount) filter (where account = 'trial') as trial_sum
                           from ledger where ledger.user_id = w.user_id) l on true
     where ${where}
  `.execute(db);

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
    const result = await postingQuery(p).execute(db);
    return result.rows[0];
  },

  async ledgerPage(db: Executor, userId: string, page: number, pageSize: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('ledger')
        // An order's entries name its product, so the history reads "Order 123 — BINGO BINGO". The
        // CASE keeps the cast to order ids safe (other causes' refs are not numbers) and lets each
        // page row find its order by primary key.
        .leftJoin('orders', (join) =>
          join.on(sql<boolean>`orders.id = case when ledger.ref_type = 'order' and ledger.ref_id ~ '^[0-9]{1,18}$' then ledger.ref_id::bigint end`),
        )
        .select(['ledger.id', 'ledger.kind', 'ledger.account', 'ledger.amount', 'ledger.balance_after', 'ledger.ref_type', 'ledger.ref_id', 'ledger.created_at', 'orders.product_code'])
        .where('ledger.user_id', '=', userId)
        .orderBy('ledger.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** One wallet's balances and ledger sums (tests check the invariant with it). */
  async reconcile(db: Executor, userId: string): Promise<WalletAudit | undefined> {
    const result = await walletsWithLedgerSums(db, sql<boolean>`w.user_id = ${userId}`);
    return result.rows[0];
  },

  /** Every wallet whose balances differ from the sums of its ledger (there should never be one). */
  async mismatched(db: Executor): Promise<WalletAudit[]> {
    const result = await walletsWithLedgerSums(db, sql<boolean>`w.balance <> coalesce(l.real_sum, 0) or w.trial_balance <> coalesce(l.trial_sum, 0)`);
    return result.rows;
  },
};
