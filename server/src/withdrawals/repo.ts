import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';
import type { WithdrawalState } from '../db/types.ts';

const COLUMNS = [
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
] as const;

/** States in which a withdrawal's points are held or gone: what it counts against a member's limits and winnings. */
const LIVE: WithdrawalState[] = ['requested', 'approved', 'paid'];

export type NewWithdrawal = {
  userId: number;
  method: 'bank_transfer';
  amount: number;
  fee: number;
  payout: number;
  currency: string;
  rate: string;
  kycId: number;
  accountName: string;
  accountNumber: string;
  bankCode: string;
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
   * Real points won as prizes, less what live withdrawals took: what a bank transfer may still
   * take (deposited points go back only to the method they came from, never to a bank).
   */
  async winningsLeft(db: Executor, userId: number) {
    const { rows } = await sql<{ won: string; withdrawn: string }>`
      select (select coalesce(sum(amount), 0) from ledger where user_id = ${userId} and kind = 'prize' and account = 'real') as won,
             (select coalesce(sum(amount), 0) from withdrawals where user_id = ${userId} and state in ('requested', 'approved', 'paid')) as withdrawn`.execute(db);
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
        created_at: w.at,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  },

  find(db: Executor, id: number) {
    return db.selectFrom('withdrawals').innerJoin('users', 'users.id', 'withdrawals.user_id').select([...COLUMNS, 'users.email']).where('withdrawals.id', '=', id).executeTakeFirst();
  },

  ofMember(db: Executor, userId: number, limit: number) {
    return db.selectFrom('withdrawals').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  },

  inState(db: Executor, state: WithdrawalState, limit: number, method?: 'bank_transfer') {
    let query = db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .select([...COLUMNS, 'users.email'])
      .where('withdrawals.state', '=', state);
    if (method) query = query.where('withdrawals.method', '=', method);
    return query.orderBy('withdrawals.id', 'asc').limit(limit).execute();
  },

  /** The first of two approvals (a large withdrawal): once, and only while it is still requested. */
  firstApproval(trx: Tx, id: number, staffId: number, at: Date) {
    return trx
      .updateTable('withdrawals')
      .set({ first_approved_by: staffId, first_approved_at: at })
      .where('id', '=', id)
      .where('state', '=', 'requested')
      .where('first_approved_by', 'is', null)
      .returning(COLUMNS)
      .executeTakeFirst();
  },

  /**
   * requested → approved, once. `secondTo`: the first approver a second approval must differ from
   * (checked in the statement, so the same person cannot be both however the calls interleave).
   */
  approve(trx: Tx, id: number, staffId: number, at: Date, secondTo: number | null) {
    let query = trx.updateTable('withdrawals').set({ state: 'approved', approved_by: staffId, approved_at: at }).where('id', '=', id).where('state', '=', 'requested');
    query = secondTo === null ? query.where('first_approved_by', 'is', null) : query.where('first_approved_by', '=', secondTo).where('first_approved_by', '<>', staffId);
    return query.returning(COLUMNS).executeTakeFirst();
  },

  /** `from` → rejected or cancelled, once: the caller returns the held points in the same transaction. */
  close(trx: Tx, id: number, to: 'rejected' | 'cancelled', from: WithdrawalState[], by: number, reason: string | null, at: Date) {
    return trx
      .updateTable('withdrawals')
      .set({ state: to, closed_by: by, closed_at: at, reason })
      .where('id', '=', id)
      .where('state', 'in', from)
      .returning(COLUMNS)
      .executeTakeFirst();
  },

  /** approved → paid, once, with the bank's or provider's reference. */
  markPaid(trx: Tx, id: number, by: number, reference: string, at: Date) {
    return trx
      .updateTable('withdrawals')
      .set({ state: 'paid', paid_by: by, paid_at: at, paid_reference: reference })
      .where('id', '=', id)
      .where('state', '=', 'approved')
      .returning(COLUMNS)
      .executeTakeFirst();
  },

  /**
   * For the daily reconciliation (issue 33 item 2; the report is built elsewhere): per day in
   * `timeZone`, the GP hundredths withdrawals held (requested that day), paid out (marked paid that
   * day) and returned (rejected or cancelled that day), between `from` (inclusive) and `to` (exclusive).
   */
  async dailyTotals(db: Executor, from: Date, to: Date, timeZone: string) {
    const { rows } = await sql<{ day: string; held: string; paid: string; returned: string }>`
      with events as (
        select (created_at at time zone ${timeZone})::date as day, amount as held, 0 as paid, 0 as returned from withdrawals where created_at >= ${from} and created_at < ${to}
        union all
        select (paid_at at time zone ${timeZone})::date, 0, amount, 0 from withdrawals where state = 'paid' and paid_at >= ${from} and paid_at < ${to}
        union all
        select (closed_at at time zone ${timeZone})::date, 0, 0, amount from withdrawals where state in ('rejected', 'cancelled') and closed_at >= ${from} and closed_at < ${to}
      )
      select to_char(day, 'YYYY-MM-DD') as day, sum(held) as held, sum(paid) as paid, sum(returned) as returned from events group by day order by day`.execute(db);
    return rows.map((r) => ({ day: r.day, held: Number(r.held), paid: Number(r.paid), returned: Number(r.returned) }));
  },
};
