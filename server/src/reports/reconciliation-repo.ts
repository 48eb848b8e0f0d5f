import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/**
 * One cause of a day's books beside what the ledger holds for it: `expected` is what the books say
 * (a deposit's points, an order's price, a settled prize…), `actual` the sum of the cause's postings
 * wherever in time they were made. `orphan` rows are the other way round: postings made that day
 * whose cause the books do not have (`expected` 0).
 */
export interface CauseRow {
  ref_id: string;
  expected: number;
  actual: number;
  orphan: boolean;
  /** Which side of a two-sided figure (orders: `debit` or `refund`). */
  side: string;
  /** Postings of no known cause (`otherCauses`): what kind and cause they name. */
  kind?: string;
  ref_type?: string;
}

/** The causes an order posts under: its id in `ref_id` for these ref types. */
const ORDER_ID = sql`case when l.ref_id ~ '^[0-9]{1,18}$' then l.ref_id::bigint end`;

const rows = async <T>(query: { execute(db: Executor): Promise<{ rows: T[] }> }, db: Executor) => (await query.execute(db)).rows;

/**
 * The reconciliation's reads (issue 31 item 5, docs/back-office.md "Reconciling a day"). Each check
 * reads the day's causes from their own tables (by the time the books give them: paid, placed,
 * refunded, settled, redeemed, applied) with the sum of their postings, and the day's postings
 * (by the ledger's own time) whose cause is missing. A cause posted on another day than it happened
 * (a settlement running past midnight) therefore agrees; a posting without its cause, or a cause
 * without its posting, is listed.
 */
export const reconciliationRepo = {
  /** Σ balances against Σ ledger, over every wallet and both accounts (as of now), and each wallet that differs. */
  async ledgerTotals(db: Executor) {
    const [totals] = await rows(
      sql<{ balances: number; ledger: number }>`
        select (select coalesce(sum(balance + trial_balance), 0) from wallets)::bigint as balances,
               (select coalesce(sum(amount), 0) from ledger)::bigint as ledger`,
      db,
    );
    return totals!;
  },

  deposits(db: Executor, start: Date, end: Date) {
    return rows(
      sql<CauseRow>`
        select d.id::text as ref_id, d.points::bigint as expected,
               coalesce((select sum(l.amount) from ledger l where l.kind = 'deposit' and l.ref_type = 'deposit' and l.ref_id = d.id::text), 0)::bigint as actual,
               false as orphan, 'deposit' as side
          from deposits d where d.paid_at >= ${start} and d.paid_at < ${end}
        union all
        select l.ref_id, 0, l.amount, true, 'deposit'
          from ledger l
          left join deposits d on d.id = ${ORDER_ID}
         where l.created_at >= ${start} and l.created_at < ${end} and l.kind = 'deposit' and l.ref_type = 'deposit'
           and (d.id is null or d.paid_at is null)`,
      db,
    );
  },

  /** Real orders placed (their price against their debits) and refunded (their price against their refunds) that day, and the day's debits and refunds without such an order. */
  orders(db: Executor, start: Date, end: Date) {
    return rows(
      sql<CauseRow>`
        select o.id::text as ref_id, o.points_spent::bigint as expected,
               coalesce((select -sum(l.amount) from ledger l where l.kind = 'order' and l.ref_type = 'order' and l.ref_id = o.id::text and l.account = 'real'), 0)::bigint as actual,
               false as orphan, 'debit' as side
          from orders o where o.created_at >= ${start} and o.created_at < ${end} and not o.trial
        union all
        select o.id::text, o.points_spent::bigint,
               coalesce((select sum(l.amount) from ledger l where l.kind = 'refund' and l.ref_type = 'order' and l.ref_id = o.id::text and l.account = 'real'), 0)::bigint,
               false, 'refund'
          from orders o
         where not o.trial and o.status = 9
           and exists (select 1 from order_status_history h where h.order_id = o.id and h."to" = 9 and h.at >= ${start} and h.at < ${end})
        union all
        select l.ref_id, 0, case when l.kind = 'order' then -l.amount else l.amount end, true, case when l.kind = 'order' then 'debit' else 'refund' end
          from ledger l
          left join orders o on o.id = ${ORDER_ID}
         where l.created_at >= ${start} and l.created_at < ${end} and l.kind in ('order', 'refund') and l.account = 'real'
           and (l.ref_type <> 'order' or o.id is null or o.trial or (l.kind = 'refund' and o.status <> 9))`,
      db,
    );
  },

  /** Real orders settled that day (their recorded prize against their prize credits), and the day's prize credits no settlement accounts for. */
  prizes(db: Executor, start: Date, end: Date) {
    return rows(
      sql<CauseRow>`
        select o.id::text as ref_id, coalesce(o.prize, 0)::bigint as expected,
               coalesce((select sum(l.amount) from ledger l where l.kind = 'prize' and l.ref_type in ('order', 'order-pool') and l.ref_id = o.id::text and l.account = 'real'), 0)::bigint as actual,
               false as orphan, 'prize' as side
          from orders o where o.settled_at >= ${start} and o.settled_at < ${end} and not o.trial
        union all
        select l.ref_id, 0, l.amount, true, 'prize'
          from ledger l
          left join orders o on o.id = ${ORDER_ID}
         where l.created_at >= ${start} and l.created_at < ${end} and l.kind = 'prize' and l.account = 'real'
           and not (o.settled_at is not null and o.settled_at >= ${start} and o.settled_at < ${end})
           and (l.ref_type not in ('order', 'order-pool') or o.id is null or o.trial
                or coalesce(o.prize, 0) <> (select sum(p.amount) from ledger p where p.kind = 'prize' and p.ref_type in ('order', 'order-pool') and p.ref_id = l.ref_id and p.account = 'real'))`,
      db,
    );
  },

  pins(db: Executor, start: Date, end: Date) {
    return rows(
      sql<CauseRow>`
        select p.id::text as ref_id, p.points::bigint as expected,
               coalesce((select sum(l.amount) from ledger l where l.kind = 'pin' and l.ref_type = 'pin' and l.ref_id = p.id::text), 0)::bigint as actual,
               false as orphan, 'pin' as side
          from pins p where p.redeemed_at >= ${start} and p.redeemed_at < ${end}
        union all
        select l.ref_id, 0, l.amount, true, 'pin'
          from ledger l
          left join pins p on p.id = ${ORDER_ID}
         where l.created_at >= ${start} and l.created_at < ${end} and l.kind = 'pin'
           and (l.ref_type <> 'pin' or p.id is null or p.redeemed_at is null)`,
      db,
    );
  },

  /**
   * Adjustments applied that day (signed, either account) against their postings, and the day's
   * adjustment postings without an applied adjustment (the sign-up's trial grant and the demo
   * seed's are adjustments without a request by design).
   */
  adjustments(db: Executor, start: Date, end: Date) {
    return rows(
      sql<CauseRow>`
        select a.id::text as ref_id, a.amount::bigint as expected,
               coalesce((select sum(l.amount) from ledger l where l.kind = 'adjustment' and l.ref_type = 'adjustment' and l.ref_id = a.id::text), 0)::bigint as actual,
               false as orphan, 'adjustment' as side
          from adjustments a where a.status = 'applied' and a.settled_at >= ${start} and a.settled_at < ${end}
        union all
        select l.id::text, 0, l.amount, true, 'adjustment'
          from ledger l
          left join adjustments a on a.id = ${ORDER_ID} and l.ref_type = 'adjustment'
         where l.created_at >= ${start} and l.created_at < ${end} and l.kind = 'adjustment'
           and (a.id is null or a.status <> 'applied')
           -- Grants that are adjustments without a request by design: the trial points of a sign-up
           -- (auth, TRIAL_POINTS_ON_SIGNUP: the new member is the cause) and the demo seed's (SEED_DEMO).
           and not (l.ref_type = 'signup-trial' and l.account = 'trial' and exists (select 1 from users u where u.id::text = l.ref_id))
           and l.ref_type <> 'demo-seed'`,
      db,
    );
  },

  /**
   * Withdrawals (issue 33): each requested that day against its hold (a debit under `withdrawal`),
   * each rejected, cancelled or returned by the bank that day against its return (a credit under
   * `withdrawal-return`), each marked paid that day against what it held when it was paid (hold less
   * any return posted by then: the points paid out must have left and not come back; a bank's return
   * after the payment is the return side's, on its own day); and the day's holds and returns without
   * such a withdrawal.
   * `side`: hold, return or paid, one figure each.
   */
  withdrawals(db: Executor, start: Date, end: Date) {
    return rows(
      sql<CauseRow>`
        select w.id::text as ref_id, w.amount::bigint as expected,
               coalesce((select -sum(l.amount) from ledger l where l.kind = 'withdrawal' and l.ref_type = 'withdrawal' and l.ref_id = w.id::text), 0)::bigint as actual,
               false as orphan, 'hold' as side
          from withdrawals w where w.created_at >= ${start} and w.created_at < ${end}
        union all
        select w.id::text, w.amount::bigint,
               coalesce((select sum(l.amount) from ledger l where l.kind = 'withdrawal' and l.ref_type = 'withdrawal-return' and l.ref_id = w.id::text), 0)::bigint,
               false, 'return'
          from withdrawals w where w.state in ('rejected', 'cancelled', 'returned') and w.closed_at >= ${start} and w.closed_at < ${end}
        union all
        select w.id::text, w.amount::bigint,
               coalesce((select -sum(l.amount) from ledger l where l.kind = 'withdrawal' and l.ref_id = w.id::text
                          and (l.ref_type = 'withdrawal' or (l.ref_type = 'withdrawal-return' and l.created_at <= w.paid_at))), 0)::bigint,
               false, 'paid'
          from withdrawals w where w.state in ('paid', 'returned') and w.paid_at >= ${start} and w.paid_at < ${end}
        union all
        select l.ref_id, 0, case when l.ref_type = 'withdrawal' then -l.amount else l.amount end, true, case when l.ref_type = 'withdrawal' then 'hold' else 'return' end
          from ledger l
          left join withdrawals w on w.id = ${ORDER_ID}
         where l.created_at >= ${start} and l.created_at < ${end} and l.kind = 'withdrawal'
           and (w.id is null or l.ref_type not in ('withdrawal', 'withdrawal-return') or (l.ref_type = 'withdrawal-return' and w.state not in ('rejected', 'cancelled', 'returned')))`,
      db,
    );
  },

  /** The day's postings whose kind and cause fit none of the above (a deposit reversal without its refunded deposit, a debt payment without its debt, an unknown pair). */
  otherCauses(db: Executor, start: Date, end: Date) {
    return rows(
      sql<CauseRow>`
        select l.id::text as ref_id, 0::bigint as expected, l.amount::bigint as actual, true as orphan, 'ledger' as side, l.kind, l.ref_type
          from ledger l
         where l.created_at >= ${start} and l.created_at < ${end}
           and not (
                 (l.kind = 'deposit' and l.ref_type = 'deposit')
              or (l.kind = 'deposit' and l.ref_type = 'deposit-reversal' and exists (select 1 from deposits d where d.id::text = l.ref_id and d.state = 'refunded'))
              or (l.kind = 'deposit' and l.ref_type = 'debt-settlement' and exists (select 1 from wallet_debts w where w.id::text = split_part(l.ref_id, ':', 1)))
              or (l.kind = 'pin' and l.ref_type = 'pin')
              or (l.kind in ('order', 'refund') and l.ref_type = 'order')
              or (l.kind = 'prize' and l.ref_type in ('order', 'order-pool'))
              or l.kind = 'adjustment'
              or (l.kind = 'withdrawal' and l.ref_type in ('withdrawal', 'withdrawal-return'))
           )
         limit 1000`,
      db,
    );
  },

  /** A day's run: its figures replace an earlier run's; its mismatches are added once each, and the ones no longer found are resolved. */
  async saveRun(db: Executor, run: { date: string; timeZone: string; at: Date; figures: unknown; mismatches: ReadonlyArray<{ check: string; cause: string; refType: string; refId: string; expected: number | null; actual: number | null; detail: unknown }> }) {
    await db
      .insertInto('reconciliation_runs')
      .values({ date: run.date, time_zone: run.timeZone, ran_at: run.at, figures: JSON.stringify(run.figures), mismatches: run.mismatches.length })
      .onConflict((oc) => oc.column('date').doUpdateSet({ time_zone: run.timeZone, ran_at: run.at, figures: JSON.stringify(run.figures), mismatches: run.mismatches.length }))
      .execute();
    if (run.mismatches.length) {
      await db
        .insertInto('reconciliation_mismatches')
        .values(run.mismatches.map((m) => ({ date: run.date, check: m.check, cause: m.cause, ref_type: m.refType, ref_id: m.refId, expected: m.expected, actual: m.actual, detail: JSON.stringify(m.detail), found_at: run.at })))
        .onConflict((oc) => oc.constraint('reconciliation_mismatches_once').doUpdateSet({ expected: sql`excluded.expected`, actual: sql`excluded.actual`, detail: sql`excluded.detail`, resolved_at: null }))
        .execute();
    }
    const found = run.mismatches.map((m) => `${m.check}|${m.cause}|${m.refType}|${m.refId}`);
    await db
      .updateTable('reconciliation_mismatches')
      .set({ resolved_at: run.at })
      .where(sql<string>`date::text`, '=', run.date)
      .where('resolved_at', 'is', null)
      .$if(found.length > 0, (qb) => qb.where(sql<string>`"check" || '|' || cause || '|' || ref_type || '|' || ref_id`, 'not in', found))
      .execute();
  },

  /** The days already reconciled among `days`. */
  async ranDays(db: Executor, days: readonly string[]) {
    if (!days.length) return new Set<string>();
    const found = await db.selectFrom('reconciliation_runs').select(sql<string>`date::text`.as('day')).where(sql<string>`date::text`, 'in', days).execute();
    return new Set(found.map((row) => row.day));
  },

  /** Open mismatches, oldest first (the order queue's `reconciliation_mismatch` items). */
  open(db: Executor, limit: number) {
    return db
      .selectFrom('reconciliation_mismatches')
      .select(['id', sql<string>`date::text`.as('day'), 'check', 'cause', 'ref_type', 'ref_id', 'expected', 'actual', 'detail', 'found_at'])
      .where('resolved_at', 'is', null)
      .orderBy('found_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  },
};
