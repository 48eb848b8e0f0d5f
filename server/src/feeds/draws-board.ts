import { DRAW_PRODUCTS, isDrawCode, ORDER_STATUS_LABELS, type AdminDrawRow, type AdminDrawsResponse } from '@gp/common';
import type { FeedTargetType } from '../db/types.ts';
import type { DrawService } from '../games/draw/service.ts';
import type { Platform } from '../platform/platform.ts';
import { drawsBoardRepo } from './draws-board-repo.ts';
import { publishedFingerprint } from './publish.ts';

const PAGE_SIZE = 25;

/**
 * The draws screen (`GET /api/admin/draws`, console /admin/draws): keno and draw-lottery draws whose
 * sales have opened, newest first, each with its sales, orders by status, its result and who
 * published it (the feed sources that agree with it), the pool amounts and jackpot, and how far
 * its settlement has gone.
 */
export function createDrawsBoard(platform: Pick<Platform, 'db' | 'now'>, draws: DrawService) {
  const { db } = platform;
  return {
    async drawsPage(productCode: string | undefined, page: number): Promise<AdminDrawsResponse> {
      const { rows, total } = await drawsBoardRepo.page(db, productCode, platform.now(), PAGE_SIZE, (page - 1) * PAGE_SIZE);
      const idsOf = (target: FeedTargetType) => rows.filter((r) => r.target_type === target).map((r) => r.id);
      const [kenoOrders, lotteryOrders, divisions, kenoReadings, lotteryReadings] = await Promise.all([
        drawsBoardRepo.orders(db, 'keno_draw', idsOf('keno_draw')),
        drawsBoardRepo.orders(db, 'lottery_draw', idsOf('lottery_draw')),
        drawsBoardRepo.divisions(db, idsOf('lottery_draw')),
        drawsBoardRepo.readings(db, 'keno_draw', idsOf('keno_draw')),
        drawsBoardRepo.readings(db, 'lottery_draw', idsOf('lottery_draw')),
      ]);
      const items = rows.map((row): AdminDrawRow => {
        const id = row.id;
        const orders = (row.target_type === 'keno_draw' ? kenoOrders : lotteryOrders).filter((o) => o.draw === id);
        const byStatus: Record<string, number> = {};
        for (const o of orders) byStatus[ORDER_STATUS_LABELS[o.status as keyof typeof ORDER_STATUS_LABELS] ?? String(o.status)] = Number(o.n);
        const published = row.status === 'drawn' && row.result ? publishedFingerprint(row.target_type, row.result) : null;
        const readings = (row.target_type === 'keno_draw' ? kenoReadings : lotteryReadings).filter((r) => r.target_id === id);
        const product = isDrawCode(row.product_code) ? DRAW_PRODUCTS[row.product_code] : null;
        const listed = product ? (draws.isDrawCode(row.product_code) ? draws.product(row.product_code) : product) : null;
        const pools = listed
          ? listed.table.divisions
              .filter((d) => d.prize.kind === 'pool')
              .map((d) => {
                const amount = divisions.find((x) => x.draw_id === id && x.product_code === row.product_code && x.play === '' && x.division === d.id)?.amount;
                return { division: d.id, name: d.name, amount: amount === null || amount === undefined ? null : Number(amount) };
              })
          : [];
        return {
          targetType: row.target_type,
          id: String(id),
          productCode: row.product_code,
          issue: row.issue,
          drawAt: new Date(row.draw_at).toISOString(),
          status: row.status,
          result: row.status === 'drawn' ? row.result : null,
          resultSource: row.result_source,
          feedSources: published ? [...new Set(readings.filter((r) => r.fingerprint === published).map((r) => r.source))].sort() : [],
          held: row.result_held_at !== null,
          sales: orders.reduce((sum, o) => sum + Number(o.points), 0),
          orders: byStatus,
          settled: orders.reduce((sum, o) => sum + Number(o.settled), 0),
          toSettle: orders.reduce((sum, o) => sum + Number(o.to_settle), 0),
          currency: listed?.currency ?? null,
          pools,
          jackpot: row.jackpot === null ? null : { amount: Number(row.jackpot), source: row.jackpot_source },
        };
      });
      return { items, page, pageSize: PAGE_SIZE, total };
    },
  };
}
