import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { FeedTargetType } from '../db/types.ts';

const tableOf = (target: FeedTargetType) => (target === 'keno_draw' ? 'draws' : 'lottery_draws');

/** The result feeds' SQL: readings, fetches and conflicts (migration 0027), and what they read of the draw tables. */
export const feedsRepo = {
  /** Draws of a product past their draw time, still without a result, drawn after `since`, oldest first. */
  dueDraws(db: Executor, target: FeedTargetType, productCode: string, since: Date, now: Date, limit: number) {
    return db
      .selectFrom(tableOf(target))
      .select(['id', 'issue', 'draw_at', 'status', 'result', 'result_held_at'])
      .where('product_code', '=', productCode)
      .where('status', '=', 'scheduled')
      .where('draw_at', '<=', now)
      .where('draw_at', '>=', since)
      .orderBy('draw_at')
      .limit(limit)
      .execute();
  },

  /** Draws of a product drawn since `since`, newest first: re-read for corrections (reference §10.5). */
  recentDrawn(db: Executor, target: FeedTargetType, productCode: string, since: Date, limit: number) {
    return db
      .selectFrom(tableOf(target))
      .select(['id', 'issue', 'draw_at', 'status', 'result', 'result_held_at'])
      .where('product_code', '=', productCode)
      .where('status', '=', 'drawn')
      .where('draw_at', '>=', since)
      .orderBy('draw_at', 'desc')
      .limit(limit)
      .execute();
  },

  draw(db: Executor, target: FeedTargetType, id: number) {
    return db.selectFrom(tableOf(target)).select(['id', 'product_code', 'issue', 'draw_at', 'sales_close_at', 'status', 'result', 'result_held_at']).where('id', '=', id).executeTakeFirst();
  },

  /** The next draw of a product not yet drawn (a feed's advertised jackpot is its). */
  nextLotteryDraw(db: Executor, productCode: string, now: Date) {
    return db.selectFrom('lottery_draws').select(['id', 'jackpot']).where('product_code', '=', productCode).where('status', '=', 'scheduled').where('draw_at', '>', now).orderBy('draw_at').limit(1).executeTakeFirst();
  },

  /** Records a reading: a new one, or the same one seen again (its `last_seen_at` moves). */
  async saveReading(db: Executor, row: { target: FeedTargetType; targetId: number; productCode: string; issue: string; source: string; result: unknown; fingerprint: string; divisions: unknown; nextJackpot: number | null; drawnAt: Date | null }, now: Date) {
    const divisions = JSON.stringify(row.divisions);
    await db
      .insertInto('result_feed_readings')
      .values({
        target_type: row.target,
        target_id: row.targetId,
        product_code: row.productCode,
        issue: row.issue,
        source: row.source,
        result: JSON.stringify(row.result),
        fingerprint: row.fingerprint,
        divisions,
        next_jackpot: row.nextJackpot,
        drawn_at: row.drawnAt,
        first_seen_at: now,
        last_seen_at: now,
      })
      .onConflict((oc) => oc.columns(['target_type', 'target_id', 'source', 'fingerprint']).doUpdateSet({ last_seen_at: now, divisions, next_jackpot: row.nextJackpot }))
      .execute();
  },

  /** Each source's latest reading of these draws (the one last seen). */
  latestReadings(db: Executor, target: FeedTargetType, targetIds: readonly number[]) {
    if (targetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('result_feed_readings')
      .selectAll()
      .distinctOn(['target_id', 'source'])
      .where('target_type', '=', target)
      .where('target_id', 'in', [...targetIds])
      .orderBy('target_id')
      .orderBy('source')
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  async recordFetch(db: Executor, productCode: string, source: string, answer: 'reading' | 'not_yet' | 'down', error: string | null, now: Date) {
    const ok = answer !== 'down';
    await db
      .insertInto('result_feed_fetches')
      .values({ product_code: productCode, source, last_fetch_at: now, last_answer: answer, last_error: error, last_ok_at: ok ? now : null, failures: ok ? 0 : 1 })
      .onConflict((oc) =>
        oc.columns(['product_code', 'source']).doUpdateSet({
          last_fetch_at: now,
          last_answer: answer,
          last_error: error,
          last_ok_at: ok ? now : sql`result_feed_fetches.last_ok_at`,
          failures: ok ? 0 : sql`result_feed_fetches.failures + 1`,
        }),
      )
      .execute();
  },

  fetches: (db: Executor) => db.selectFrom('result_feed_fetches').selectAll().execute(),

  /** Raises a conflict once per draw, source and reading; the id when this call raised it. */
  async raiseConflict(db: Executor, row: { target: FeedTargetType; targetId: number; productCode: string; issue: string; kind: 'after_publication' | 'sources_disagree'; source: string; fingerprint: string; published: unknown; reading: unknown }, now: Date) {
    const inserted = await db
      .insertInto('result_feed_conflicts')
      .values({
        target_type: row.target,
        target_id: row.targetId,
        product_code: row.productCode,
        issue: row.issue,
        kind: row.kind,
        source: row.source,
        fingerprint: row.fingerprint,
        published: row.published === null ? null : JSON.stringify(row.published),
        reading: JSON.stringify(row.reading),
        raised_at: now,
      })
      .onConflict((oc) => oc.columns(['target_type', 'target_id', 'source', 'fingerprint']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? inserted.id : null;
  },

  openConflicts: (db: Executor, limit = 200) => db.selectFrom('result_feed_conflicts').selectAll().where('resolved_at', 'is', null).orderBy('raised_at').limit(limit).execute(),

  conflict: (db: Executor, id: number) => db.selectFrom('result_feed_conflicts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

  /** Resolves an open conflict (conditional: resolved once); how many of the draw's after-publication conflicts stay open. */
  async resolveConflict(db: Executor, id: number, by: number, resolution: string, now: Date) {
    const row = await db.updateTable('result_feed_conflicts').set({ resolved_at: now, resolved_by: by, resolution }).where('id', '=', id).where('resolved_at', 'is', null).returning(['target_type', 'target_id']).executeTakeFirst();
    if (!row) return null;
    const open = await db
      .selectFrom('result_feed_conflicts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('target_type', '=', row.target_type)
      .where('target_id', '=', row.target_id)
      .where('kind', '=', 'after_publication')
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { target: row.target_type, targetId: row.target_id, stillOpen: Number(open.n) };
  },

  /** Per product: its newest published draw and its oldest draw past due without a result (the lag). */
  async productTimes(db: Executor, target: FeedTargetType, productCode: string, now: Date) {
    const table = tableOf(target);
    const [last, oldestDue] = await Promise.all([
      db.selectFrom(table).select(['issue', 'draw_at', 'drawn_at', 'result_source']).where('product_code', '=', productCode).where('status', '=', 'drawn').orderBy('draw_at', 'desc').limit(1).executeTakeFirst(),
      db.selectFrom(table).select(['issue', 'draw_at']).where('product_code', '=', productCode).where('status', '=', 'scheduled').where('draw_at', '<=', now).orderBy('draw_at').limit(1).executeTakeFirst(),
    ]);
    return { last, oldestDue };
  },

  /** Pool amounts on record for a draw-lottery draw. */
  recordedAmounts: (db: Executor, drawId: number) => db.selectFrom('lottery_draw_divisions').select(['product_code', 'play', 'division', 'amount']).where('draw_id', '=', drawId).where('amount', 'is not', null).execute(),
};
