import { FOOTBALL_PRODUCT_CODE, footballOrderBody } from '@gp/common';
import type { AuthService } from '../../auth/service.ts';
import type { OrderPlumbing } from '../../orders/service.ts';
import type { Platform } from '../../platform/platform.ts';
import type { AcceptedOrder, GameFamily } from '../family.ts';
import { footballPurchaseSheet } from './sheet-repo.ts';
import { footballJob } from './jobs.ts';
import { footballOrders } from './order.ts';
import { footballEventIds, presentFootballOrder } from './order-present.ts';
import { footballOrdersRepo } from './order-repo.ts';
import { footballRoutes } from './routes.ts';
import { createFootballService } from './service.ts';
import { createFootballSettlementService } from './settlement.ts';
import { enqueueFootballSettlement, footballSettlement } from './settlement-jobs.ts';

export type FootballFamily = ReturnType<typeof createFootballFamily>;

/**
 * HKJC football (HKS01): events and odds from the poller, a slip of picks on one or more events
 * (its row and its legs, placed in one transaction at the prices it was quoted), settled once
 * every event it bets on is final.
 */
export function createFootballFamily(platform: Platform, deps: { plumbing: OrderPlumbing }) {
  const { logger } = platform;
  const service = createFootballService(platform, { afterResulted: (eventId) => enqueueFootballSettlement(platform.queues, eventId) });
  const settlement = createFootballSettlementService(platform);
  const orders = footballOrders(platform, deps.plumbing);

  const family: GameFamily = {
    name: 'football',
    claims: (productCode) => productCode === FOOTBALL_PRODUCT_CODE,
    ownsOrder: (row) => row.product_code === FOOTBALL_PRODUCT_CODE,
    orderBody: footballOrderBody.transform(
      (body): AcceptedOrder => ({
        quote: () => orders.quote(body),
        place: (userId, key) => deps.plumbing.place(userId, key, body, orders.record(userId, body)),
      }),
    ),
    async present(executor, rows, at) {
      const events = new Map((await footballOrdersRepo.events(executor, footballEventIds(rows))).map((event) => [event.id, event]));
      return rows.map((row) => presentFootballOrder(row, events, at));
    },
    routes: (auth: AuthService) => [footballRoutes(auth, service)],
    workers: () => [footballJob.withContext(service), footballSettlement.job.withContext({ settler: settlement.settler(), logger })],
    purchaseSheet: footballPurchaseSheet,
  };

  return { ...family, service, settlement };
}
