import {
  drawLineCost,
  formatDrawNumber,
  lastDraws,
  nextDraws,
  resultProblem,
  toPoints,
  type DrawCode,
  type DrawProduct,
  type DrawResult,
  type DrawStats,
  type FieldCode,
  type LotteryDrawEventPayload,
} from '@gp/common';
import type { Executor } from '../db/database.ts';
import type { LotteryDrawRow } from '../db/types.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { pointsRate } from '../platform/points-rate.ts';
import { newSeed, seedHash } from '../platform/seed-commitment.ts';
import { drawCatalogue, drawingCodes, drawingProductOf, findDrawProduct } from './catalogue.ts';
import { presentDetail, presentLotteryDraw, presentSummary, tablesOf, type DivisionRow } from './present.ts';
import { lotteryDrawsRepo, type DivisionAmount, type NewLotteryDraw } from './repo.ts';
import { cachedOdds, nextSimulatedJackpot, resultFromSeed, simulatedPoolAmounts } from './result-source.ts';
import { drawStats } from './stats.ts';

export { drawCatalogue, drawingProductOf, findDrawProduct, type DrawCatalogue } from './catalogue.ts';
export type { DivisionRow } from './present.ts';

/** The room of a product's public draw events (`draws:<code>`, as for keno). */
export const lotteryRoom = (code: string) => `draws:${code}`;

export type DrawService = ReturnType<typeof createDrawService>;

/** A draw's division rows as the settlement and the presenters read them (ids and amounts as numbers). */
const divisionRowsOf = (rows: ReadonlyArray<{ product_code: string; play: string; division: number; amount: number | null; winners: number | null; our_winners: number }>): DivisionRow[] =>
  rows.map((r) => ({ product_code: r.product_code, play: r.play, division: r.division, amount: r.amount === null ? null : Number(r.amount), winners: r.winners, our_winners: r.our_winners }));

/**
 * The draw lotteries: the catalogue this deployment lists, draws created ahead from each lottery's
 * calendar (with a committed seed and the advertised jackpot), results (simulated at draw time
 * with pool amounts announced DRAW_SIMULATED_AMOUNTS_AFTER_SECONDS later, or an operator's entry),
 * and reading them back. `afterDrawn` runs when numbers or amounts are published (the server
 * queues the settlement there).
 */
export function createDrawService(
  platform: Pick<Platform, 'db' | 'bus' | 'config' | 'logger' | 'now'>,
  hooks: { afterDrawn?: (drawId: string) => Promise<void> } = {},
) {
  const { db, bus, config, logger } = platform;
  const catalogue = drawCatalogue(config);
  const source = config.DRAW_RESULT_SOURCE;
  const owners = drawingCodes(catalogue);
  let historyChecked = false;

  function product(code: string): DrawProduct {
    const found = findDrawProduct(catalogue, code);
    if (!found) throw new AppError('product_not_found');
    return found;
  }

  /** The products whose lines play a draw of `owner` (今彩539's draws: TWA03 and TWA04). */
  const playersOf = (owner: string) => [...catalogue.values()].filter((p) => drawingProductOf(p) === owner);
  /** The calendar that owns the draws (今彩539's for 39樂合彩), with its own numbering. */
  const owner = (code: DrawCode): DrawProduct => catalogue.get(code) ?? findDrawProduct(drawCatalogue({ DRAW_PRODUCTS: [code] }), code)!;

  const rates = (item: DrawProduct) => {
    const rate = { ...pointsRate(config, item.currency), currency: item.currency };
    return { price: rate, prize: rate };
  };
  /** One plain line (of the first play, where there are several), fee included, in GP hundredths: what the purchase screen quotes too. */
  const unitPrice = (item: DrawProduct) => drawLineCost(item, item.plays ? { play: item.plays[0]!.code } : {}, pointsRate(config, item.currency)).points;

  async function divisionsOf(executor: Executor, drawIds: string[]) {
    return divisionRowsOf(await lotteryDrawsRepo.divisions(executor, drawIds));
  }

  async function publish(row: LotteryDrawRow) {
    try {
      await hooks.afterDrawn?.(String(row.id));
    } catch (error) {
      logger.error({ err: error, drawId: String(row.id) }, 'could not queue the settlement; the sweep will settle this draw');
    }
    const rows = await divisionsOf(db, [String(row.id)]);
    for (const player of playersOf(row.product_code)) {
      const wire = presentLotteryDraw(player, row, rows);
      const payload: LotteryDrawEventPayload = { productCode: player.code, drawId: wire.id, issue: row.issue, result: row.result as DrawResult, final: wire.final, at: platform.now().toISOString() };
      await bus.publish({ room: lotteryRoom(player.code), event: 'lotteryDraw', payload });
    }
  }

  /** The simulated source's pool amounts of a draw for every product playing it, as division rows. */
  function simulatedAmountRows(row: Pick<LotteryDrawRow, 'id' | 'product_code' | 'seed' | 'jackpot'>) {
    const out: Array<{ draw_id: string; product_code: string; play: string; division: number; amount: number; updated_at: Date }> = [];
    for (const player of playersOf(row.product_code)) {
      for (const { play, table } of tablesOf(player)) {
        const amounts = simulatedPoolAmounts(player, table.divisions, cachedOdds(player, play || undefined), row.seed as string, row.jackpot === null ? null : Number(row.jackpot));
        for (const [division, amount] of Object.entries(amounts)) out.push({ draw_id: String(row.id), product_code: player.code, play, division: Number(division), amount, updated_at: platform.now() });
      }
    }
    return out;
  }

  /** The simulated pool amounts of a draw (nothing an operator entered is changed). */
  async function simulateAmounts(row: LotteryDrawRow) {
    for (const item of simulatedAmountRows(row)) {
      await lotteryDrawsRepo.upsertDivisions(db, item.draw_id, item.product_code, item.play, [{ division: item.division, amount: item.amount }], item.updated_at);
    }
  }

  /**
   * The first start with simulated results: the past DRAW_HISTORY_DRAWS draws of each lottery that has
   * no draw yet, drawn, with amounts — in one read and two inserts.
   */
  async function backfill(now: Date) {
    const stocked = await lotteryDrawsRepo.latestOf(db, owners);
    const rows = owners
      .filter((code) => !stocked.has(code))
      .flatMap((code) => {
        const item = owner(code);
        let jackpot: number | null = null;
        return lastDraws(item, now, config.DRAW_HISTORY_DRAWS).map((draw) => {
          const seed = newSeed();
          jackpot = nextSimulatedJackpot(item, jackpot, seed);
          return { ...newDraw(code, draw, seed, jackpot, 'simulated'), result: resultFromSeed(item, seed, jackpot) };
        });
      });
    const inserted = await lotteryDrawsRepo.insertDrawn(db, rows);
    // Issue numbers repeat across lotteries: a draw is its product and its issue.
    const byDraw = new Map(rows.map((r) => [`${r.product_code}/${r.issue}`, r]));
    await lotteryDrawsRepo.insertDivisions(
      db,
      inserted.flatMap(({ id, product_code, issue }) => simulatedAmountRows({ ...byDraw.get(`${product_code}/${issue}`)!, id: String(id) })),
    );
    return inserted.length;
  }

  function newDraw(code: string, draw: { issue: string; salesOpenAt: Date; salesCloseAt: Date; drawAt: Date }, seed: string, jackpot: number | null, jackpotSource: 'base' | 'simulated'): NewLotteryDraw {
    return { product_code: code, issue: draw.issue, sales_open_at: draw.salesOpenAt, sales_close_at: draw.salesCloseAt, draw_at: draw.drawAt, seed, seed_hash: seedHash(seed), jackpot, jackpot_source: jackpot === null ? null : jackpotSource };
  }

  return {
    catalogue,
    product,
    products: () => [...catalogue.values()],
    rates,
    resultSource: source,
    isDrawCode: (code: string) => findDrawProduct(catalogue, code) !== undefined,

    /**
     * Creates the draws each lottery needs ahead — enough for its multi-draw limit plus two — that
     * do not exist yet, each with a fresh secret seed and the advertised jackpot (the base, grown
     * by the simulated source). A second pass creates nothing.
     */
    async createUpcomingDraws(now: Date) {
      if (!historyChecked && source === 'simulated' && config.DRAW_HISTORY_DRAWS > 0) {
        const stored = await backfill(now);
        if (stored) logger.info({ stored }, 'simulated draw-lottery history filled in');
      }
      historyChecked = true;
      // Every lottery in one read and one insert: this pass runs at every start and every minute.
      const latestOf = await lotteryDrawsRepo.latestOf(db, owners);
      const rows = owners.flatMap((code) => {
        const item = owner(code);
        const need = Math.max(...playersOf(code).map((p) => p.multiDraw.max)) + 2;
        const latest = latestOf.get(code);
        let jackpot = latest?.jackpot === null || latest?.jackpot === undefined ? null : Number(latest.jackpot);
        return nextDraws(item, now, need).map((draw) => {
          const seed = newSeed();
          jackpot = source === 'simulated' ? nextSimulatedJackpot(item, jackpot, seed) : (item.baseJackpot?.amount ?? null);
          return newDraw(code, draw, seed, jackpot, source === 'simulated' ? 'simulated' : 'base');
        });
      });
      const inserted = await lotteryDrawsRepo.insertMissing(db, rows);
      return inserted.map((row) => ({ productCode: row.product_code, id: String(row.id), drawAt: row.draw_at }));
    },

    /** Draws still waiting for their result, due in `[from, until)`. */
    async scheduledBetween(from: Date, until: Date) {
      return (await lotteryDrawsRepo.scheduledBetween(db, owners, from, until)).map((row) => ({ id: String(row.id), drawAt: row.draw_at }));
    },

    /** The draw job: with the simulated source, the result from the seed, published once. A job before the draw time throws (retried). */
    async drawAtTime(drawId: string): Promise<'drawn' | 'already' | 'manual' | 'missing'> {
      const row = await lotteryDrawsRepo.find(db, drawId);
      if (!row || !owners.includes(row.product_code as DrawCode)) return 'missing';
      if (row.status !== 'scheduled') return 'already';
      const now = platform.now();
      if (now < row.draw_at) throw new Error(`draw ${drawId} is due at ${row.draw_at.toISOString()}, not yet`);
      if (source === 'manual') return 'manual';
      const result = resultFromSeed(owner(row.product_code as DrawCode), row.seed as string, row.jackpot === null ? null : Number(row.jackpot));
      const drawn = await lotteryDrawsRepo.markDrawn(db, drawId, result, 'simulated', now);
      if (!drawn) return 'already';
      if (config.DRAW_SIMULATED_AMOUNTS_AFTER_SECONDS === 0) await simulateAmounts(drawn);
      await publish(drawn);
      logger.info({ productCode: drawn.product_code, issue: drawn.issue, drawId }, 'lottery draw published');
      return 'drawn';
    },

    /** Simulated draws drawn long enough ago whose pool amounts are still missing: announce them (the scheduling pass). */
    async announceSimulatedAmounts(now: Date) {
      if (source !== 'simulated') return 0;
      const due = (await Promise.all(owners.map((code) => lotteryDrawsRepo.list(db, code, 'drawn', now, 20))))
        .flat()
        .filter((row) => row.drawn_at && now.getTime() - row.drawn_at.getTime() >= config.DRAW_SIMULATED_AMOUNTS_AFTER_SECONDS * 1000);
      // Every due draw's divisions in one read (this pass runs every minute).
      const divisions = new Map<string, Awaited<ReturnType<typeof lotteryDrawsRepo.divisions>>>();
      for (const r of await lotteryDrawsRepo.divisions(db, due.map((row) => String(row.id)))) {
        const ofDraw = divisions.get(String(r.draw_id));
        if (ofDraw) ofDraw.push(r);
        else divisions.set(String(r.draw_id), [r]);
      }
      let announced = 0;
      for (const row of due) {
        const rows = divisionRowsOf(divisions.get(String(row.id)) ?? []);
        const missing = playersOf(row.product_code as DrawCode).some((p) => presentLotteryDraw(p, row, rows).final === false);
        if (!missing) continue;
        await simulateAmounts(row);
        await publish(row);
        announced++;
      }
      return announced;
    },

    /**
     * Manual source: the official numbers (and any pool amounts / winner counts known). `result_exists`
     * once drawn; `validation_failed` (`draw: invalid`) before the sales cut-off or when results are simulated.
     */
    /** The checks `enterResult` makes of the numbers, recording nothing: four-eyes refuses a malformed entry before keeping it. */
    async checkResult(drawId: string, result: DrawResult) {
      const row = await lotteryDrawsRepo.find(db, drawId);
      if (!row) throw new AppError('not_found');
      checkNumbers(owner(row.product_code as DrawCode), result);
    },

    async enterResult(code: string, drawId: string, body: DrawResult & { divisions: DivisionAmount[] }) {
      const item = product(code);
      const row = await lotteryDrawsRepo.find(db, drawId);
      if (!row || row.product_code !== drawingProductOf(item)) throw new AppError('not_found');
      if (row.status === 'drawn') throw new AppError('result_exists');
      if (source !== 'manual' || row.status !== 'scheduled' || platform.now() < row.sales_close_at) throw new AppError('validation_failed', { fields: { draw: 'invalid' } });
      const result: DrawResult = { zones: body.zones, extra: body.extra, ...(body.multiplier !== undefined ? { multiplier: body.multiplier } : {}) };
      checkNumbers(owner(row.product_code as DrawCode), result);
      checkDivisions(item, body.divisions);
      const drawn = await lotteryDrawsRepo.markDrawn(db, drawId, result, 'manual', platform.now());
      if (!drawn) throw new AppError('result_exists');
      if (body.divisions.length) await lotteryDrawsRepo.upsertDivisions(db, drawId, item.code, '', body.divisions, platform.now());
      await publish(drawn);
      return presentLotteryDraw(item, drawn, await divisionsOf(db, [drawId]));
    },

    /** Pool amounts (and official winner counts) after the result; an amount on record cannot change (`result_exists`, `details.divisions`). */
    async enterPrizes(code: string, drawId: string, divisions: DivisionAmount[], play = '') {
      const item = product(code);
      const row = await lotteryDrawsRepo.find(db, drawId);
      if (!row || row.product_code !== drawingProductOf(item)) throw new AppError('not_found');
      if (row.status !== 'drawn') throw new AppError('validation_failed', { fields: { draw: 'invalid' } });
      checkDivisions(item, divisions);
      const conflicts = await lotteryDrawsRepo.upsertDivisions(db, drawId, item.code, play, divisions, platform.now());
      if (conflicts.length) throw new AppError('result_exists', { details: { divisions: conflicts } });
      await publish(row);
      return presentLotteryDraw(item, row, await divisionsOf(db, [drawId]));
    },

    /** The operator's jackpot / estimated first prize for a draw not yet drawn; pushed as `jackpot`. */
    async setJackpot(code: string, drawId: string, amount: number) {
      const item = product(code);
      const row = await lotteryDrawsRepo.find(db, drawId);
      if (!row || row.product_code !== drawingProductOf(item)) throw new AppError('not_found');
      if (row.status !== 'scheduled') throw new AppError('validation_failed', { fields: { draw: 'invalid' } });
      const updated = (await lotteryDrawsRepo.setJackpot(db, drawId, amount, 'operator'))!;
      for (const player of playersOf(row.product_code)) {
        await bus.publish({ room: lotteryRoom(player.code), event: 'jackpot', payload: { productCode: player.code, drawId, issue: row.issue, jackpot: { amount, currency: player.currency }, at: platform.now().toISOString() } });
      }
      return presentLotteryDraw(item, updated, []);
    },

    async summaries() {
      const now = platform.now();
      return Promise.all(
        [...catalogue.values()].map(async (item) => {
          const [next] = await lotteryDrawsRepo.list(db, drawingProductOf(item), 'open', now, 1);
          return presentSummary(item, rates(item), unitPrice(item), next);
        }),
      );
    },

    async detail(code: string) {
      const item = product(code);
      const rows = await lotteryDrawsRepo.list(db, drawingProductOf(item), 'upcoming', platform.now(), Math.min(item.multiDraw.max, 20));
      const summary = presentSummary(item, rates(item), unitPrice(item), rows[0]);
      return presentDetail(summary, item, rows.map((row) => presentLotteryDraw(item, row, [])));
    },

    async listDraws(code: string, status: 'open' | 'upcoming' | 'closed' | 'drawn', limit: number) {
      const item = product(code);
      const rows = await lotteryDrawsRepo.list(db, drawingProductOf(item), status, platform.now(), limit);
      const divisions = await divisionsOf(db, rows.map((r) => String(r.id)));
      return rows.map((row) => presentLotteryDraw(item, row, divisions));
    },

    async results(code: string, page: number, pageSize: number) {
      const item = product(code);
      const owned = drawingProductOf(item);
      const [rows, total] = await Promise.all([lotteryDrawsRepo.list(db, owned, 'drawn', platform.now(), pageSize, (page - 1) * pageSize), lotteryDrawsRepo.countDrawn(db, owned)]);
      const divisions = await divisionsOf(db, rows.map((r) => String(r.id)));
      return { items: rows.map((row) => presentLotteryDraw(item, row, divisions)), page, pageSize, total };
    },

    async stats(code: string, draws: number): Promise<DrawStats> {
      const item = product(code);
      const rows = (await lotteryDrawsRepo.recentResults(db, drawingProductOf(item), draws)).reverse();
      return drawStats(owner(drawingProductOf(item)), item.code, rows.map((r) => ({ issue: r.issue, drawAt: r.draw_at, result: r.result as DrawResult })));
    },

    // ---- for the order pipeline and the settlement (through this service) ----

    /**
     * The `count` consecutive draws an order buys, from `issue` (default: the next on sale), each
     * still before its sales cut-off at `at`; `sales_closed` (with the next issue on sale) when the
     * issue is past its cut-off or fewer draws exist.
     */
    async drawsForOrder(executor: Executor, item: DrawProduct, issue: string | undefined, count: number, at: Date) {
      const owned = drawingProductOf(item);
      let from: Date | undefined;
      if (issue !== undefined) {
        const row = await lotteryDrawsRepo.byIssue(executor, owned, issue);
        if (!row || row.status !== 'scheduled' || at >= row.sales_close_at) {
          const [next] = await lotteryDrawsRepo.onSaleFrom(executor, owned, at, 1);
          throw new AppError('sales_closed', { details: { nextIssue: next?.issue ?? null } });
        }
        from = row.draw_at;
      }
      const rows = await lotteryDrawsRepo.onSaleFrom(executor, owned, at, count, from);
      if (rows.length < count) throw new AppError('sales_closed', { details: { nextIssue: rows[0]?.issue ?? null, available: rows.length } });
      return rows.map((row) => ({ ...row, id: String(row.id), displayIssue: formatDrawNumber(item, row.issue) }));
    },

    /** What settling a draw needs: the row, the products playing it, and the division rows. */
    async forSettlement(executor: Executor, drawId: string) {
      const row = await lotteryDrawsRepo.find(executor, drawId);
      if (!row) return null;
      return { row, products: playersOf(row.product_code), divisions: await divisionsOf(executor, [drawId]) };
    },

    /** Records how many of our lines won each division (the count caps share by when no official count is entered). */
    async recordOurWinners(executor: Executor, drawId: string, productCode: string, counts: ReadonlyArray<{ play: string; division: number; lines: number }>) {
      await lotteryDrawsRepo.setOurWinners(executor, drawId, productCode, counts, platform.now());
    },

    /** A prize in the product's currency as GP hundredths at POINTS_RATES, rounded down. */
    prizeOf: (item: DrawProduct, amount: number) => toPoints({ amount, currency: item.currency }, pointsRate(config, item.currency)),
  };
}

/** Division numbers must exist in the product's table(s). */
/** A result's numbers fit the drawing product (counts, ranges, no repeats), with its multiplier when it has add-ons. */
function checkNumbers(drawing: DrawProduct, result: DrawResult) {
  const problem = resultProblem(drawing, result);
  if (problem) throw new AppError('validation_failed', { fields: { [problem.field]: problem.code as FieldCode } });
  if (drawing.addOns.length && result.multiplier === undefined) throw new AppError('validation_failed', { fields: { multiplier: 'required' } });
}

function checkDivisions(item: DrawProduct, divisions: readonly DivisionAmount[]) {
  const known = new Set(tablesOf(item).flatMap(({ table }) => table.divisions.map((d) => d.id)));
  divisions.forEach((d, i) => {
    if (!known.has(d.division)) throw new AppError('validation_failed', { fields: { [`divisions.${i}.division`]: 'invalid' } });
  });
}
