import { DRAW_PRODUCTS, isDrawCode } from '@gp/common';
import type { FeedTargetType } from '../db/types.ts';
import type { DrawService } from '../games/draw/service.ts';
import { drawingProductOf } from '../games/draw/service.ts';
import type { KenoService } from '../games/keno/service.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit } from '../staff/service.ts';
import { agreedDivisions, fingerprintOf, publishedFingerprint, publishThroughGame } from './publish.ts';
import { feedsRepo } from './repo.ts';
import { feedsOf } from './sources.ts';
import type { DrawRef, FeedAnswer, FeedReading, FeedResult, ResultFeed } from './types.ts';

/** How far back a pass looks for draws still without a result, and re-reads published ones for corrections (reference §10.5: 24–72 h). */
const LOOKBACK_MS: Record<FeedTargetType, number> = { keno_draw: 24 * 3600_000, lottery_draw: 7 * 24 * 3600_000 };
const RECHECK_MS = 72 * 3600_000;
/** Per product and pass: due draws asked by number, published ones re-read (beyond what `latest` answers). Keeps the rate low (§10.7). */
const MAX_DUE = 6;
const MAX_RECHECK = 2;
/** A reading's date more than this far from our draw time names another draw: refused (§10.2, "the date on the game's schedule"). */
const DATE_SLACK_MS = 36 * 3600_000;

export interface FeedProduct {
  target: FeedTargetType;
  productCode: string;
}

type DrawRow = { id: number; issue: string; draw_at: Date; status: string; result: unknown; result_held_at: Date | null };

/** How a reading names a draw: the issue, or the New York date for the US games (numbered by date). */
export const drawKeyOf = (productCode: string, issue: string) => (isDrawCode(productCode) && DRAW_PRODUCTS[productCode].numbering.kind === 'date' ? issue.slice(0, 10) : issue);

export type FeedEngine = ReturnType<typeof createFeedEngine>;

/**
 * The result-feed engine (reference §10): each pass, for every product read from feeds, asks each
 * of its sources for the newest draw and for the draws that are due, stores every reading tagged
 * with its source, and then
 * - publishes a due draw's result when two independent sources agree (through the game's own
 *   entry path, so settlement follows as for four-eyes entry); one source alone waits for a staff
 *   confirmation (service.ts `confirm`); two sources that disagree raise a conflict for staff;
 * - compares every reading of a published draw with what was published: a difference is never
 *   applied — it holds the draw's settlement and raises a conflict (the queue shows it);
 * - records pool amounts a source gives for a published draw whose result it confirms, and the
 *   jackpot a source advertises for the next draw.
 */
export function createFeedEngine(platform: Pick<Platform, 'db' | 'now' | 'logger' | 'config'>, games: { keno: KenoService; draws: DrawService }, feeds: readonly ResultFeed[]) {
  const { db, logger } = platform;

  /** The products this deployment reads from feeds: keno with RESULT_SOURCE=feeds, draw lotteries (the products owning draws) with DRAW_RESULT_SOURCE=feeds. */
  function products(): FeedProduct[] {
    const out: FeedProduct[] = [];
    if (platform.config.RESULT_SOURCE === 'feeds') for (const p of games.keno.products()) out.push({ target: 'keno_draw', productCode: p.code });
    if (platform.config.DRAW_RESULT_SOURCE === 'feeds') for (const code of new Set(games.draws.products().map(drawingProductOf))) out.push({ target: 'lottery_draw', productCode: code });
    return out;
  }

  /** One source's answers for the draws wanted: `latest` first, then by number what `latest` did not cover (stopping at the first `down`). */
  async function ask(feed: ResultFeed, productCode: string, wanted: DrawRef[]): Promise<FeedReading[]> {
    const readings: FeedReading[] = [];
    const answers: FeedAnswer[] = [await feed.latest(productCode)];
    const first = answers[0]!;
    if (first.state === 'reading') readings.push(first.reading);
    if (feed.byDrawNumber && first.state !== 'down') {
      for (const draw of wanted) {
        if (readings.some((r) => r.drawNumber === drawKeyOf(productCode, draw.issue))) continue;
        const answer = await feed.byDrawNumber(productCode, draw);
        answers.push(answer);
        if (answer.state === 'reading') readings.push(answer.reading);
        if (answer.state === 'down') break;
      }
    }
    const down = answers.find((a): a is Extract<FeedAnswer, { state: 'down' }> => a.state === 'down');
    await feedsRepo.recordFetch(db, productCode, feed.source, down ? 'down' : readings.length ? 'reading' : 'not_yet', down?.reason ?? null, platform.now());
    if (down) logger.warn({ productCode, source: feed.source, reason: down.reason }, 'result feed down');
    return readings;
  }

  async function pollProduct({ target, productCode }: FeedProduct) {
    const sources = feedsOf(feeds, productCode);
    if (sources.length === 0) return { published: 0, conflicts: 0 };
    const now = platform.now();
    const due = await feedsRepo.dueDraws(db, target, productCode, new Date(now.getTime() - LOOKBACK_MS[target]), now, MAX_DUE);
    const recent = await feedsRepo.recentDrawn(db, target, productCode, new Date(now.getTime() - RECHECK_MS), MAX_RECHECK);
    const draws: DrawRow[] = [...due, ...recent];
    const byKey = new Map(draws.map((d) => [drawKeyOf(productCode, d.issue), d]));
    for (const feed of sources) {
      for (const reading of await ask(feed, productCode, draws.map((d) => ({ issue: d.issue, drawAt: d.draw_at })))) {
        const draw = byKey.get(reading.drawNumber);
        if (!draw) continue; // a draw we do not have (older, or not due yet here)
        if (reading.drawnAt && Math.abs(reading.drawnAt.getTime() - draw.draw_at.getTime()) > DATE_SLACK_MS) {
          await feedsRepo.recordFetch(db, productCode, feed.source, 'down', `draw ${reading.drawNumber} is dated ${reading.drawnAt.toISOString()}, ours ${draw.draw_at.toISOString()}`, platform.now());
          continue;
        }
        await feedsRepo.saveReading(
          db,
          { target, targetId: draw.id, productCode, issue: draw.issue, source: feed.source, result: reading.result, fingerprint: fingerprintOf(reading.result), divisions: reading.divisions, nextJackpot: reading.nextJackpot, drawnAt: reading.drawnAt },
          platform.now(),
        );
      }
    }
    let published = 0;
    let conflicts = 0;
    for (const draw of due) {
      const outcome = await decide(target, productCode, draw);
      if (outcome === 'published') published++;
      if (outcome === 'conflict') conflicts++;
    }
    for (const draw of recent) conflicts += await compareWithPublished(target, productCode, draw, draw === recent[0]);
    return { published, conflicts };
  }

  /** A due draw: published when two sources agree; a conflict when two disagree; else it waits (a second source, or a staff confirmation). */
  async function decide(target: FeedTargetType, productCode: string, draw: DrawRow): Promise<'published' | 'conflict' | 'waiting'> {
    const latest = await feedsRepo.latestReadings(db, target, [draw.id]);
    const fingerprints = new Set(latest.map((r) => r.fingerprint));
    if (fingerprints.size > 1) {
      let raised = 0;
      for (const r of latest) {
        if (await feedsRepo.raiseConflict(db, { target, targetId: draw.id, productCode, issue: draw.issue, kind: 'sources_disagree', source: r.source, fingerprint: r.fingerprint, published: null, reading: r.result }, platform.now())) raised++;
      }
      if (raised) logger.warn({ productCode, issue: draw.issue, sources: latest.map((r) => r.source) }, 'result feeds disagree');
      return 'conflict';
    }
    if (latest.length < 2) return 'waiting';
    const divisions = agreedDivisions(latest.map((r) => (r.divisions ?? []) as FeedReading['divisions']), poolDivisionsOf(productCode));
    const done = await publishThroughGame(games, target, { id: draw.id, productCode }, latest.map((r) => r.result as FeedResult), divisions);
    if (!done) return 'waiting';
    await db.transaction().execute((trx) => recordAudit(trx, null, { action: 'result.published', targetType: target, targetId: draw.id, after: { via: 'feeds', sources: latest.map((r) => r.source) } }, platform.now()));
    logger.info({ productCode, issue: draw.issue, sources: latest.map((r) => r.source) }, 'result published from feeds');
    return 'published';
  }

  /** A published draw: each source's latest reading against what was published; a difference holds settlement and raises a conflict. Amounts and the next jackpot from readings that agree. */
  async function compareWithPublished(target: FeedTargetType, productCode: string, draw: DrawRow, newest: boolean): Promise<number> {
    const published = publishedFingerprint(target, draw.result);
    let raised = 0;
    for (const r of await feedsRepo.latestReadings(db, target, [draw.id])) {
      if (r.fingerprint !== published) {
        const id = await feedsRepo.raiseConflict(db, { target, targetId: draw.id, productCode, issue: draw.issue, kind: 'after_publication', source: r.source, fingerprint: r.fingerprint, published: draw.result, reading: r.result }, platform.now());
        if (!id) continue;
        raised++;
        await (target === 'keno_draw' ? games.keno.holdResult(draw.id, platform.now()) : games.draws.holdResult(draw.id, platform.now()));
        await db.transaction().execute((trx) => recordAudit(trx, null, { action: 'result.feed_conflict', targetType: target, targetId: draw.id, before: draw.result, after: { source: r.source, reading: r.result } }, platform.now()));
        logger.error({ productCode, issue: draw.issue, source: r.source }, 'a result feed contradicts a published result: settlement held');
      } else if (target === 'lottery_draw') {
        await recordAmounts(productCode, draw.id, (r.divisions ?? []) as FeedReading['divisions']);
        if (newest && r.next_jackpot !== null) await recordNextJackpot(productCode, Number(r.next_jackpot));
      }
    }
    return raised;
  }

  /** Pool amounts a confirming source gives that are not on record yet (an amount on record is never changed). */
  async function recordAmounts(productCode: string, drawId: number, divisions: FeedReading['divisions']) {
    const pools = poolDivisionsOf(productCode);
    const recorded = new Set((await feedsRepo.recordedAmounts(db, drawId)).filter((d) => d.product_code === productCode && d.play === '').map((d) => d.division));
    const missing = divisions.filter((d) => pools.has(d.division) && !recorded.has(d.division));
    if (missing.length === 0) return;
    await games.draws.enterPrizes(productCode, drawId, missing.map((d) => ({ division: d.division, amount: d.amount, ...(d.winners !== null ? { winners: d.winners } : {}) })));
    logger.info({ productCode, drawId, divisions: missing.map((d) => d.division) }, 'pool amounts recorded from a result feed');
  }

  async function recordNextJackpot(productCode: string, amount: number) {
    const next = await feedsRepo.nextLotteryDraw(db, productCode, platform.now());
    if (next && Number(next.jackpot) !== amount) await games.draws.setJackpot(productCode, next.id, amount, 'feed');
  }

  return {
    products,
    /** One pass over every product read from feeds; a product whose work throws is logged and the others go on. */
    async pass() {
      const total = { products: 0, published: 0, conflicts: 0, failed: 0 };
      for (const feed of feeds) feed.newPass?.();
      for (const product of products()) {
        try {
          const outcome = await pollProduct(product);
          total.products++;
          total.published += outcome.published;
          total.conflicts += outcome.conflicts;
        } catch (error) {
          total.failed++;
          logger.error({ err: error, productCode: product.productCode }, 'result feed pass failed for a product');
        }
      }
      return total;
    },
  };
}

/** The pool divisions of a draw lottery (the amounts a feed may give). */
export function poolDivisionsOf(productCode: string): Set<number> {
  if (!isDrawCode(productCode)) return new Set();
  return new Set(DRAW_PRODUCTS[productCode].table.divisions.filter((d) => d.prize.kind === 'pool').map((d) => d.id));
}
