import { drawLineCost, type DrawCode, type DrawProduct, type DrawResult, type LotteryDrawEventPayload } from '@gp/common';
import type { Executor } from '../../db/database.ts';
import type { LotteryDrawRow } from '../../db/types.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { pointsRate } from '../../platform/points-rate.ts';
import { drawCatalogue, drawingCodes, drawingProductOf, findDrawProduct } from './catalogue.ts';
import { presentLotteryDraw, type DivisionRow } from './present.ts';
import { lotteryDrawsRepo } from './repo.ts';

/** The room of a product's public draw events (`draws:<code>`, as for keno). */
export const lotteryRoom = (code: string) => `draws:${code}`;

/** A draw's division rows as the settlement and the presenters read them (ids and amounts as numbers). */
export const divisionRowsOf = (rows: ReadonlyArray<{ product_code: string; play: string; division: number; amount: number | null; winners: number | null; our_winners: number }>): DivisionRow[] =>
  rows.map((r) => ({ product_code: r.product_code, play: r.play, division: r.division, amount: r.amount === null ? null : Number(r.amount), winners: r.winners, our_winners: r.our_winners }));

/**
 * What the draw lotteries' operations share: the catalogue this deployment lists, the result
 * source, the products that own draws, and how a draw's division rows are read and its result
 * published (`afterDrawn` first, then the `lotteryDraw` push of every product playing it).
 */
export function lotteryContext(
  platform: Pick<Platform, 'db' | 'bus' | 'config' | 'logger' | 'now'>,
  hooks: { afterDrawn?: (drawId: number) => Promise<void> } = {},
) {
  const { db, bus, config, logger } = platform;
  const catalogue = drawCatalogue(config);
  const source = config.DRAW_RESULT_SOURCE;
  const owners = drawingCodes(catalogue);

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

  async function divisionsOf(executor: Executor, drawIds: number[]) {
    return divisionRowsOf(await lotteryDrawsRepo.divisions(executor, drawIds));
  }

  async function publish(row: LotteryDrawRow) {
    try {
      await hooks.afterDrawn?.(row.id);
    } catch (error) {
      logger.error({ err: error, drawId: row.id }, 'could not queue the settlement; the sweep will settle this draw');
    }
    const rows = await divisionsOf(db, [row.id]);
    for (const player of playersOf(row.product_code)) {
      const wire = presentLotteryDraw(player, row, rows);
      const payload: LotteryDrawEventPayload = { productCode: player.code, drawId: wire.id, issue: row.issue, result: row.result as DrawResult, final: wire.final, at: platform.now().toISOString() };
      await bus.publish({ room: lotteryRoom(player.code), event: 'lotteryDraw', payload });
    }
  }

  return { platform, db, bus, config, logger, catalogue, source, owners, product, playersOf, owner, rates, unitPrice, divisionsOf, publish };
}

export type LotteryContext = ReturnType<typeof lotteryContext>;
