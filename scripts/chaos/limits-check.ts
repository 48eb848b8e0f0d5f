import type pg from 'pg';
import { type CheckResult, CHECK_TITLES } from './audit.ts';

/**
 * Check 9 (issue 32): no chaos member ever passed a limit of theirs. For every limit in force
 * (set before the member's first PIN, never changed in a run) and every amount counted against
 * it, the sum over the rolling window ending at that amount's time stays within the limit —
 * counted as the platform's guard counts it (responsible-play/repo.ts): deposits started and not
 * failed plus PINs redeemed; real-point stakes less orders refunded whole; for losses, stakes
 * less prizes settled. Windows end at each counted amount, so the worst window of every member
 * is among them. Orders refunded after the run counted at placement, so leaving them out can only
 * make a window smaller: the check never blames a member for what the guard could not see.
 */
export const LIMITS_SQL = `
  with lim as (
    select user_id, kind, period, amount,
           case period when 'day' then 24 when 'week' then 168 else 720 end as hours
      from play_limits where user_id = any($1::bigint[]) and amount is not null
  ), counted as (
    select user_id, 'spend' as kind, created_at as at, points_spent::bigint as amount from orders
     where user_id = any($1::bigint[]) and trial = false and status <> 9
    union all
    select user_id, 'loss', created_at, points_spent::bigint from orders
     where user_id = any($1::bigint[]) and trial = false and status <> 9
    union all
    select user_id, 'loss', settled_at, -prize::bigint from orders
     where user_id = any($1::bigint[]) and trial = false and prize > 0 and settled_at is not null
    union all
    select user_id, 'deposit', created_at, points::bigint from deposits
     where user_id = any($1::bigint[]) and state in ('created', 'pending', 'paid', 'held')
    union all
    select redeemed_by, 'deposit', redeemed_at, points::bigint from pins
     where redeemed_by = any($1::bigint[]) and redeemed_at is not null
  ), windows as (
    select l.user_id, l.kind, l.period, l.amount as limit_amount, e.at,
           (select coalesce(sum(e2.amount), 0) from counted e2
             where e2.user_id = l.user_id and e2.kind = l.kind and e2.at <= e.at and e2.at > e.at - make_interval(hours => l.hours))::bigint as used
      from lim l join counted e on e.user_id = l.user_id and e.kind = l.kind and e.amount > 0
  )
  select user_id, kind, period, limit_amount, max(used)::bigint as worst, count(*)::int as windows
    from windows group by user_id, kind, period, limit_amount
   order by user_id, kind, period`;

export async function limitsCheck(client: pg.Client, memberIds: string[]): Promise<CheckResult> {
  const rows = (await client.query(LIMITS_SQL, [memberIds])).rows as Array<{ user_id: number; kind: string; period: string; limit_amount: number; worst: number; windows: number }>;
  const limits = (await client.query(`select count(*)::int as n from play_limits where user_id = any($1::bigint[]) and amount is not null`, [memberIds])).rows[0]?.n ?? 0;
  const over = rows.filter((r) => r.worst > r.limit_amount);
  const details = over.map((r) => `member ${r.user_id}: ${r.kind} ${r.period} limit ${r.limit_amount}, worst window ${r.worst}`);
  if (limits === 0) details.push('no chaos member had a limit: nothing was checked');
  return { id: '9', title: CHECK_TITLES['9']!, ok: over.length === 0 && limits > 0, offenders: over.length + (limits === 0 ? 1 : 0), details };
}
