import { formatDrawNumber, toPoints, type DrawProduct } from '@gp/common';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { pointsRate } from '../../platform/points-rate.ts';
import { drawingProductOf } from './catalogue.ts';
import { lotteryDrawsRepo } from './repo.ts';
import type { LotteryContext } from './lotteries.ts';

/** What the order pipeline and the settlement ask of the draw lotteries' draws (through this family's service). */
export function lotteryDrawsForOrders(lottery: LotteryContext) {
  const { platform, config, playersOf, divisionsOf } = lottery;

  return {
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
      return rows.map((row) => ({ ...row, displayIssue: formatDrawNumber(item, row.issue) }));
    },

    /** What settling a draw needs: the row, the products playing it, and the division rows. */
    async forSettlement(executor: Executor, drawId: number) {
      const row = await lotteryDrawsRepo.find(executor, drawId);
      if (!row) return null;
      return { row, products: playersOf(row.product_code), divisions: await divisionsOf(executor, [drawId]) };
    },

    /** Records how many of our lines won each division (the count caps share by when no official count is entered). */
    async recordOurWinners(executor: Executor, drawId: number, productCode: string, counts: ReadonlyArray<{ play: string; division: number; lines: number }>) {
      await lotteryDrawsRepo.setOurWinners(executor, drawId, productCode, counts, platform.now());
    },

    /** A prize in the product's currency as GP hundredths at POINTS_RATES, rounded down. */
    prizeOf: (item: DrawProduct, amount: number) => toPoints({ amount, currency: item.currency }, pointsRate(config, item.currency)),
  };
}
