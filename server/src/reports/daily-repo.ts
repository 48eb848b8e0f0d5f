import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** The ledger's order causes: a ref of `order` or `order-pool` names an order id (a CASE keeps the cast safe for other causes). */
const ORDER_OF_LEDGER = sql`case when l.ref_type in ('order', 'order-pool') and l.ref_id ~ '^[0-9]{1,18}$' then l.ref_id::bigint end`;

/**
 * The daily report's reads (issue 31 item 5): what was sold from `orders` (the day an order was
 * placed), what moved from the ledger (the day a posting was made), deposits from `deposits` (the
 * day they were paid). Days are counted in `timeZone`; `[start, end)` bounds the whole range so
 * the indexes `orders_created`, `ledger_created` and `deposits_paid` serve each read.
 */
export const dailyRepo = {
  /** Orders placed per day and product: real ones counted with their stake, fees and GP charged; trial ones only counted. */
  async sales(db: Executor, timeZone: string, start: Date, end: Date) {
    const { rows } = await sql<{ day: string; product_code: string; orders: number; trial_orders: number; stake: number; fees: number; currency: string | null; charged: number }>`
      select (o.created_at at time zone ${timeZone})::date::text as day, o.product_code,
             count(*) filter (where not o.trial)::int as orders,
             count(*) filter (where o.trial)::int as trial_orders,
             coalesce(sum((o.stake ->> 'amount')::bigint) filter (where not o.trial), 0)::bigint as stake,
             coalesce(sum((o.fee ->> 'amount')::bigint) filter (where not o.trial), 0)::bigint as fees,
             max(o.stake ->> 'currency') as currency,
             coalesce(sum(o.points_spent) filter (where not o.trial), 0)::bigint as charged
        from orders o
       where o.created_at >= ${start} and o.created_at < ${end}
       group by 1, 2
    `.execute(db);
    return rows;
  },

  /** GP refunded and GP of prizes credited per day and product (real points), from the ledger. */
  async payouts(db: Executor, timeZone: string, start: Date, end: Date) {
    const { rows } = await sql<{ day: string; product_code: string; kind: 'refund' | 'prize'; points: number }>`
      select (l.created_at at time zone ${timeZone})::date::text as day, o.product_code, l.kind, sum(l.amount)::bigint as points
        from ledger l
        join orders o on o.id = ${ORDER_OF_LEDGER}
       where l.created_at >= ${start} and l.created_at < ${end}
         and l.kind in ('refund', 'prize') and l.account = 'real'
       group by 1, 2, 3
    `.execute(db);
    return rows;
  },

  /** Deposits paid per day, method and currency: how many, the money received and the GP credited for it. */
  async deposits(db: Executor, timeZone: string, start: Date, end: Date) {
    const { rows } = await sql<{ day: string; method: string; currency: string; count: number; amount: number; points: number }>`
      select (d.paid_at at time zone ${timeZone})::date::text as day, d.method, d.currency,
             count(*)::int as count, sum(d.amount)::bigint as amount, sum(d.points)::bigint as points
        from deposits d
       where d.paid_at >= ${start} and d.paid_at < ${end}
       group by 1, 2, 3
       order by 1, 2, 3
    `.execute(db);
    return rows;
  },

  /**
   * Withdrawals per day: requested (their points held, the day asked), paid (the day marked paid) and
   * returned (rejected, cancelled or returned by the bank, the day closed), each with how many and their GP.
   * A transfer the bank returned after it was paid counts as paid the day it was paid, and as returned the day it came back.
   */
  async withdrawals(db: Executor, timeZone: string, start: Date, end: Date) {
    const { rows } = await sql<{ day: string; step: 'requested' | 'paid' | 'returned'; count: number; points: number }>`
      select (at at time zone ${timeZone})::date::text as day, step, count(*)::int as count, sum(amount)::bigint as points
        from (
          select created_at as at, 'requested' as step, amount from withdrawals where created_at >= ${start} and created_at < ${end}
          union all
          select paid_at, 'paid', amount from withdrawals where state in ('paid', 'returned') and paid_at >= ${start} and paid_at < ${end}
          union all
          select closed_at, 'returned', amount from withdrawals where state in ('rejected', 'cancelled', 'returned') and closed_at >= ${start} and closed_at < ${end}
        ) steps
       group by 1, 2
    `.execute(db);
    return rows;
  },

  /** PINs redeemed and adjustments posted per day (real points), from the ledger. */
  async credits(db: Executor, timeZone: string, start: Date, end: Date) {
    const { rows } = await sql<{ day: string; kind: 'pin' | 'adjustment'; count: number; credits: number; debits: number }>`
      select (l.created_at at time zone ${timeZone})::date::text as day, l.kind,
             count(*)::int as count,
             coalesce(sum(l.amount) filter (where l.amount > 0), 0)::bigint as credits,
             coalesce(-sum(l.amount) filter (where l.amount < 0), 0)::bigint as debits
        from ledger l
       where l.created_at >= ${start} and l.created_at < ${end}
         and l.kind in ('pin', 'adjustment') and l.account = 'real'
       group by 1, 2
    `.execute(db);
    return rows;
  },
};
