import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ResultSourceKind } from '../../db/types.ts';
import { markDrawDrawn, scheduledDrawsBetween, setResultHeld, type NewDrawRow } from '../draw-core/draw-tables-repo.ts';

/** A draw-lottery draw to schedule: a keno draw's columns and the jackpot it starts with. */
export interface NewLotteryDraw extends NewDrawRow {
  jackpot: number | null;
  jackpot_source: 'base' | 'simulated' | null;
}

export interface DivisionAmount {
  division: number;
  amount?: number;
  winners?: number;
}

/** The draw lotteries' tables: `lottery_draws` and `lottery_draw_divisions` (migration 0010). */
export const lotteryDrawsRepo = {
  /** Inserts the draws that do not exist yet (a repeated or concurrent pass is harmless: an existing draw keeps its seed). */
  async insertMissing(db: Executor, draws: readonly NewLotteryDraw[]) {
    if (draws.length === 0) return [];
    return db
      .insertInto('lottery_draws')
      .values(draws.map((d) => ({ ...d })))
      .onConflict((oc) => oc.columns(['product_code', 'issue']).doNothing())
      .returning(['id', 'product_code', 'draw_at'])
      .execute();
  },

  /** Past draws stored drawn at once (the simulated history of a fresh install). */
  async insertDrawn(db: Executor, draws: ReadonlyArray<NewLotteryDraw & { result: unknown }>) {
    if (draws.length === 0) return [];
    return db
      .insertInto('lottery_draws')
      .values(draws.map(({ result, ...d }) => ({ ...d, status: 'drawn' as const, result: JSON.stringify(result), result_source: 'simulated' as const, drawn_at: d.draw_at })))
      .onConflict((oc) => oc.columns(['product_code', 'issue']).doNothing())
      .returning(['id', 'product_code', 'issue'])
      .execute();
  },

  /** Each product's latest draw (by draw time), in one query: the scheduling pass's starting points. */
  async latestOf(db: Executor, productCodes: readonly string[]) {
    const rows =
      productCodes.length === 0
        ? []
        : await db
            .selectFrom('lottery_draws')
            .distinctOn('product_code')
            .select(['product_code', 'id', 'draw_at', 'jackpot'])
            .where('product_code', 'in', productCodes)
            .orderBy('product_code')
            .orderBy('draw_at', 'desc')
            .execute();
    return new Map(rows.map((row) => [row.product_code, row]));
  },

  find(db: Executor, id: number) {
    return db.selectFrom('lottery_draws').selectAll().where('id', '=', id).executeTakeFirst();
  },

  byIssue(db: Executor, productCode: string, issue: string) {
    return db.selectFrom('lottery_draws').selectAll().where('product_code', '=', productCode).where('issue', '=', issue).executeTakeFirst();
  },

  /** Draws waiting for their result with `from ≤ draw_at < until`. */
  scheduledBetween(db: Executor, productCodes: readonly string[], from: Date, until: Date) {
    if (productCodes.length === 0) return Promise.resolve([]);
    return scheduledDrawsBetween(db, 'lottery_draws', from, until, productCodes);
  },

  /** Conditional on `scheduled`: of a job, its retry and an operator's entry exactly one wins (see db/draw-tables-repo.ts). */
  markDrawn(db: Executor, id: number, result: unknown, source: ResultSourceKind, drawnAt: Date) {
    return markDrawDrawn(db, 'lottery_draws', id, result, source, drawnAt);
  },

  /** Holds (or lets go) the settlement of a drawn draw whose result a feed contradicts. */
  setResultHeld: (db: Executor, id: number, at: Date | null) => setResultHeld(db, 'lottery_draws', id, at),

  setJackpot(db: Executor, id: number, amount: number, source: 'operator' | 'simulated' | 'feed') {
    return db.updateTable('lottery_draws').set({ jackpot: amount, jackpot_source: source }).where('id', '=', id).returningAll().executeTakeFirst();
  },

  /**
   * `open`: on sale now (the first draw not yet closed); `upcoming`: not closed, soonest first;
   * `closed`: past the cut-off, no result; `drawn`: newest first.
   */
  list(db: Executor, productCode: string, status: 'open' | 'upcoming' | 'closed' | 'drawn', now: Date, limit: number, offset = 0) {
    let query = db.selectFrom('lottery_draws').selectAll().where('product_code', '=', productCode);
    if (status === 'drawn') return query.where('status', '=', 'drawn').orderBy('draw_at', 'desc').limit(limit).offset(offset).execute();
    query = query.where('status', '=', 'scheduled');
    if (status === 'closed') query = query.where('sales_close_at', '<=', now);
    else query = query.where('sales_close_at', '>', now);
    return query
      .orderBy('draw_at')
      .limit(status === 'open' ? 1 : limit)
      .execute();
  },

  async countDrawn(db: Executor, productCode: string) {
    const row = await db.selectFrom('lottery_draws').select((eb) => eb.fn.countAll<string>().as('total')).where('product_code', '=', productCode).where('status', '=', 'drawn').executeTakeFirstOrThrow();
    return Number(row.total);
  },

  /** The next `count` draws of a product still on sale at `at`, from `issue` on when given (multi-draw). */
  async onSaleFrom(db: Executor, productCode: string, at: Date, count: number, fromDrawAt?: Date) {
    let query = db.selectFrom('lottery_draws').selectAll().where('product_code', '=', productCode).where('status', '=', 'scheduled').where('sales_close_at', '>', at);
    if (fromDrawAt) query = query.where('draw_at', '>=', fromDrawAt);
    return query.orderBy('draw_at').limit(count).execute();
  },

  /** Division rows of draws (amounts, official winners), for a product (TWA04 keeps its own on TWA03's draws). */
  divisions(db: Executor, drawIds: readonly number[], productCodes?: readonly string[]) {
    if (drawIds.length === 0) return Promise.resolve([]);
    let query = db.selectFrom('lottery_draw_divisions').selectAll().where('draw_id', 'in', drawIds);
    if (productCodes?.length) query = query.where('product_code', 'in', productCodes);
    return query.execute();
  },

  /**
   * Records pool amounts and official winner counts. An amount already entered stays (a second
   * entry of a different amount would pay two members of one division differently): returns the
   * divisions whose amount was refused because it differs from the one on record.
   */
  async upsertDivisions(db: Executor, drawId: number, productCode: string, play: string, items: readonly DivisionAmount[], at: Date) {
    const conflicts: number[] = [];
    for (const item of items) {
      const row = await db
        .insertInto('lottery_draw_divisions')
        .values({ draw_id: drawId, product_code: productCode, play, division: item.division, amount: item.amount ?? null, winners: item.winners ?? null, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['draw_id', 'product_code', 'play', 'division']).doUpdateSet({
            amount: sql`coalesce(lottery_draw_divisions.amount, excluded.amount)`,
            winners: sql`coalesce(excluded.winners, lottery_draw_divisions.winners)`,
            updated_at: at,
          }),
        )
        .returning(['division', 'amount'])
        .executeTakeFirstOrThrow();
      if (item.amount !== undefined && row.amount !== null && Number(row.amount) !== item.amount) conflicts.push(item.division);
    }
    return conflicts;
  },

  /** Division amounts of many draws at once (the simulated history), first entry wins. */
  async insertDivisions(db: Executor, rows: ReadonlyArray<{ draw_id: number; product_code: string; play: string; division: number; amount: number; updated_at: Date }>) {
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insertInto('lottery_draw_divisions')
        .values(rows.slice(i, i + 1000).map((r) => ({ ...r })))
        .onConflict((oc) => oc.columns(['draw_id', 'product_code', 'play', 'division']).doNothing())
        .execute();
    }
  },

  /** Our winning lines per division (the settlement's count; caps share by it when no official count is entered). */
  async setOurWinners(db: Executor, drawId: number, productCode: string, counts: ReadonlyArray<{ play: string; division: number; lines: number }>, at: Date) {
    for (const { play, division, lines } of counts) {
      await db
        .insertInto('lottery_draw_divisions')
        .values({ draw_id: drawId, product_code: productCode, play, division, our_winners: lines, updated_at: at })
        .onConflict((oc) => oc.columns(['draw_id', 'product_code', 'play', 'division']).doUpdateSet({ our_winners: lines, updated_at: at }))
        .execute();
    }
  },

  /** The results of the last `limit` drawn draws, oldest first (number statistics). */
  recentResults(db: Executor, productCode: string, limit: number) {
    return db.selectFrom('lottery_draws').select(['issue', 'draw_at', 'result']).where('product_code', '=', productCode).where('status', '=', 'drawn').orderBy('draw_at', 'desc').limit(limit).execute();
  },
};
