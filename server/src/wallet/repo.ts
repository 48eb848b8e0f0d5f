import { sql, type RawBuilder } from 'kysely';
import type { Account, LedgerKind } from '@gp/common';
import type { Executor } from '../db/database.ts';

export interface Posting {
  userId: number;
  account: Account;
  kind: LedgerKind;
  /** Signed hundredths: negative debits, positive credits. */
  amount: number;
  refType: string;
  /** What caused the posting: usually a row's id (an order, a deposit), else a key (`debt.id:remaining`). `ledger.ref_id` is text. */
  refId: number | string;
}

/**
 * The statement of `walletRepo.post`, built but not run (server/test/wallet/sql-snapshots.test.ts
 * snapshots its SQL). `unlessInDebt`: the wallet moves only while its owner owes nothing
 * (`wallet_debts`), checked in the same statement as the balance.
 */
export function postingQuery(p: Posting, options: { unlessInDebt?: boolean } = {}) {
  const column = p.account === 'real' ? sql.ref('balance') : sql.ref('trial_balance');
  const noDebt = options.unlessInDebt ? sql` and not exists (select 1 from wallet_debts where wallet_debts.user_id = ${p.userId} and remaining > 0)` : sql``;
  return sql<{ id: number; balance: number; trial_balance: number }>`
      with moved as (
        update wallets
           set ${column} = ${column} + ${p.amount}, updated_at = now()
         where user_id = ${p.userId} and ${column} + ${p.amount} >= 0${noDebt}
        returning balance, trial_balance, ${column} as after
      )
      insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
      select ${p.userId}, ${p.account}, ${p.kind}, ${p.amount}, moved.after, ${p.refType}, ${String(p.refId)} from moved
      returning id, (select balance from moved) as balance, (select trial_balance from moved) as trial_balance
    `;
}

/**
 * Debits of many wallets as CTEs of a caller's larger statement (keno orders placed together,
 * orders/placement.ts). The caller's CTE `source` has one row per debit and at most one per
 * wallet, with the columns of `DebitColumns` and `i`, the row's number.
 * - `moved` is `wallet_locks`, then `wallet_moved (i, balance, trial_balance, after)`: the wallets
 *   are locked in user id order first (as `postCredits` locks them, so two statements that share
 *   wallets queue instead of deadlocking), then each debit happens as `postingQuery` would make it
 *   (conditional on its balance and, if `unless_debt`, on the member owing nothing) and only
 *   where `when` holds of the row (named `s`);
 * - `entries(from)` is `wallet_entry`: their ledger rows, from a CTE `from` with the columns
 *   `i, user_id, account, kind, amount, after, ref_type, ref_id` (the debits that happened, with
 *   the causes the caller's statement made, such as the new order's id).
 */
export function debitsFrom(source: string, when: RawBuilder<boolean>) {
  return {
    moved: sql`wallet_locks as (
        select user_id from wallets where user_id in (select user_id from ${sql.table(source)}) order by user_id for update
      ), wallet_moved as (
        update wallets w
           set balance = w.balance - case when s.account = 'real' then s.amount else 0 end,
               trial_balance = w.trial_balance - case when s.account = 'trial' then s.amount else 0 end,
               updated_at = now()
          from ${sql.table(source)} s join wallet_locks l on l.user_id = s.user_id
         where w.user_id = s.user_id
           and case when s.account = 'real' then w.balance else w.trial_balance end >= s.amount
           and not (s.unless_debt and exists (select 1 from wallet_debts where wallet_debts.user_id = s.user_id and remaining > 0))
           and ${when}
        returning s.i, w.balance, w.trial_balance, case when s.account = 'real' then w.balance else w.trial_balance end as after
      )`,
    entries: (from: string) => sql`wallet_entry as (
        insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
        select user_id, account, kind, -amount, after, ref_type, ref_id from ${sql.table(from)} order by i
      )`,
  };
}

/** A debit's columns in the `source` of `debitsFrom` (amount positive: what is taken). */
export interface DebitColumns {
  user_id: number;
  account: Account;
  kind: LedgerKind;
  amount: number;
  unless_debt: boolean;
}

/**
 * The statement of `walletRepo.postCredits`, built but not run: many credits (positive amounts)
 * in one statement. Each wallet moves once by the sum of its credits, and each credit gets its
 * own ledger row whose `balance_after` is the balance before plus the running sum of that
 * wallet's credits up to it (in the given order), exactly as one posting after another would
 * have left it. The unique cause index still refuses a second posting of any of them.
 */
export function creditsQuery(postings: readonly Posting[]) {
  // One JSON parameter for the whole batch (a settlement page credits hundreds at once).
  const batch = JSON.stringify(postings.map((p, i) => ({ ord: i, user_id: p.userId, account: p.account, kind: p.kind, amount: p.amount, ref_type: p.refType, ref_id: String(p.refId) })));
  return sql<{ user_id: number; balance: number; trial_balance: number }>`
      with v as (
        select * from jsonb_to_recordset(${batch}::jsonb)
          as v(ord int, user_id bigint, account text, kind text, amount bigint, ref_type text, ref_id text)
      ),
      totals as (
        select user_id,
               coalesce(sum(amount) filter (where account = 'real'), 0) as real_total,
               coalesce(sum(amount) filter (where account = 'trial'), 0) as trial_total
          from v group by user_id
      ),
      moved as (
        update wallets w
           set balance = w.balance + t.real_total, trial_balance = w.trial_balance + t.trial_total, updated_at = now()
          from totals t
         where w.user_id = t.user_id
        returning w.user_id, w.balance, w.trial_balance, w.balance - t.real_total as real_before, w.trial_balance - t.trial_total as trial_before
      ),
      entries as (
        insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
        select v.user_id, v.account, v.kind, v.amount,
               case when v.account = 'real' then m.real_before else m.trial_before end
                 + sum(v.amount) over (partition by v.user_id, v.account order by v.ord),
               v.ref_type, v.ref_id
          from v join moved m on m.user_id = v.user_id
         order by v.ord
        returning id
      )
      select user_id, balance, trial_balance from moved
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
  insertWallet(db: Executor, userId: number) {
    return db.insertInto('wallets').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  },

  balances(db: Executor, userId: number) {
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
  async post(db: Executor, p: Posting, options: { unlessInDebt?: boolean } = {}) {
    const result = await postingQuery(p, options).execute(db);
    return result.rows[0];
  },

  /**
   * Credits many postings in two statements (see `creditsQuery`): the wallets are locked in id
   * order first, so two batches that share wallets queue instead of deadlocking. Returns each
   * credited wallet's balances after the batch; throws when one of them has no wallet.
   */
  async postCredits(db: Executor, postings: readonly Posting[]) {
    if (postings.length === 0) return [];
    const userIds = [...new Set(postings.map((p) => p.userId))];
    await db.selectFrom('wallets').select('user_id').where('user_id', 'in', userIds).orderBy('user_id').forUpdate().execute();
    const { rows } = await creditsQuery(postings).execute(db);
    if (rows.length !== userIds.length) throw new Error(`credits for ${userIds.length - rows.length} users without a wallet`);
    return rows;
  },

  async ledgerPage(db: Executor, userId: number, page: number, pageSize: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('ledger')
        // An order's entries name its product, so the history reads "Order 123 — BINGO BINGO". The
        // CASE keeps the cast to order ids safe (other causes' refs are not numbers) and lets each
        // page row find its order by primary key.
        .leftJoin('orders', (join) =>
          join.on(sql<boolean>`orders.id = case when ledger.ref_type = 'order' and ledger.ref_id ~ '^[0-9]{1,18}$' then ledger.ref_id::bigint end`),
        )
        .select(['ledger.id', 'ledger.kind', 'ledger.account', 'ledger.amount', 'ledger.balance_after', 'ledger.ref_type', 'ledger.ref_id', 'ledger.created_at', 'orders.product_code', 'orders.status as order_status', 'orders.refund_cause'])
        .where('ledger.user_id', '=', userId)
        .orderBy('ledger.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** The real balance, with the wallet's row locked until the transaction ends (a claw-back decides how much it can take). */
  realBalanceForUpdate(db: Executor, userId: number) {
    return db.selectFrom('wallets').select('balance').where('user_id', '=', userId).forUpdate().executeTakeFirst();
  },

  insertDebt(db: Executor, debt: { userId: number; refType: string; refId: number | string; amount: number }) {
    return db
      .insertInto('wallet_debts')
      .values({ user_id: debt.userId, ref_type: debt.refType, ref_id: String(debt.refId), amount: debt.amount, remaining: debt.amount })
      .onConflict((oc) => oc.constraint('wallet_debts_one_per_cause').doNothing())
      .execute();
  },

  openDebts(db: Executor, userId: number, lock = false) {
    const query = db
      .selectFrom('wallet_debts')
      .select(['id', 'ref_type', 'ref_id', 'amount', 'remaining', 'created_at'])
      .where('user_id', '=', userId)
      .where('remaining', '>', 0)
      .orderBy('id');
    return (lock ? query.forUpdate() : query).execute();
  },

  async hasOpenDebt(db: Executor, userId: number) {
    const row = await db.selectFrom('wallet_debts').select('id').where('user_id', '=', userId).where('remaining', '>', 0).limit(1).executeTakeFirst();
    return Boolean(row);
  },

  reduceDebt(db: Executor, id: number, from: number, by: number, at: Date) {
    return db
      .updateTable('wallet_debts')
      .set({ remaining: from - by, ...(from - by === 0 ? { settled_at: at } : {}) })
      .where('id', '=', id)
      .where('remaining', '=', from)
      .executeTakeFirst();
  },

  /** One wallet's balances and ledger sums (tests check the invariant with it). */
  async reconcile(db: Executor, userId: number): Promise<WalletAudit | undefined> {
    const result = await walletsWithLedgerSums(db, sql<boolean>`w.user_id = ${userId}`);
    return result.rows[0];
  },

  /** Every wallet whose balances differ from the sums of its ledger (there should never be one). */
  async mismatched(db: Executor): Promise<WalletAudit[]> {
    const result = await walletsWithLedgerSums(db, sql<boolean>`w.balance <> coalesce(l.real_sum, 0) or w.trial_balance <> coalesce(l.trial_sum, 0)`);
    return result.rows;
  },
};
