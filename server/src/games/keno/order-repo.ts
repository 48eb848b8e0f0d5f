import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** See `kenoOrdersRepo.stillOnSale`: one object, so placements can tell which check they share. */
const STILL_ON_SALE = sql<boolean>`exists (select 1 from draws where id = s.sale_id and status = 'scheduled'
   and sales_open_at <= s.sale_at and s.sale_at < sales_close_at and sales_close_at = s.sale_close_at)`;

/**
 * The keno queries of the order pipeline. The `draws` table belongs to the keno module (scheduler,
 * results); orders only read it, inside the placement transaction when there is one.
 */
export const kenoOrdersRepo = {
  /** The draw of `issue` of a product, whatever its status. */
  draw(db: Executor, productCode: string, issue: string) {
    return db
      .selectFrom('draws')
      .select(['id', 'issue', 'sales_open_at', 'sales_close_at', 'status'])
      .where('product_code', '=', productCode)
      .where('issue', '=', issue)
      .executeTakeFirst();
  },

  /**
   * True (in SQL) while the draw of an order placed in one statement (orders/placement.ts) is
   * still on sale as it was read: of its row `s` in that statement, with the columns `sale_id`
   * (the draw), `sale_at` (when the order was placed) and `sale_close_at` (the cut-off as read).
   */
  stillOnSale: () => STILL_ON_SALE,

  /** The results of these draws (null until drawn), by draw id: what a page of keno orders shows as `officialResult`. */
  async results(db: Executor, drawIds: readonly number[]): Promise<Map<number, unknown>> {
    const wanted = [...new Set(drawIds)];
    if (wanted.length === 0) return new Map();
    const rows = await db.selectFrom('draws').select(['id', 'result']).where('id', 'in', wanted).execute();
    return new Map(rows.map((row) => [row.id, row.result]));
  },

  /** The issue on sale at `at`, or else the next one to open (what `sales_closed` names). */
  nextOnSale(db: Executor, productCode: string, at: Date) {
    return db
      .selectFrom('draws')
      .select(['issue'])
      .where('product_code', '=', productCode)
      .where('status', '=', 'scheduled')
      .where('sales_close_at', '>', at)
      .orderBy('draw_at')
      .limit(1)
      .executeTakeFirst();
  },
};
