import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';
import type { AmlFlag } from '@gp/common';
import type { WithdrawalState } from '../db/types.ts';

export const WITHDRAWAL_COLUMNS = [
  'withdrawals.id',
  'withdrawals.user_id',
  'withdrawals.method',
  'withdrawals.state',
  'withdrawals.amount',
  'withdrawals.fee',
  'withdrawals.payout',
  'withdrawals.currency',
  'withdrawals.account_name',
  'withdrawals.account_number',
  'withdrawals.bank_code',
  'withdrawals.first_approved_by',
  'withdrawals.approved_by',
  'withdrawals.approved_at',
  'withdrawals.paid_by',
  'withdrawals.paid_at',
  'withdrawals.paid_reference',
  'withdrawals.closed_at',
  'withdrawals.reason',
  'withdrawals.created_at',
  'withdrawals.batch_id',
  'withdrawals.aml_flags',
  'withdrawals.aml_acknowledged_by',
  'withdrawals.deposit_id',
  'withdrawals.refund_claimed_at',
  'withdrawals.return_reference',
  'withdrawals.return_first_by',
] as const;

/** States in which a withdrawal's points are held or gone: what it counts against a member's limits and winnings. */
const LIVE: WithdrawalState[] = ['requested', 'approved', 'paid'];

export type NewWithdrawal = {
  userId: number;
  method: 'bank_transfer' | 'stripe_refund';
  /** A refund's deposit (and only a refund's). */
  depositId?: number;
  amount: number;
  fee: number;
  payout: number;
  currency: string;
  rate: string;
  kycId: number;
  accountName: string;
  accountNumber: string;
  bankCode: string;
  /** The AML rules the request matched (aml.ts); null when none. */
  amlFlags: AmlFlag[] | null;
  at: Date;
};

export const withdrawalsRepo = {
  /**
   * The member's withdrawal lock for the rest of `trx`: two requests of one member read their daily
   * sum and their winnings one after the other, never both before either wrote.
   */
  async lockMember(trx: Tx, userId: number) {
    await sql`select pg_advisory_xact_lock(hashtext('member-withdrawals'), ${Number(userId)}::int)`.execute(trx);
  },

  /** GP hundredths the member asked to withdraw since `since`, not counting rejected or cancelled requests. */
  async requestedSince(db: Executor, userId: number, since: Date) {
    const row = await db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .where('state', 'in', LIVE)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  },

  /**
   * Real points won as prizes, less what live bank transfers took: what a bank transfer may still
   * take (deposited points go back only to the method they came from, never to a bank).
   */
  async winningsLeft(db: Executor, userId: number) {
    const { rows } = await sql<{ won: string; withdrawn: string }>`
      select (select coalesce(sum(amount), 0) from ledger where user_id = ${userId} and kind = 'prize' and account = 'real') as won,
             (select coalesce(sum(amount), 0) from withdrawals where user_id = ${userId} and method = 'bank_transfer' and state in ('requested', 'approved', 'paid')) as withdrawn`.execute(db);
    return Number(rows[0]?.won ?? 0) - Number(rows[0]?.withdrawn ?? 0);
  },

  insert(trx: Tx, w: NewWithdrawal) {
    return trx
      .insertInto('withdrawals')
      .values({
        user_id: w.userId,
        method: w.method,
        amount: w.amount,
        fee: w.fee,
        payout: w.payout,
        currency: w.currency,
        rate: w.rate,
        kyc_id: w.kycId,
        account_name: w.accountName,
        account_number: w.accountNumber,
        bank_code: w.bankCode,
        aml_flags: w.amlFlags === null ? null : JSON.stringify(w.amlFlags),
        deposit_id: w.depositId ?? null,
        created_at: w.at,
      })
      .returning(WITHDRAWAL_COLUMNS)
      .executeTakeFirstOrThrow();
  },

  find(db: Executor, id: number) {
    return db.selectFrom('withdrawals').innerJoin('users', 'users.id', 'withdrawals.user_id').select([...WITHDRAWAL_COLUMNS, 'users.email']).where('withdrawals.id', '=', id).executeTakeFirst();
  },

  ofMember(db: Executor, userId: number, limit: number) {
    return db.selectFrom('withdrawals').select(WITHDRAWAL_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  },

  inState(db: Executor, state: WithdrawalState, limit: number, method?: 'bank_transfer' | 'stripe_refund') {
    let query = db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .select([...WITHDRAWAL_COLUMNS, 'users.email'])
      .where('withdrawals.state', '=', state);
    if (method) query = query.where('withdrawals.method', '=', method);
    return query.orderBy('withdrawals.id', 'asc').limit(limit).execute();
  },

  /** Requested withdrawals that matched an AML rule, oldest first. */
  flaggedRequested(db: Executor, limit: number) {
    return db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .select([...WITHDRAWAL_COLUMNS, 'users.email'])
      .where('withdrawals.state', '=', 'requested')
      .where('withdrawals.aml_flags', 'is not', null)
      .orderBy('withdrawals.id', 'asc')
      .limit(limit)
      .execute();
  },

  /** The first of two approvals (a large withdrawal): once, and only while it is still requested. */
  firstApproval(trx: Tx, id: number, staffId: number, at: Date, acknowledged: boolean) {
    return trx
      .updateTable('withdrawals')
      .set({ first_approved_by: staffId, first_approved_at: at, ...(acknowledged ? { aml_acknowledged_by: staffId, aml_acknowledged_at: at } : {}) })
      .where('id', '=', id)
      .where('state', '=', 'requested')
      .where('first_approved_by', 'is', null)
      .returning(WITHDRAWAL_COLUMNS)
      .executeTakeFirst();
  },

  /**
   * requested → approved, once. `secondTo`: the first approver a second approval must differ from
   * (checked in the statement, so the same person cannot be both however the calls interleave).
   */
  approve(trx: Tx, id: number, staffId: number, at: Date, secondTo: number | null, acknowledged: boolean) {
    let query = trx
      .updateTable('withdrawals')
      .set({ state: 'approved', approved_by: staffId, approved_at: at, ...(acknowledged ? { aml_acknowledged_by: staffId, aml_acknowledged_at: at } : {}) })
      .where('id', '=', id)
      .where('state', '=', 'requested');
    query = secondTo === null ? query.where('first_approved_by', 'is', null) : query.where('first_approved_by', '=', secondTo).where('first_approved_by', '<>', staffId);
    return query.returning(WITHDRAWAL_COLUMNS).executeTakeFirst();
  },

  /**
   * `from` → rejected or cancelled, once: the caller returns the held points in the same transaction.
   * Never one exported in a bank batch (the bank may pay it: only `paid` follows).
   */
  close(trx: Tx, id: number, to: 'rejected' | 'cancelled', from: WithdrawalState[], by: number | null, reason: string | null, at: Date) {
    return trx
      .updateTable('withdrawals')
      .set({ state: to, closed_by: by, closed_at: at, reason })
      .where('id', '=', id)
      .where('state', 'in', from)
      .where('batch_id', 'is', null)
      .returning(WITHDRAWAL_COLUMNS)
      .executeTakeFirst();
  },

  /** approved → paid, once, with the bank's or provider's reference. */
  markPaid(trx: Tx, id: number, by: number | null, reference: string, at: Date) {
    return trx
      .updateTable('withdrawals')
      .set({ state: 'paid', paid_by: by, paid_at: at, paid_reference: reference })
      .where('id', '=', id)
      .where('state', '=', 'approved')
      .returning(WITHDRAWAL_COLUMNS)
      .executeTakeFirst();
  },

  /**
   * A paid bank transfer's return, recorded by a first supervisor (it waits for a second one): once,
   * while it is still paid and no return is recorded.
   */
  firstReturn(trx: Tx, id: number, staffId: number, at: Date, reference: string, reason: string) {
    return trx
      .updateTable('withdrawals')
      .set({ return_first_by: staffId, return_first_at: at, return_reference: reference, reason })
      .where('id', '=', id)
      .where('state', '=', 'paid')
      .where('method', '=', 'bank_transfer')
      .where('return_first_by', 'is', null)
      .returning(WITHDRAWAL_COLUMNS)
      .executeTakeFirst();
  },

  /**
   * paid → returned, once (the caller credits the held points back in the same transaction).
   * `secondTo`: the supervisor who recorded it first, whom the confirmer must differ from (checked in
   * the statement); null: returned alone, only while nobody recorded a first return.
   */
  markReturned(trx: Tx, id: number, staffId: number, at: Date, reference: string, reason: string, secondTo: number | null) {
    let query = trx
      .updateTable('withdrawals')
      .set({ state: 'returned', closed_by: staffId, closed_at: at, return_reference: reference, reason })
      .where('id', '=', id)
      .where('state', '=', 'paid')
      .where('method', '=', 'bank_transfer');
    query = secondTo === null ? query.where('return_first_by', 'is', null) : query.where('return_first_by', '=', secondTo).where('return_first_by', '<>', staffId);
    return query.returning(WITHDRAWAL_COLUMNS).executeTakeFirst();
  },

  /**
   * The member's paid deposits, newest first, each with the points still its own (less what live
   * refund withdrawals of it hold or paid): the refund rail attributes play to the oldest points
   * first, so the newest deposits are the ones not yet played (withdrawals/refunds.ts).
   */
  paidDepositsNewestFirst(db: Executor, userId: number) {
    return db
      .selectFrom('deposits')
      .select((eb) => [
        'deposits.id',
        'deposits.provider',
        'deposits.method',
        'deposits.amount',
        'deposits.currency',
        'deposits.points',
        'deposits.provider_txn_id',
        'deposits.refund_requested_at',
        'deposits.paid_at',
        eb
          .selectFrom('withdrawals')
          .select((w) => w.fn.coalesce(w.fn.sum<string>('withdrawals.amount'), sql<string>`0`).as('held'))
          .whereRef('withdrawals.deposit_id', '=', 'deposits.id')
          .where('withdrawals.state', 'in', LIVE)
          .as('refunded'),
      ])
      .where('deposits.user_id', '=', userId)
      .where('deposits.state', '=', 'paid')
      .orderBy('deposits.paid_at', 'desc')
      .orderBy('deposits.id', 'desc')
      .limit(200)
      .execute();
  },

  /** The deposit a refund names; `lock`: against the back office's refund of it, for the rest of the transaction. */
  deposit(db: Executor, id: number, lock = false) {
    const query = db.selectFrom('deposits').select(['id', 'user_id', 'provider', 'state', 'amount', 'currency', 'points', 'provider_txn_id', 'refund_requested_at']).where('id', '=', id);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },

  /**
   * approved → the refund is being asked for: set once, and again only after `staleBefore` (the
   * process died mid-call), so of any number of clicks one reaches the provider at a time.
   */
  claimRefund(db: Executor, id: number, at: Date, staleBefore: Date) {
    return db
      .updateTable('withdrawals')
      .set({ refund_claimed_at: at })
      .where('id', '=', id)
      .where('state', '=', 'approved')
      .where('method', '=', 'stripe_refund')
      .where((eb) => eb.or([eb('refund_claimed_at', 'is', null), eb('refund_claimed_at', '<', staleBefore)]))
      .returning(WITHDRAWAL_COLUMNS)
      .executeTakeFirst();
  },

  /** The refund is about to reach the provider: from now on the reconciler looks it up (set once, the first time). */
  async markRefundSent(db: Executor, id: number, at: Date) {
    await db.updateTable('withdrawals').set({ refund_sent_at: at }).where('id', '=', id).where('refund_sent_at', 'is', null).execute();
  },

  /** Approved refunds that reached the provider with no final answer yet and nobody asking now (the reconciler's work), oldest first. */
  refundsToSettle(db: Executor, staleBefore: Date, limit: number, onlyId?: number) {
    const query = db
      .selectFrom('withdrawals')
      .select(['id', 'deposit_id'])
      .where('state', '=', 'approved')
      .where('method', '=', 'stripe_refund')
      .where('refund_sent_at', 'is not', null)
      .where((eb) => eb.or([eb('refund_claimed_at', 'is', null), eb('refund_claimed_at', '<', staleBefore)]));
    return (onlyId === undefined ? query : query.where('id', '=', onlyId)).orderBy('id').limit(limit).execute();
  },

  /** The provider's answer was not known (a timeout): the next click may ask again, after its lookup. */
  async releaseRefundClaim(db: Executor, id: number) {
    await db.updateTable('withdrawals').set({ refund_claimed_at: null }).where('id', '=', id).where('state', '=', 'approved').execute();
  },

  /**
   * For the daily reconciliation (issue 33 item 2; the report is built elsewhere): per day in
   * `timeZone`, the GP hundredths withdrawals held (requested that day), paid out (marked paid that
   * day; a transfer the bank returned later still counts as paid that day) and returned (rejected,
   * cancelled or returned by the bank that day), between `from` (inclusive) and `to` (exclusive).
   */
  async dailyTotals(db: Executor, from: Date, to: Date, timeZone: string) {
    const { rows } = await sql<{ day: string; held: string; paid: string; returned: string }>`
      with events as (
        select (created_at at time zone ${timeZone})::date as day, amount as held, 0 as paid, 0 as returned from withdrawals where created_at >= ${from} and created_at < ${to}
        union all
        select (paid_at at time zone ${timeZone})::date, 0, amount, 0 from withdrawals where state in ('paid', 'returned') and paid_at >= ${from} and paid_at < ${to}
        union all
        select (closed_at at time zone ${timeZone})::date, 0, 0, amount from withdrawals where state in ('rejected', 'cancelled', 'returned') and closed_at >= ${from} and closed_at < ${to}
      )
      select to_char(day, 'YYYY-MM-DD') as day, sum(held) as held, sum(paid) as paid, sum(returned) as returned from events group by day order by day`.execute(db);
    return rows.map((r) => ({ day: r.day, held: Number(r.held), paid: Number(r.paid), returned: Number(r.returned) }));
  },
};
