import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { FeedTargetType } from '../db/types.ts';

export interface BoardDrawRow {
  target_type: FeedTargetType;
  id: number;
  product_code: string;
  issue: string;
  draw_at: Date;
  status: 'scheduled' | 'drawn' | 'void';
  result: unknown;
  result_source: string | null;
  result_held_at: Date | null;
  jackpot: string | number | null;
  jackpot_source: string | null;
}

/** The draws screen's SQL: keno's `draws` and the draw lotteries' `lottery_draws` as one list, and their orders by status. */
export const drawsBoardRepo = {
  /** Draws whose sales have opened, newest draw time first, of `productCode` when given. */
  async page(db: Executor, productCode: string | undefined, now: Date, limit: number, offset: number) {
    const filter = productCode ? sql`and product_code = ${productCode}` : sql``;
    const all = sql`
      select 'keno_draw' as target_type, id, product_code, issue, draw_at, status, result, result_source, result_held_at, null::bigint as jackpot, null::text as jackpot_source
        from draws where sales_open_at <= ${now} ${filter}
      union all
      select 'lottery_draw', id, product_code, issue, draw_at, status, result, result_source, result_held_at, jackpot, jackpot_source
        from lottery_draws where sales_open_at <= ${now} ${filter}`;
    const [rows, total] = await Promise.all([
      sql<BoardDrawRow>`select * from (${all}) d order by draw_at desc, id desc limit ${limit} offset ${offset}`.execute(db),
      sql<{ n: string }>`select count(*) as n from (${all}) d`.execute(db),
    ]);
    return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
  },

  /** Per draw of these: orders by status, points charged for real orders (not trial, not refunded), settled and still to settle. */
  async orders(db: Executor, target: FeedTargetType, ids: readonly number[]) {
    if (ids.length === 0) return [];
    const column = sql.ref(target === 'keno_draw' ? 'draw_id' : 'lottery_draw_id');
    const { rows } = await sql<{ draw: number; status: number; n: string; points: string; settled: string; to_settle: string }>`
      select ${column} as draw, status, count(*) as n,
             coalesce(sum(points_spent) filter (where not trial and status <> 9), 0) as points,
             count(*) filter (where settled_at is not null) as settled,
             count(*) filter (where status in (2, 8) and settled_at is null) as to_settle
        from orders where ${column} = any(${[...ids]}::bigint[])
       group by 1, 2`.execute(db);
    return rows;
  },

  /** The division rows of these lottery draws (amounts per unit, minor units). */
  divisions: (db: Executor, ids: readonly number[]) =>
    ids.length === 0 ? Promise.resolve([]) : db.selectFrom('lottery_draw_divisions').select(['draw_id', 'product_code', 'play', 'division', 'amount']).where('draw_id', 'in', [...ids]).execute(),

  /** The sources and fingerprints of the readings of these draws. */
  readings: (db: Executor, target: FeedTargetType, ids: readonly number[]) =>
    ids.length === 0 ? Promise.resolve([]) : db.selectFrom('result_feed_readings').select(['target_id', 'source', 'fingerprint']).where('target_type', '=', target).where('target_id', 'in', [...ids]).execute(),
};
