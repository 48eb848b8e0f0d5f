import crypto from 'node:crypto';
import {
  kenoCost,
  kenoMaxPrize,
  toPoints,
  userRoom,
  validateKenoTicket,
  type KenoOrderRequest,
  type KenoPlay,
  type KenoProduct,
  type KenoResult,
  type KenoTicket,
  type OrderEventPayload,
  type OrdersQuery,
  type OrderWire,
  type Paged,
  type QuoteResponse,
} from '@gp/common';
import { UnrecoverableError } from 'bullmq';
import type { Executor, Tx } from '../db/database.ts';
import type { OrderRow, OrderStatus } from '../db/types.ts';
import { kenoCatalogue } from '../keno/catalogue.ts';
import { AppError } from '../platform/errors.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';
import { publishBalance, walletService, type Balances } from '../wallet/service.ts';
import { purchaseGateway, type PurchaseGateway } from './gateway.ts';
import { pointsRate } from '../settlement/rates.ts';
import { presentOrder } from './present.ts';
import { ordersRepo } from './repo.ts';

export const PURCHASE_QUEUE = 'order-purchase';
export const TIMEOUT_QUEUE = 'order-timeout';
export const RECONCILE_QUEUE = 'order-reconcile';

export interface OrderJob {
  orderId: string;
}

/** BullMQ job ids may be neither integer strings nor contain ':'. */
export const purchaseJobId = (orderId: string) => `purchase-${orderId}`;
export const timeoutJobId = (orderId: string) => `order-timeout-${orderId}`;

export type OrderService = ReturnType<typeof createOrderService>;

const iso = (at: Date | string) => new Date(at).toISOString();

/** `count` distinct numbers of 1..`poolSize`, chosen with the crypto RNG. */
export function autoNumbers(count: number, poolSize: number): number[] {
  const pool = Array.from({ length: poolSize }, (_, i) => i + 1);
  for (let i = 0; i < count; i++) {
    const j = i + crypto.randomInt(poolSize - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/** The ticket a request asks for, with `auto` plays filled in (an invalid star count is left for validation). */
function ticketOf(product: KenoProduct, body: KenoOrderRequest): KenoTicket {
  const plays = body.plays.map((play): KenoPlay => {
    switch (play.type) {
      case 'pick': {
        const auto = play.auto === true && !play.numbers?.length;
        const valid = Number.isSafeInteger(play.stars) && play.stars >= 1 && play.stars <= product.matrix.poolSize;
        return { type: 'pick', stars: play.stars, numbers: auto && valid ? autoNumbers(play.stars, product.matrix.poolSize) : (play.numbers ?? []) };
      }
      case 'superNumber': {
        const auto = play.auto === true && !play.numbers?.length;
        return { type: 'superNumber', numbers: auto ? autoNumbers(1, product.matrix.poolSize) : (play.numbers ?? []) };
      }
      case 'bigSmall':
        return { type: 'bigSmall', pick: play.pick as never };
      case 'oddEven':
        return { type: 'oddEven', pick: play.pick as never };
    }
  });
  return { multiplier: body.multiplier, plays };
}

/**
 * Keno orders: quote and place (api), the purchase 0 → 1 → 2 through a `PurchaseGateway`, the
 * back-office confirmation (manual gateway), and the timeout 0/1 → 9 with its refund (workers).
 * Every status change is conditional on the current status (ordersRepo.transition), so the
 * purchase, the timeout and a confirmation can race: exactly one of them moves the order.
 */
export function createOrderService(platform: Pick<Platform, 'db' | 'queues' | 'bus' | 'now' | 'config' | 'logger'>, gateway: PurchaseGateway = purchaseGateway(platform.config)) {
  const { db, queues, bus, now, logger } = platform;
  const catalogue = kenoCatalogue(platform.config);

  function productOf(code: string): KenoProduct {
    const product = catalogue.get(code as never);
    if (!product) throw new AppError('product_not_found');
    return product;
  }

  /** The product's rules (§5), then the deployment's limit on what one order may win. */
  function checkTicket(product: KenoProduct, ticket: KenoTicket) {
    const problem = validateKenoTicket(product, ticket);
    if (problem) throw new AppError(problem.code, { fields: problem.fields, details: problem.details });
    const maxPrize = kenoMaxPrize(product, ticket);
    const limit = platform.config.MAX_ORDER_PRIZE_POINTS * 100;
    if (toPoints(maxPrize, pointsRate(platform.config, product.currency)) > limit) {
      throw new AppError('exceeds_max_prize', { details: { maxPrize, limitPoints: limit } });
    }
    return maxPrize;
  }

  /** The draw of `issue` if its sales are open at `at`; otherwise `sales_closed` naming the issue on sale (or next). */
  async function openDraw(executor: Executor, product: KenoProduct, issue: string, at: Date) {
    const draw = await executor
      .selectFrom('draws')
      .select(['id', 'issue', 'sales_open_at', 'sales_close_at', 'status'])
      .where('product_code', '=', product.code)
      .where('issue', '=', issue)
      .executeTakeFirst();
    if (draw && draw.status === 'scheduled' && draw.sales_open_at <= at && at < draw.sales_close_at) return draw;
    const next = await executor
      .selectFrom('draws')
      .select(['issue'])
      .where('product_code', '=', product.code)
      .where('status', '=', 'scheduled')
      .where('sales_close_at', '>', at)
      .orderBy('draw_at')
      .limit(1)
      .executeTakeFirst();
    throw new AppError('sales_closed', { details: { nextIssue: next?.issue ?? null } });
  }

  async function publishOrder(userId: string, row: OrderRow, prevStatus: OrderStatus | null) {
    const payload: OrderEventPayload = { id: String(row.id), status: row.status, prevStatus, updatedAt: iso(row.updated_at) };
    await bus.publish({ room: userRoom(userId), event: 'order', payload });
  }

  async function enqueue(row: Pick<OrderRow, 'id' | 'trial' | 'sales_close_at'>) {
    if (row.trial) return;
    const orderId = String(row.id);
    await queues.queue<OrderJob>(PURCHASE_QUEUE).add('purchase', { orderId }, { jobId: purchaseJobId(orderId) });
    const delay = Math.max(0, new Date(row.sales_close_at).getTime() - now().getTime());
    await queues.queue<OrderJob>(TIMEOUT_QUEUE).add('order-timeout', { orderId }, { jobId: timeoutJobId(orderId), delay });
  }

  async function transition(id: string, from: readonly OrderStatus[], to: OrderStatus, reason: string, extra: Parameters<typeof ordersRepo.transition>[6] = {}) {
    const moved = await db.transaction().execute((trx) => ordersRepo.transition(trx, id, from, to, reason, now(), extra));
    if (moved) await publishOrder(String(moved.row.user_id), moved.row, moved.prevStatus);
    return moved;
  }

  const service = {
    async quote(body: KenoOrderRequest): Promise<QuoteResponse> {
      const product = productOf(body.productCode);
      const ticket = ticketOf(product, body);
      const maxPrize = checkTicket(product, ticket);
      await openDraw(db, product, body.issue, now());
      const cost = kenoCost(product, ticket);
      return {
        units: cost.units,
        bets: ticket.plays.length,
        stake: cost.stake,
        fee: { amount: 0, currency: product.currency },
        maxPrize,
        total: cost.points,
      };
    },

    /**
     * Debits the wallet and records the order in one transaction (under the Idempotency-Key), then
     * queues the purchase and the timeout and pushes `order` and `balance`. A replay returns the
     * first answer and re-queues (fixed job ids make that a no-op) but publishes nothing.
     */
    async place(userId: string, body: KenoOrderRequest, key: string): Promise<{ status: number; body: { order: OrderWire } }> {
      const product = productOf(body.productCode);
      let balances: Balances | undefined;
      let placed: OrderRow | undefined;
      const result = await runIdempotent<{ order: OrderWire }>(db, { userId, scope: 'order', key, body }, async (trx: Tx) => {
        const ticket = ticketOf(product, body);
        checkTicket(product, ticket);
        const at = now();
        const draw = await openDraw(trx, product, body.issue, at);
        const cost = kenoCost(product, ticket);
        const row = await ordersRepo.insert(
          trx,
          {
            user_id: userId,
            product_code: product.code,
            issue: draw.issue,
            draw_id: String(draw.id),
            status: body.trial ? 8 : 0,
            trial: body.trial,
            multiplier: ticket.multiplier,
            plays: JSON.stringify(ticket.plays),
            units: cost.units,
            points_spent: cost.points,
            stake: JSON.stringify(cost.stake),
            sales_close_at: draw.sales_close_at,
            created_at: at,
            updated_at: at,
          },
          body.trial ? 'trial order placed' : 'order placed',
        );
        const posting = { userId, account: body.trial ? ('trial' as const) : ('real' as const), kind: 'order' as const, amount: cost.points, refType: 'order', refId: String(row.id) };
        const { balance, trialBalance } = await walletService.debit(trx, posting);
        balances = { balance, trialBalance };
        placed = row;
        return { status: 201, body: { order: presentOrder(row) } };
      });
      // Published before the purchase is queued, so the owner hears `null → 0` before the worker's `0 → 1`.
      if (!result.replayed && placed && balances) {
        await publishOrder(userId, placed, null);
        await publishBalance(bus, userId, balances, now());
      }
      const order = result.body.order;
      await enqueue({ id: order.id, trial: order.trial, sales_close_at: new Date(order.salesCloseAt) });
      return { status: result.status, body: result.body };
    },

    async list(userId: string, query: OrdersQuery): Promise<Paged<OrderWire>> {
      const { rows, total } = await ordersRepo.page(db, userId, query, query.page, query.pageSize);
      return { items: rows.map(({ official_result, ...row }) => presentOrder(row, official_result as KenoResult | null)), page: query.page, pageSize: query.pageSize, total };
    },

    /** One of the member's own orders with its history; anyone else's reads as `order_not_found`. */
    async get(userId: string, id: string): Promise<OrderWire> {
      const found = /^[1-9]\d{0,17}$/.test(id) ? await ordersRepo.findWithResult(db, id) : undefined;
      if (!found || String(found.user_id) !== String(userId)) throw new AppError('order_not_found');
      const { official_result, ...row } = found;
      const history = await ordersRepo.history(db, id);
      return { ...presentOrder(row, official_result as KenoResult | null), history: history.map((h) => ({ from: h.from, to: h.to, at: iso(h.at), reason: h.reason })) };
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
      return presentOrder(moved.row);
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
      await publishOrder(outcome.userId, outcome.moved.row, outcome.moved.prevStatus);
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
