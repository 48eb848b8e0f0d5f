import { drawOrderBody, isDrawCode } from '@gp/common';
import type { AuthService } from '../../auth/service.ts';
import type { OrderPlumbing } from '../../orders/service.ts';
import type { Platform } from '../../platform/platform.ts';
import type { AcceptedOrder, GameFamily } from '../family.ts';
import { drawPurchaseSheet } from './sheet-repo.ts';
import { lotteryDrawSchedule } from './jobs.ts';
import { largeWinRoutes } from './large-win-routes.ts';
import { drawOrders } from './order.ts';
import { isDrawPlays, presentDrawOrder } from './order-present.ts';
import { drawRoutes } from './routes.ts';
import { createDrawService } from './service.ts';
import { createDrawSettlementService } from './settlement.ts';
import { lotterySettlement } from './settlement-jobs.ts';

export type DrawFamily = ReturnType<typeof createDrawFamily>;

/**
 * The draw lotteries (AUA01 … TWA05): draws from each lottery's calendar on the draw core's
 * scheduling, a ticket for one or several draws (one order per draw, paid in one placement),
 * settled by fixed and pool divisions, with large wins held for the back office. It claims every
 * draw-lottery code, listed here or not (an unlisted one is its `product_not_found`).
 */
export function createDrawFamily(platform: Platform, deps: { plumbing: OrderPlumbing }) {
  const { logger } = platform;
  const service = createDrawService(platform, { afterDrawn: (drawId) => lotterySettlement.enqueue(platform.queues, drawId) });
  const settlement = createDrawSettlementService(platform, service);
  const orders = drawOrders(platform, service, deps.plumbing);

  const family: GameFamily = {
    name: 'draw',
    claims: (productCode) => typeof productCode === 'string' && isDrawCode(productCode.trim()),
    ownsOrder: (row) => isDrawPlays(row.plays),
    orderBody: drawOrderBody.transform(
      (body): AcceptedOrder => ({
        quote: () => orders.quote(body),
        place: (userId, key) => orders.place(userId, body, key),
      }),
    ),
    present: async (_executor, rows) => rows.map(presentDrawOrder),
    routes: (auth: AuthService) => [drawRoutes(service), largeWinRoutes(auth, settlement)],
    workers: () => [
      lotteryDrawSchedule.job.withContext({ platform, draws: service, logger }),
      lotterySettlement.job.withContext({ settler: settlement.settler(), logger }),
    ],
    purchaseSheet: drawPurchaseSheet,
  };

  return { ...family, service, settlement, orders };
}
