import type { FootballOrderRequest, KenoOrderRequest, KenoResult, OrdersQuery, OrderWire, Paged, QuoteResponse } from '@gp/common';
import { UnrecoverableError } from 'bullmq';
import type { Executor } from '../db/database.ts';
import type { OrderRow } from '../db/types.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { publishBalance, walletService } from '../wallet/service.ts';
import { footballOrders } from './football-order.ts';
import { FOOTBALL_PRODUCT, footballOrdersRepo } from './football-repo.ts';
import { purchaseGateway, type PurchaseGateway } from './gateway.ts';
import { kenoOrders } from './keno-order.ts';
import { orderPlumbing, PURCHASE_QUEUE, purchaseJobId, type OrderJob } from './placement.ts';
import { footballEventIds, presentOrder } from './present.ts';
import { ordersRepo } from './repo.ts';

export { autoNumbers } from './keno-order.ts';
export { PURCHASE_QUEUE, RECONCILE_QUEUE, TIMEOUT_QUEUE, purchaseJobId, timeoutJobId, type OrderJob } from './placement.ts';

/** An order body of either family (API.md "Orders"): the route validates it with its family's schema. */
export type OrderRequest = KenoOrderRequest | FootballOrderRequest;
export const isFootballRequest = (body: OrderRequest): body is FootballOrderRequest => body.productCode === FOOTBALL_PRODUCT;

export type OrderService = ReturnType<typeof createOrderService>;

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * Orders of every family: quote and place (api) through the family's rules (keno, football) and
 * the shared placement (`orderPlumbing`), the purchase 0 → 1 → 2 through a `PurchaseGateway`, the
 * back-office confirmation (manual gateway), and the timeout 0/1 → 9 with its refund (workers).
 * Every status change is conditional on the current status (ordersRepo.transition), so the
 * purchase, the timeout and a confirmation can race: exactly one of them moves the order.
 */
export function createOrderService(platform: Pick<Platform, 'db' | 'queues' | 'bus' | 'now' | 'config' | 'logger'>, gateway: PurchaseGateway = purchaseGateway(platform.config)) {
  const { db, queues, bus, now, logger } = platform;
  const keno = kenoOrders(platform);
  const football = footballOrders(platform);
  const plumbing = orderPlumbing(platform);
  const { transition } = plumbing;

  /** Orders as the API shows them; the events of the football ones are loaded in one query. */
  async function present(executor: Executor, rows: ReadonlyArray<OrderRow & { official_result?: unknown }>): Promise<OrderWire[]> {
    const ids = footballEventIds(rows);
    const events = new Map((await footballOrdersRepo.events(executor, ids)).map((event) => [event.id, event]));
    const at = now();
    return rows.map(({ official_result, ...row }) => presentOrder(row, (official_result as KenoResult | null | undefined) ?? null, { events, now: at }));
  }

  const service = {
    async quote(body: OrderRequest): Promise<QuoteResponse> {
      return isFootballRequest(body) ? football.quote(body) : keno.quote(body);
    },

    /**
     * Debits the wallet and records the order in one transaction (under the Idempotency-Key), then
     * queues the purchase and the timeout and pushes `order` and `balance`. A replay returns the
     * first answer and re-queues (fixed job ids make that a no-op) but publishes nothing.
     */
    async place(userId: string, body: OrderRequest, key: string): Promise<{ status: number; body: { order: OrderWire } }> {
      const record = isFootballRequest(body) ? football.record(userId, body) : keno.record(userId, body);
      return plumbing.place(userId, key, body, record);
    },

    async list(userId: string, query: OrdersQuery): Promise<Paged<OrderWire>> {
      const { rows, total } = await ordersRepo.page(db, userId, query, query.page, query.pageSize);
      return { items: await present(db, rows), page: query.page, pageSize: query.pageSize, total };
    },

    /** One of the member's own orders with its history; anyone else's reads as `order_not_found`. */
    async get(userId: string, id: string): Promise<OrderWire> {
      const found = /^[1-9]\d{0,17}$/.test(id) ? await ordersRepo.findWithResult(db, id) : undefined;
      if (!found || String(found.user_id) !== String(userId)) throw new AppError('order_not_found');
      const [order] = await present(db, [found]);
      const history = await ordersRepo.history(db, id);
      return { ...order!, history: history.map((h) => ({ from: h.from, to: h.to, at: iso(h.at), reason: h.reason })) };
    },

    /** The purchase job: 0 → 1, buy through the gateway, 1 → 2. Safe to run twice or after the timeout. */
    async purchase(orderId: string): Promise<'purchased' | 'awaiting_confirmation' | 'skipped' | 'too_late'> {
      const order = await ordersRepo.find(db, orderId);
      if (!order) throw new UnrecoverableError(`order ${orderId} does not exist`);
      if (order.trial || (order.status !== 0 && order.status !== 1)) return 'skipped';
      if (now() >= new Date(order.sales_close_at)) return 'too_late'; // the timeout refunds it
      if (order.status === 0 && !(await transition(orderId, [0], 1, 'purchase started'))) return 'skipped';
      const bought = await gateway.purchase(order);
      if (!bought) return 'awaiting_confirmation';
      const done = await transition(orderId, [1], 2, `purchased (${gateway.kind})`, { ticket_ref: bought.ticketRef, purchased_at: now() });
      if (!done) {
        logger.error({ orderId, ticketRef: bought.ticketRef }, 'ticket bought for an order that is no longer processing (timed out and refunded)');
        return 'skipped';
      }
      return 'purchased';
    },

    /** Back office (manual gateway): the ticket was bought. `order_issue` once the order has left 0/1. */
    async confirm(orderId: string, ticketRef: string): Promise<OrderWire> {
      const row = /^[1-9]\d{0,17}$/.test(orderId) ? await ordersRepo.find(db, orderId) : undefined;
      if (!row || row.trial) throw new AppError('order_not_found');
      const moved = await transition(orderId, [0, 1], 2, 'purchase confirmed by operator', { ticket_ref: ticketRef, purchased_at: now() });
      if (!moved) throw new AppError('order_issue', { details: { status: (await ordersRepo.find(db, orderId))?.status ?? null } });
      const [order] = await present(db, [moved.row]);
      return order!;
    },

    /** The timeout job: an order still in 0 or 1 becomes 9 and is refunded, in one transaction, once. */
    async expire(orderId: string): Promise<'refunded' | 'skipped'> {
      const outcome = await db.transaction().execute(async (trx) => {
        const moved = await ordersRepo.transition(trx, orderId, [0, 1], 9, 'sales closed before purchase: refunded', now());
        if (!moved) return undefined;
        const { row } = moved;
        const userId = String(row.user_id);
        const { balance, trialBalance } = await walletService.credit(trx, {
          userId,
          account: row.trial ? 'trial' : 'real',
          kind: 'refund',
          amount: row.points_spent,
          refType: 'order',
          refId: orderId,
        });
        return { moved, userId, balances: { balance, trialBalance } };
      });
      if (!outcome) return 'skipped';
      await plumbing.publishOrder(outcome.userId, outcome.moved.row, outcome.moved.prevStatus);
      await publishBalance(bus, outcome.userId, outcome.balances, now());
      return 'refunded';
    },

    /**
     * The reconciler: re-queues the purchase of real orders left in 0 for over 10 s without a live
     * job, and ends the orders past their deadline that a lost timeout job left in 0/1.
     */
    async reconcile(): Promise<{ requeued: number; expired: number }> {
      const at = now();
      let requeued = 0;
      const purchases = queues.queue<OrderJob>(PURCHASE_QUEUE);
      for (const { id } of await ordersRepo.stalePending(db, new Date(at.getTime() - 10_000), 500)) {
        const orderId = String(id);
        const job = await purchases.getJob(purchaseJobId(orderId));
        const state = job ? await job.getState() : 'missing';
        if (state === 'waiting' || state === 'active' || state === 'delayed' || state === 'prioritized' || state === 'waiting-children') continue;
        if (job) await job.remove();
        await purchases.add('purchase', { orderId }, { jobId: purchaseJobId(orderId) });
        requeued++;
      }
      let expired = 0;
      for (const { id } of await ordersRepo.overdue(db, at, 500)) {
        if ((await service.expire(String(id))) === 'refunded') expired++;
      }
      return { requeued, expired };
    },
  };
  return service;
}
