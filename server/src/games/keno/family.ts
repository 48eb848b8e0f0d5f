import { kenoOrderBody, type KenoResult } from '@gp/common';
import type { AuthService } from '../../auth/service.ts';
import type { OrderPlumbing } from '../../orders/service.ts';
import type { Platform } from '../../platform/platform.ts';
import type { AcceptedOrder, GameFamily } from '../family.ts';
import { kenoPurchaseSheet } from './sheet-repo.ts';
import { startKenoClocks, type KenoClocks } from './clocks.ts';
import { kenoDrawSchedule } from './jobs.ts';
import { kenoOrders } from './order.ts';
import { kenoOrdersRepo } from './order-repo.ts';
import { presentKenoOrder } from './order-present.ts';
import { kenoRoutes } from './routes.ts';
import { createKenoService } from './service.ts';
import { createKenoSettlementService } from './settlement.ts';
import { kenoSettlement } from './settlement-jobs.ts';

export type KenoFamily = ReturnType<typeof createKenoFamily>;

/**
 * Keno (TWB01, CAB01, KRB01): draws every few minutes from the draw core's scheduling, orders
 * placed in one statement (`placeAtOnce`: the ticket is checked and priced before any write),
 * settled draw by draw. It takes every product code no other family claims, so an unknown code
 * is refused by its rules (`product_not_found`). `moreProducts` lists after its own products in
 * `GET /products` (the draw lotteries'). The clocks run on api nodes only (`startClocks`).
 */
export function createKenoFamily(platform: Platform, deps: { plumbing: OrderPlumbing; moreProducts: () => Promise<unknown[]> }) {
  const { logger } = platform;
  const service = createKenoService(platform, { afterDrawn: (drawId) => kenoSettlement.enqueue(platform.queues, drawId) });
  const settlement = createKenoSettlementService(platform);
  const orders = kenoOrders(platform);
  let clocks: KenoClocks | null = null;

  const family: GameFamily = {
    name: 'keno',
    claims: () => true,
    ownsOrder: () => true,
    orderBody: kenoOrderBody.transform(
      (body): AcceptedOrder => ({
        quote: () => orders.quote(body),
        place: async (userId, key) => deps.plumbing.placeAtOnce(userId, key, body, orders.prepare(userId, body)),
      }),
    ),
    async present(executor, rows) {
      const results = await kenoOrdersRepo.results(executor, rows.flatMap((row) => (row.draw_id === null ? [] : [row.draw_id])));
      return rows.map((row) => presentKenoOrder(row, (row.draw_id === null ? undefined : (results.get(row.draw_id) as KenoResult | null | undefined)) ?? null));
    },
    routes: (auth: AuthService) => [kenoRoutes(auth, service, () => clocks, deps.moreProducts)],
    workers: () => [
      kenoDrawSchedule.job.withContext({ platform, draws: service, logger }),
      kenoSettlement.job.withContext({ settler: settlement.settler(), logger }),
    ],
    purchaseSheet: kenoPurchaseSheet,
  };

  return {
    ...family,
    service,
    settlement,
    /** The game clocks of this api node (once: a second call returns the same). */
    async startClocks(): Promise<KenoClocks> {
      clocks ??= await startKenoClocks(platform, service);
      return clocks;
    },
  };
}
