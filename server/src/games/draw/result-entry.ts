import { resultProblem, type DrawCode, type DrawProduct, type DrawResult, type FieldCode } from '@gp/common';
import { AppError } from '../../platform/errors.ts';
import { drawingProductOf } from './catalogue.ts';
import { presentLotteryDraw, tablesOf } from './present.ts';
import { lotteryDrawsRepo, type DivisionAmount } from './repo.ts';
import type { LotteryContext } from './lotteries.ts';
import { lotteryRoom } from './lotteries.ts';

/** The operator's entries of a draw lottery: its numbers (through four eyes), its pool amounts and its jackpot. */
export function lotteryResultEntry(lottery: LotteryContext) {
  const { platform, db, bus, source, product, playersOf, owner, divisionsOf, publish } = lottery;

  return {
    /** The checks `enterResult` makes of the numbers, recording nothing: four-eyes refuses a malformed entry before keeping it. */
    async checkResult(drawId: number, result: DrawResult) {
      const row = await lotteryDrawsRepo.find(db, drawId);
      if (!row) throw new AppError('not_found');
      checkNumbers(owner(row.product_code as DrawCode), result);
    },

    /**
     * Manual source: the official numbers (and any pool amounts / winner counts known). `result_exists`
     * once drawn; `validation_failed` (`draw: invalid`) before the sales cut-off or when results are simulated.
     */
    async enterResult(code: string, drawId: number, body: DrawResult & { divisions: DivisionAmount[] }, via: 'manual' | 'feeds' = 'manual') {
      const item = product(code);
      const row = await lotteryDrawsRepo.find(db, drawId);
      if (!row || row.product_code !== drawingProductOf(item)) throw new AppError('not_found');
      if (row.status === 'drawn') throw new AppError('result_exists');
      if (source === 'simulated' || row.status !== 'scheduled' || platform.now() < row.sales_close_at) throw new AppError('validation_failed', { fields: { draw: 'invalid' } });
      const result: DrawResult = { zones: body.zones, extra: body.extra, ...(body.multiplier !== undefined ? { multiplier: body.multiplier } : {}) };
      checkNumbers(owner(row.product_code as DrawCode), result);
      checkDivisions(item, body.divisions);
      const drawn = await lotteryDrawsRepo.markDrawn(db, drawId, result, via, platform.now());
      if (!drawn) throw new AppError('result_exists');
      if (body.divisions.length) await lotteryDrawsRepo.upsertDivisions(db, drawId, item.code, '', body.divisions, platform.now());
      await publish(drawn);
      return presentLotteryDraw(item, drawn, await divisionsOf(db, [drawId]));
    },

    /** Pool amounts (and official winner counts) after the result; an amount on record cannot change (`result_exists`, `details.divisions`). */
    async enterPrizes(code: string, drawId: number, divisions: DivisionAmount[], play = '') {
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

    /** Stops (`at`) or lets go on (`null`) the settlement of a drawn draw: a result feed contradicts its published result. */
    async holdResult(drawId: number, at: Date | null) {
      if (!(await lotteryDrawsRepo.setResultHeld(db, drawId, at))) throw new AppError('not_found');
    },

    /** The operator's (or, `feed`, a result feed's) jackpot / estimated first prize for a draw not yet drawn; pushed as `jackpot`. */
    async setJackpot(code: string, drawId: number, amount: number, from: 'operator' | 'feed' = 'operator') {
      const item = product(code);
      const row = await lotteryDrawsRepo.find(db, drawId);
      if (!row || row.product_code !== drawingProductOf(item)) throw new AppError('not_found');
      if (row.status !== 'scheduled') throw new AppError('validation_failed', { fields: { draw: 'invalid' } });
      const updated = (await lotteryDrawsRepo.setJackpot(db, drawId, amount, from))!;
      for (const player of playersOf(row.product_code)) {
        await bus.publish({ room: lotteryRoom(player.code), event: 'jackpot', payload: { productCode: player.code, drawId: String(drawId), issue: row.issue, jackpot: { amount, currency: player.currency }, at: platform.now().toISOString() } });
      }
      return presentLotteryDraw(item, updated, []);
    },
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