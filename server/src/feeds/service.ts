import type { FeedConflictWire, ProductFeedStatus } from '@gp/common';
import type { FeedTargetType } from '../db/types.ts';
import type { DrawService } from '../games/draw/service.ts';
import type { KenoService } from '../games/keno/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { createFeedEngine, type FeedProduct } from './engine.ts';
import { createDrawsBoard } from './draws-board.ts';
import { publishThroughGame } from './publish.ts';
import { feedsRepo } from './repo.ts';
import { NO_FEED, resultFeeds, sourcesOf } from './sources.ts';
import type { FeedResult, ResultFeed } from './types.ts';

export type { ResultFeed } from './types.ts';
export type FeedsService = ReturnType<typeof createFeedsService>;

const iso = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : null);

/**
 * Official results from feeds (docs/result-feeds.md): the engine (run by jobs.ts), what the
 * console shows per product (`GET /api/admin/result-feeds`), a staff member's confirmation of a
 * single source's reading, the resolution of a conflict, and the draws screen's rows.
 * `feeds` replaces the adapters (tests give the same adapters other base URLs through config).
 */
export function createFeedsService(platform: Pick<Platform, 'db' | 'now' | 'logger' | 'config'>, games: { keno: KenoService; draws: DrawService }, feeds: readonly ResultFeed[] = resultFeeds(platform.config, platform.now)) {
  const { db, config } = platform;
  const engine = createFeedEngine(platform, games, feeds);

  /** Every product this deployment sells or draws, with how its results come in. */
  function allProducts(): Array<FeedProduct & { mode: 'simulated' | 'manual' | 'feeds' }> {
    const keno = games.keno.products().map((p) => ({ target: 'keno_draw' as const, productCode: p.code, mode: config.RESULT_SOURCE }));
    const owners = [...new Set(games.draws.products().map((p) => p.code))];
    return [...keno, ...owners.map((code) => ({ target: 'lottery_draw' as const, productCode: code, mode: config.DRAW_RESULT_SOURCE }))];
  }

  const conflictWire = (c: Awaited<ReturnType<typeof feedsRepo.openConflicts>>[number]): FeedConflictWire => ({
    id: String(c.id),
    targetType: c.target_type,
    targetId: String(c.target_id),
    productCode: c.product_code,
    issue: c.issue,
    kind: c.kind,
    source: c.source,
    published: c.published,
    reading: c.reading,
    raisedAt: iso(c.raised_at)!,
  });

  async function awaitingOf(target: FeedTargetType, productCode: string) {
    const now = platform.now();
    const due = await feedsRepo.dueDraws(db, target, productCode, new Date(now.getTime() - 7 * 24 * 3600_000), now, 20);
    const readings = await feedsRepo.latestReadings(db, target, due.map((d) => d.id));
    return due.map((d) => {
      const mine = readings.filter((r) => r.target_id === d.id);
      return {
        targetType: target,
        targetId: String(d.id),
        issue: d.issue,
        drawAt: iso(d.draw_at)!,
        readings: mine.map((r) => ({ source: r.source, result: r.result, seenAt: iso(r.last_seen_at)! })),
        canConfirm: mine.length === 1,
      };
    });
  }

  return {
    engine,

    async status(): Promise<ProductFeedStatus[]> {
      const now = platform.now();
      const fetches = await feedsRepo.fetches(db);
      const conflicts = await feedsRepo.openConflicts(db);
      const out: ProductFeedStatus[] = [];
      for (const { target, productCode, mode } of allProducts()) {
        const sources = sourcesOf(feeds, productCode).map((source) => {
          const f = fetches.find((x) => x.product_code === productCode && x.source === source);
          return { source, lastFetchAt: iso(f?.last_fetch_at), lastAnswer: f?.last_answer ?? null, lastError: f?.last_error ?? null, lastOkAt: iso(f?.last_ok_at), failures: f?.failures ?? 0 };
        });
        const { last, oldestDue } = await feedsRepo.productTimes(db, target, productCode, now);
        const lagSeconds = oldestDue ? Math.max(0, Math.floor((now.getTime() - oldestDue.draw_at.getTime()) / 1000)) : null;
        const mine = conflicts.filter((c) => c.product_code === productCode).map(conflictWire);
        const state = mine.length ? 'disagree' : sources.some((s) => s.lastAnswer === 'down') ? 'failing' : lagSeconds !== null && lagSeconds > config.RESULT_FEED_LATE_SECONDS ? 'late' : 'ok';
        out.push({
          productCode,
          mode,
          sources,
          noFeed: sources.length ? null : (NO_FEED[productCode] ?? 'no_adapter'),
          lastResult: last ? { issue: last.issue, drawAt: iso(last.draw_at)!, drawnAt: iso(last.drawn_at), resultSource: last.result_source } : null,
          lagSeconds,
          state,
          awaiting: mode === 'feeds' && sources.length ? await awaitingOf(target, productCode) : [],
          conflicts: mine,
        });
      }
      return out;
    },

    /**
     * One staff member confirms the only reading of a due draw (reference: "one source plus one
     * staff confirmation where only one exists"): refused when no source or more than one has
     * answered (two sources publish by themselves, or disagree), or the draw is not waiting for a
     * result. Publishes through the game's entry path; audited as `result.feed_confirmed`.
     */
    async confirm(actor: StaffActor, target: FeedTargetType, targetId: number, source: string) {
      const draw = await feedsRepo.draw(db, target, targetId);
      if (!draw) throw new AppError('not_found');
      if (draw.status !== 'scheduled') throw new AppError('result_exists');
      const mode = target === 'keno_draw' ? config.RESULT_SOURCE : config.DRAW_RESULT_SOURCE;
      if (mode !== 'feeds' || draw.draw_at > platform.now()) throw new AppError('validation_failed', { fields: { targetId: 'invalid' } });
      const readings = await feedsRepo.latestReadings(db, target, [targetId]);
      const reading = readings.find((r) => r.source === source);
      if (!reading) throw new AppError('validation_failed', { fields: { source: 'invalid' } });
      if (readings.length > 1) throw new AppError('validation_failed', { fields: { source: 'invalid' } });
      const done = await publishThroughGame(games, target, { id: targetId, productCode: draw.product_code }, [reading.result as FeedResult], []);
      if (!done) throw new AppError('result_exists');
      await db.transaction().execute((trx) => recordAudit(trx, actor, { action: 'result.feed_confirmed', targetType: target, targetId, after: { source, result: reading.result } }, platform.now()));
      return { state: 'published' as const };
    },

    /**
     * Resolves an open conflict: the published result stands. Once no after-publication conflict of
     * the draw is open, its settlement goes on (the settlement sweep picks it up). A different
     * result is not applied here: a corrected result after payouts is a matter for adjustments.
     */
    async resolve(actor: StaffActor, conflictId: number, note: string) {
      const resolved = await db.transaction().execute(async (trx) => {
        const row = await feedsRepo.conflict(trx, conflictId);
        if (!row) throw new AppError('not_found');
        const done = await feedsRepo.resolveConflict(trx, conflictId, actor.id, note, platform.now());
        if (!done) throw new AppError('result_exists');
        await recordAudit(trx, actor, { action: 'result.feed_conflict_resolved', targetType: row.target_type, targetId: row.target_id, after: { conflictId, note } }, platform.now());
        return done;
      });
      if (resolved.stillOpen === 0) await (resolved.target === 'keno_draw' ? games.keno.holdResult(resolved.targetId, null) : games.draws.holdResult(resolved.targetId, null));
      return { released: resolved.stillOpen === 0 };
    },

    /** Open conflicts (the order queue's `result_conflict` items). */
    openConflicts: async () => (await feedsRepo.openConflicts(db)).map(conflictWire),

    ...createDrawsBoard(platform, games.draws),
  };
}
