import { drawsAhead, unitPriceRate, type DrawEventPayload, type FieldCode, type KenoProduct, type KenoResult } from '@gp/common';
import type { DrawRow } from '../../db/types.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { pointsRate } from '../../platform/points-rate.ts';
import { backfillKenoHistory } from './backfill.ts';
import { findProduct, kenoCatalogue } from './catalogue.ts';
import { presentDraw } from './present.ts';
import { committedDraw } from './draw-rows.ts';
import { drawsRepo } from './repo.ts';
import { publicResult, resultSourceFor } from './result-source.ts';

export { findProduct, kenoCatalogue, type KenoCatalogue } from './catalogue.ts';

/** The room of a product's public draw results (API.md `draws:<code>`). */
export const drawsRoom = (code: string) => `draws:${code}`;

export type KenoService = ReturnType<typeof createKenoService>;

/**
 * Keno draws: the catalogue this deployment sells, creating draws ahead of time, publishing
 * results (simulated at draw time, or an operator's entry), and reading them back. `afterDrawn`
 * runs for each newly published result (the server queues its settlement there).
 */
export function createKenoService(
  platform: Pick<Platform, 'db' | 'bus' | 'config' | 'logger' | 'now'>,
  hooks: { afterDrawn?: (drawId: number) => Promise<void> } = {},
) {
  const { db, bus, config, logger } = platform;
  const catalogue = kenoCatalogue(config);
  const source = resultSourceFor(config.RESULT_SOURCE);
  let historyChecked = false;

  function product(code: string): KenoProduct {
    const found = findProduct(catalogue, code);
    if (!found) throw new AppError('product_not_found');
    return found;
  }

  /** A new result: settlement is queued first (the sweep repairs a failure), then members are told. */
  async function publish(product: KenoProduct, row: DrawRow) {
    try {
      await hooks.afterDrawn?.(row.id);
    } catch (error) {
      logger.error({ err: error, drawId: row.id }, 'could not queue the settlement; the sweep will settle this draw');
    }
    const payload: DrawEventPayload = {
      productCode: product.code,
      issue: row.issue,
      result: row.result as KenoResult,
      drawnAt: (row.drawn_at as Date).toISOString(),
    };
    await bus.publish({ room: drawsRoom(product.code), event: 'draw', payload });
    logger.info({ productCode: product.code, issue: row.issue, drawId: row.id, source: row.result_source }, 'draw published');
  }

  return {
    catalogue,
    product,
    products: () => [...catalogue.values()],
    /** What a unit costs in GP (service fee included) and the market rate its prizes convert at (POINTS_RATES). */
    rates: (item: KenoProduct) => ({ price: unitPriceRate(item), prize: { ...pointsRate(config, item.currency), currency: item.currency } }),
    resultSource: source.kind,

    /**
     * Creates every draw of the next DRAWS_AHEAD_HOURS that does not exist yet (at least the next
     * one, so a night-time clock counts down to the morning), each with a fresh secret seed. Returns the new rows per product; a second pass over the same window creates nothing.
     */
    async createUpcomingDraws(now: Date) {
      // Once per process, before the first draws exist: a fresh simulated install starts with a day of results.
      if (!historyChecked && source.kind === 'simulated') {
        const backfilled = await backfillKenoHistory(db, catalogue.values(), now, config.KENO_HISTORY_DRAWS);
        if (backfilled) logger.info({ backfilled }, 'simulated keno results history filled in');
      }
      historyChecked = true;
      const until = new Date(now.getTime() + config.DRAWS_AHEAD_HOURS * 3600_000);
      const created: Array<{ productCode: string; id: number; drawAt: Date }> = [];
      for (const item of catalogue.values()) {
        const ahead = drawsAhead(item.schedule, now, until);
        if (ahead.length === 0) continue;
        // Only the draws not stored yet get a seed and an insert: every pass after the first finds
        // nearly all of them (an insert that conflicts still keeps the first seed, for a racing pass).
        const stored = await drawsRepo.issuesBetween(db, item.code, ahead[0]!.drawAt, ahead.at(-1)!.drawAt);
        const rows = ahead.filter((draw) => !stored.has(draw.issue)).map((draw) => committedDraw(item.code, draw));
        for (const row of await drawsRepo.insertMissing(db, rows)) {
          created.push({ productCode: item.code, id: row.id, drawAt: row.draw_at });
        }
      }
      return created;
    },

    /** Draws still waiting for their result, due in `[from, until)`. */
    async scheduledBetween(from: Date, until: Date) {
      const rows = await drawsRepo.scheduledBetween(db, from, until);
      return rows.map((row) => ({ id: row.id, drawAt: row.draw_at }));
    },

    /**
     * The draw job's work: with the simulated source, derive the result from the seed and publish
     * it once. `manual` leaves the draw waiting for the operator. A job that arrives before the
     * draw time throws, to be retried: a result must never exist before its draw.
     */
    async drawAtTime(drawId: number): Promise<'drawn' | 'already' | 'manual' | 'missing'> {
      const row = await drawsRepo.find(db, drawId);
      if (!row || !findProduct(catalogue, row.product_code)) return 'missing';
      if (row.status !== 'scheduled') return 'already';
      const now = platform.now();
      if (now < row.draw_at) throw new Error(`draw ${drawId} is due at ${row.draw_at.toISOString()}, not yet`);
      const item = product(row.product_code);
      const result = source.resultAtDrawTime(item, row.seed as string);
      if (!result) return 'manual';
      const drawn = await drawsRepo.markDrawn(db, drawId, result, 'simulated', now);
      if (!drawn) return 'already';
      await publish(item, drawn);
      return 'drawn';
    },

    /**
     * The official numbers, in draw order (the last is the super number), from two staff members
     * (`manual`, four eyes) or the result feeds (`feeds`): the one path both publish through.
     * Refused (`validation_failed`, `draw: invalid`) for a draw still on sale, already drawn, or
     * when results are simulated (an entry would break the published seed commitment).
     */
    async enterResult(drawId: number, numbers: readonly number[], via: 'manual' | 'feeds' = 'manual') {
      const row = await drawsRepo.find(db, drawId);
      if (!row || !findProduct(catalogue, row.product_code)) throw new AppError('not_found');
      const now = platform.now();
      // API.md: a draw that already has its numbers answers 409 `result_exists`.
      if (row.status === 'drawn') throw new AppError('result_exists');
      if (source.kind === 'simulated' || row.status !== 'scheduled' || now < row.sales_close_at) {
        throw new AppError('validation_failed', { fields: { draw: 'invalid' } });
      }
      const item = product(row.product_code);
      const problem = drawProblem(numbers, item.matrix);
      if (problem) throw new AppError('validation_failed', { fields: { numbers: problem } });
      const drawn = await drawsRepo.markDrawn(db, drawId, publicResult(item, numbers), via, now);
      if (!drawn) {
        // Someone (another operator, a retried request) drew it between our read and our write.
        const raced = await drawsRepo.find(db, drawId);
        throw raced?.status === 'drawn' ? new AppError('result_exists') : new AppError('validation_failed', { fields: { draw: 'invalid' } });
      }
      await publish(item, drawn);
      return presentDraw(drawn);
    },

    /** Stops (`at`) or lets go on (`null`) the settlement of a drawn draw: a result feed contradicts its published result. */
    async holdResult(drawId: number, at: Date | null) {
      if (!(await drawsRepo.setResultHeld(db, drawId, at))) throw new AppError('not_found');
    },

    async listDraws(code: string, status: 'open' | 'closed' | 'drawn' | undefined, limit: number) {
      product(code);
      const rows =
        status === 'drawn'
          ? await drawsRepo.listDrawn(db, code, limit)
          : await drawsRepo.listScheduled(db, code, status ?? 'upcoming', platform.now(), limit);
      return rows.map(presentDraw);
    },

    async results(code: string, page: number, pageSize: number) {
      product(code);
      const [rows, total] = await Promise.all([
        drawsRepo.listDrawn(db, code, pageSize, (page - 1) * pageSize),
        drawsRepo.countDrawn(db, code),
      ]);
      return { items: rows.map(presentDraw), page, pageSize, total };
    },
  };
}

/** Why `numbers` cannot be a draw of `matrix`, as an API field code, or `null` when they can. */
export function drawProblem(numbers: readonly number[], matrix: { drawCount: number; poolSize: number }): FieldCode | null {
  if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > matrix.poolSize)) return 'number_out_of_range';
  if (new Set(numbers).size !== numbers.length) return 'duplicate_number';
  if (numbers.length > matrix.drawCount) return 'too_many_numbers';
  if (numbers.length < matrix.drawCount) return 'invalid';
  return null;
}
