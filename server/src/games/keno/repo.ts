import type { KenoResult } from '@gp/common';
import type { Executor } from '../../db/database.ts';
import type { ResultSourceKind } from '../../db/types.ts';
import { markDrawDrawn, scheduledDrawsBetween, setResultHeld, type NewDrawRow } from '../draw-core/draw-tables-repo.ts';

/** A keno draw to schedule. */
export type NewDraw = NewDrawRow;

/** Rows per INSERT: a 6-hour batch of a 4-second demo schedule is 5,400 draws. */
const INSERT_CHUNK = 1000;

export const drawsRepo = {
  /**
   * Inserts the draws that do not exist yet and returns only those. `on conflict do nothing` on
   * (product_code, issue) makes a repeated or concurrent scheduler pass harmless: an existing
   * draw keeps its first seed, so its published hash never changes.
   */
  async insertMissing(db: Executor, draws: readonly NewDraw[]) {
    const inserted: Array<{ id: number; draw_at: Date }> = [];
    for (let i = 0; i < draws.length; i += INSERT_CHUNK) {
      const rows = await db
        .insertInto('draws')
        .values(draws.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['product_code', 'issue']).doNothing())
        .returning(['id', 'draw_at'])
        .execute();
      inserted.push(...rows);
    }
    return inserted;
  },

  /** The issues of a product already stored with `from ≤ draw_at ≤ until`: the scheduler makes (and seeds) only the others. */
  async issuesBetween(db: Executor, productCode: string, from: Date, until: Date): Promise<Set<string>> {
    const rows = await db.selectFrom('draws').select('issue').where('product_code', '=', productCode).where('draw_at', '>=', from).where('draw_at', '<=', until).execute();
    return new Set(rows.map((row) => row.issue));
  },

  /** Draws still waiting for their result with `from ≤ draw_at < until` (those the draw job must cover). */
  scheduledBetween(db: Executor, from: Date, until: Date) {
    return scheduledDrawsBetween(db, 'draws', from, until);
  },

  find(db: Executor, id: number) {
    return db.selectFrom('draws').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Publishes a result, exactly once (see db/draw-tables-repo.ts). */
  markDrawn(db: Executor, id: number, result: KenoResult, source: ResultSourceKind, drawnAt: Date) {
    return markDrawDrawn(db, 'draws', id, result, source, drawnAt);
  },

  /** Holds (or lets go) the settlement of a drawn draw whose result a feed contradicts. */
  setResultHeld: (db: Executor, id: number, at: Date | null) => setResultHeld(db, 'draws', id, at),

  /** What a game clock needs: the draws from `from` on, in order. */
  upcoming(db: Executor, productCode: string, from: Date, limit: number) {
    return db
      .selectFrom('draws')
      .select(['issue', 'sales_open_at', 'sales_close_at', 'draw_at'])
      .where('product_code', '=', productCode)
      .where('draw_at', '>', from)
      .orderBy('draw_at')
      .limit(limit)
      .execute();
  },

  /** `open`: on sale at `now`; `closed`: past its cut-off, no result yet; both soonest first. */
  listScheduled(db: Executor, productCode: string, status: 'open' | 'closed' | 'upcoming', now: Date, limit: number) {
    let query = db.selectFrom('draws').selectAll().where('product_code', '=', productCode).where('status', '=', 'scheduled');
    if (status === 'open') query = query.where('sales_open_at', '<=', now).where('sales_close_at', '>', now);
    else if (status === 'closed') query = query.where('sales_close_at', '<=', now);
    else query = query.where('draw_at', '>', now);
    return query.orderBy('draw_at').limit(limit).execute();
  },

  /** Drawn issues, newest first. */
  listDrawn(db: Executor, productCode: string, limit: number, offset = 0) {
    return db
      .selectFrom('draws')
      .selectAll()
      .where('product_code', '=', productCode)
      .where('status', '=', 'drawn')
      .orderBy('draw_at', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async countDrawn(db: Executor, productCode: string) {
    const row = await db
      .selectFrom('draws')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('product_code', '=', productCode)
      .where('status', '=', 'drawn')
      .executeTakeFirstOrThrow();
    return Number(row.total);
  },
};
