import type { KenoResult } from '@gp/common';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { NewDraw } from './repo.ts';

/** A past draw as the history backfill writes it: drawn already, its seed committed and revealed. */
export interface PastDraw extends NewDraw {
  result: KenoResult;
}

export const historyRepo = {
  /** Which of these products have any draw at all (the backfill fills only a fresh install): one index probe each. */
  async productsWithDraws(db: Executor, productCodes: readonly string[]): Promise<Set<string>> {
    if (productCodes.length === 0) return new Set();
    const { rows } = await sql<{ code: string }>`select code from unnest(${[...productCodes]}::text[]) as code where exists (select 1 from draws where product_code = code)`.execute(db);
    return new Set(rows.map((row) => row.code));
  },

  /**
   * Writes past draws as drawn, their result from the simulated source (`result_source` simulated,
   * drawn at their draw time). `on conflict do nothing`: a concurrent second start inserts nothing.
   */
  async insertDrawn(db: Executor, draws: readonly PastDraw[]): Promise<number> {
    if (draws.length === 0) return 0;
    const rows = await db
      .insertInto('draws')
      .values(
        draws.map(({ result, ...draw }) => ({
          ...draw,
          status: 'drawn',
          result: JSON.stringify(result),
          result_source: 'simulated',
          drawn_at: draw.draw_at,
        })),
      )
      .onConflict((oc) => oc.columns(['product_code', 'issue']).doNothing())
      .returning('id')
      .execute();
    return rows.length;
  },
};
