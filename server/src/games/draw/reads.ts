import type { DrawResult, DrawStats } from '@gp/common';
import { drawingProductOf } from './catalogue.ts';
import { presentDetail, presentLotteryDraw, presentSummary } from './present.ts';
import { lotteryDrawsRepo } from './repo.ts';
import { drawStats } from './stats.ts';
import type { LotteryContext } from './lotteries.ts';

/** The draw lotteries' public reads: product summaries and details, draws, results and number statistics. */
export function lotteryReads(lottery: LotteryContext) {
  const { platform, db, catalogue, product, owner, rates, unitPrice, divisionsOf } = lottery;

  return {
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
      const divisions = await divisionsOf(db, rows.map((r) => r.id));
      return rows.map((row) => presentLotteryDraw(item, row, divisions));
    },

    async results(code: string, page: number, pageSize: number) {
      const item = product(code);
      const owned = drawingProductOf(item);
      const [rows, total] = await Promise.all([lotteryDrawsRepo.list(db, owned, 'drawn', platform.now(), pageSize, (page - 1) * pageSize), lotteryDrawsRepo.countDrawn(db, owned)]);
      const divisions = await divisionsOf(db, rows.map((r) => r.id));
      return { items: rows.map((row) => presentLotteryDraw(item, row, divisions)), page, pageSize, total };
    },

    async stats(code: string, draws: number): Promise<DrawStats> {
      const item = product(code);
      const rows = (await lotteryDrawsRepo.recentResults(db, drawingProductOf(item), draws)).reverse();
      return drawStats(owner(drawingProductOf(item)), item.code, rows.map((r) => ({ issue: r.issue, drawAt: r.draw_at, result: r.result as DrawResult })));
    },
  };
}
