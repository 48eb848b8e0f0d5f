import type { OrdersQuery, OrderWire, Paged } from '@gp/common';
import type { AcceptedOrder, GameRegistry, PlacedOrder } from '../games/registry.ts';
import { AppError } from '../platform/errors.ts';
import { orderBackOffice } from './back-office.ts';
import { boughtTickets } from './bought.ts';
import { iso, orderContext, type OrderContext } from './context.ts';
import { orderExpiry } from './expire.ts';
import { purchaseGateway, type PurchaseGateway } from './gateway.ts';
import { orderFailed, orderPlumbing, type OrderPlumbing } from './placement.ts';
import { orderPurchase } from './purchase.ts';
import { orderReconciler } from './reconcile.ts';
import { ordersRepo } from './repo.ts';

export { PURCHASE_QUEUE, RECONCILE_QUEUE, TIMEOUT_QUEUE, purchaseJobId, timeoutJobId, type OrderJob } from './jobs.ts';
export { orderPlumbing, purchaseRef, type OrderPlumbing, type PreparedOrder, type PreparedRow, type RecordOrder } from './placement.ts';
export { presentOrderCommon, type OrderCommon } from './present.ts';
export { ordersToBuy, SHEET_MAX_TICKETS } from './to-buy-repo.ts';
export type { ExpiryCounts } from './expire.ts';
export type { PurchaseOutcome } from './purchase.ts';

export type OrderService = ReturnType<typeof createOrderService>;

export interface OrderServiceDeps {
  /** How stored orders are presented: by their family (the game registry). */
  games: Pick<GameRegistry, 'present'>;
  /** The placement plumbing the families place through (default: a new one). */
  plumbing?: OrderPlumbing;
  /** Who buys the tickets (default: PURCHASE_GATEWAY's). */
  gateway?: PurchaseGateway;
}

/**
 * Orders of every family, the generic pipeline: placing an order its family accepted (each
 * family's rules behind `AcceptedOrder`, the shared placement in `orderPlumbing`), the purchase
 * 0 → 1 → 2 through a `PurchaseGateway` (./purchase.ts), the timeout 0/1 → 9 with its refund
 * (./expire.ts), the reconciler (./reconcile.ts), the back office's confirmation (./back-office.ts)
 * and the member's reads. Every status change is conditional on the current status
 * (ordersRepo.transition), so the purchase, the timeout and a confirmation can race: exactly one
 * of them moves the order.
 */
export function createOrderService(platform: OrderContext['platform'], deps: OrderServiceDeps) {
  const { db, now, logger } = platform;
  const plumbing = deps.plumbing ?? orderPlumbing(platform);
  const context = orderContext(platform, plumbing, deps.gateway ?? purchaseGateway(platform.config, platform), deps.games.present);
  const bought = boughtTickets(context);
  const expiry = orderExpiry(context, bought);
  const { purchase } = orderPurchase(context, bought, expiry);
  const { reconcile } = orderReconciler(context, expiry);

  async function withHistory(found: NonNullable<Awaited<ReturnType<typeof ordersRepo.find>>>): Promise<OrderWire> {
    const [order] = await context.present(db, [found], now());
    const history = await ordersRepo.history(db, found.id);
    return { ...order!, history: history.map((h) => ({ from: h.from, to: h.to, at: iso(h.at), reason: h.reason })) };
  }

  return {
    plumbing,
    ...orderBackOffice(context),
    purchase,
    reconcile,
    expire: expiry.expire,
    expireAt: expiry.expireAt,

    /**
     * Records the order its family accepted, debits the wallet and writes the follow-up work (the
     * `order` and `balance` pushes, the purchase and the timeout) under the Idempotency-Key, all or
     * nothing. A replay returns the first answer and publishes nothing.
     */
    async place(userId: number, order: AcceptedOrder, key: string): Promise<PlacedOrder> {
      try {
        return await order.place(userId, key);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The transaction did not commit: nothing was charged, and the same Idempotency-Key may be
        // tried again. 503 when the database was out of reach (a moment's trouble), 500 otherwise.
        logger.error({ err: error, userId }, 'order could not be recorded');
        throw orderFailed(error);
      }
    },

    async list(userId: number, query: OrdersQuery): Promise<Paged<OrderWire>> {
      const { rows, total } = await ordersRepo.page(db, userId, query, query.page, query.pageSize);
      return { items: await context.present(db, rows, now()), page: query.page, pageSize: query.pageSize, total };
    },

    /** One of the member's own orders with its history; anyone else's reads as `order_not_found`. */
    async get(userId: number, id: number): Promise<OrderWire> {
      const found = await ordersRepo.find(db, id);
      if (!found || found.user_id !== userId) throw new AppError('order_not_found');
      return withHistory(found);
    },

    /** Back office (the order's page): any order as its member sees it, with its history, and whose it is; `order_not_found` when there is none. */
    async staffView(id: number): Promise<{ order: OrderWire; userId: number }> {
      const found = await ordersRepo.find(db, id);
      if (!found) throw new AppError('order_not_found');
      return { order: await withHistory(found), userId: found.user_id };
    },
  };
}
