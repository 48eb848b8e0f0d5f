import {
  FOOTBALL_PRODUCT_CODE,
  type FootballOrderRequest,
  type KenoOrderRequest,
  type KenoResult,
  type OrderFlag,
  type OrdersQuery,
  type OrderWire,
  type Paged,
  type QuoteResponse,
} from '@gp/common';
import { UnrecoverableError } from 'bullmq';
import type { Executor, Tx } from '../db/database.ts';
import type { OrderRow } from '../db/types.ts';
import { AppError } from '../platform/errors.ts';
import { isId } from '../platform/ids.ts';
import type { Platform } from '../platform/platform.ts';
import { balanceMessage, walletService } from '../wallet/service.ts';
import { footballOrders } from '../games/football/order.ts';
import { footballOrdersRepo } from '../games/football/order-repo.ts';
import { createBatcher } from '../platform/batcher.ts';
import { purchaseAll, purchaseGateway, type PurchaseGateway } from './gateway.ts';
import { kenoOrders } from '../games/keno/order.ts';
import { orderIdsOf, PURCHASE_QUEUE, purchaseJob, purchaseJobId } from './jobs.ts';
import { orderFailed, orderPlumbing, purchaseRef } from './placement.ts';
import { footballEventIds, presentOrder } from './present.ts';
import { ordersRepo, type PurchaseRow } from './repo.ts';

export { autoNumbers } from '../games/keno/order.ts';
export { slipOfPlays, type FootballOutcome, type FootballPlays } from '../games/football/order-present.ts';
export { PURCHASE_QUEUE, RECONCILE_QUEUE, TIMEOUT_QUEUE, purchaseJobId, timeoutJobId, type OrderJob } from './jobs.ts';

/** An order body of either family (API.md "Orders"): the route validates it with its family's schema. */
export type OrderRequest = KenoOrderRequest | FootballOrderRequest;
export const isFootballRequest = (body: OrderRequest): body is FootballOrderRequest => body.productCode === FOOTBALL_PRODUCT_CODE;

export type OrderService = ReturnType<typeof createOrderService>;

const iso = (at: Date | string) => new Date(at).toISOString();

export type PurchaseOutcome = 'purchased' | 'awaiting_confirmation' | 'skipped' | 'too_late' | 'refused' | 'flagged';
/** What a pass of timeouts did: orders refunded, found bought by the gateway, or left for a later try. */
export interface ExpiryCounts {
  refunded: number;
  purchased: number;
  undecided: number;
}
/** Overdue orders read per page, and expired at once (each may ask the gateway). */
const EXPIRE_PAGE = 500;
const EXPIRE_AT_ONCE = 8;
/** Orders bought per batch, and batches under way at once (each waits on the operator's latency). */
const PURCHASE_BATCH = 256;
const PURCHASE_BATCHES_IN_FLIGHT = 4;
/** The states of a purchase job not finished yet, in the order a job goes through them; jobs read per page. */
const LIVE_JOB_STATES = ['waiting-children', 'delayed', 'prioritized', 'waiting', 'active'] as const;
const LIVE_JOBS_PAGE = 1000;

/**
 * Orders of every family: quote and place (api) through the family's rules (keno, football) and
 * the shared placement (`orderPlumbing`), the purchase 0 → 1 → 2 through a `PurchaseGateway`, the
 * back-office confirmation (manual gateway), and the timeout 0/1 → 9 with its refund (workers).
 * Every status change is conditional on the current status (ordersRepo.transition), so the
 * purchase, the timeout and a confirmation can race: exactly one of them moves the order.
 */
export function createOrderService(
  platform: Pick<Platform, 'db' | 'queues' | 'outbox' | 'now' | 'config' | 'logger' | 'identity'>,
  gateway: PurchaseGateway = purchaseGateway(platform.config, platform),
) {
  const { db, queues, outbox, now, logger, config } = platform;
  const refOf = (order: Pick<OrderRow, 'id' | 'created_at'>) => purchaseRef(platform.identity, order);
  const keno = kenoOrders(platform);
  const football = footballOrders(platform);
  const plumbing = orderPlumbing(platform);
  const { transition } = plumbing;

  /**
   * The operator sold `ticketRef` for the order: 0/1 → 2. If the order already left 0/1 — refunded
   * at its cut-off — the ticket is not silently kept: the order is flagged for the back office.
   */
  async function recordBought(orderId: string, ticketRef: string, reason: string): Promise<'purchased' | 'already' | 'flagged'> {
    const done = await transition(orderId, [0, 1], 2, reason, { ticket_ref: ticketRef, purchased_at: now() });
    if (done) return 'purchased';
    const row = await ordersRepo.find(db, orderId);
    if (row?.status === 2 && row.ticket_ref === ticketRef) return 'already';
    await ordersRepo.flag(db, orderId, 'bought_after_refund', { ticketRef, status: row?.status ?? null });
    logger.error({ orderId, ticketRef, status: row?.status }, 'ticket bought for an order that is no longer processing: flagged for the back office');
    return 'flagged';
  }

  /** Orders as the API shows them; the events of the football ones are loaded in one query. */
  async function present(executor: Executor, rows: ReadonlyArray<OrderRow & { official_result?: unknown }>): Promise<OrderWire[]> {
    const ids = footballEventIds(rows);
    const events = new Map((await footballOrdersRepo.events(executor, ids)).map((event) => [event.id, event]));
    const at = now();
    return rows.map(({ official_result, ...row }) => presentOrder(row, (official_result as KenoResult | null | undefined) ?? null, { events, now: at }));
  }

  /** Records the tickets the operator sold: 0/1 → 2 for all at once; any that left 0/1 meanwhile goes through `recordBought` (already, or flagged). */
  async function recordBoughtMany(bought: ReadonlyArray<{ id: string; ticketRef: string }>, reason: string) {
    const outcome = new Map<string, 'purchased' | 'already' | 'flagged'>();
    const moved = await plumbing.transitionMany(bought.map(({ id, ticketRef }) => ({ id, extra: { ticket_ref: ticketRef, purchased_at: now() } })), [0, 1], 2, reason);
    for (const { row } of moved) outcome.set(String(row.id), 'purchased');
    for (const { id, ticketRef } of bought) if (!outcome.has(id)) outcome.set(id, await recordBought(id, ticketRef, reason));
    return outcome;
  }

  /** The purchases of a batch of orders (see `purchase`); one settled outcome per id, in order. */
  async function purchaseBatch(ids: readonly string[]): Promise<Array<PromiseSettledResult<PurchaseOutcome>>> {
    const outcomes = new Map<string, PromiseSettledResult<PurchaseOutcome>>();
    const done = (id: string, value: PurchaseOutcome) => outcomes.set(id, { status: 'fulfilled', value });
    const fail = (id: string, reason: unknown) => outcomes.set(id, { status: 'rejected', reason });
    const rows = new Map((await ordersRepo.findForPurchase(db, ids)).map((row) => [String(row.id), row]));
    const at = now();
    const toStart: string[] = [];
    const going: PurchaseRow[] = [];
    for (const id of ids) {
      const order = rows.get(id);
      if (!order) fail(id, new UnrecoverableError(`order ${id} does not exist`));
      else if (order.trial || (order.status !== 0 && order.status !== 1)) done(id, 'skipped');
      else if (at >= new Date(order.sales_close_at)) done(id, 'too_late'); // the timeout asks the gateway, then settles it
      else if (order.status === 0) toStart.push(id);
      else going.push(order);
    }
    const started = new Set((await plumbing.transitionMany(toStart.map((id) => ({ id })), [0], 1, 'purchase started')).map((m) => String(m.row.id)));
    for (const id of toStart) {
      if (started.has(id)) going.push(rows.get(id)!);
      else done(id, 'skipped');
    }
    const replies = await purchaseAll(
      gateway,
      going.map((order) => ({ purchaseRef: refOf(order), orderId: String(order.id), productCode: order.product_code, issue: order.issue, salesCloseAt: new Date(order.sales_close_at) })),
    );
    const bought: Array<{ id: string; ticketRef: string }> = [];
    for (const [i, order] of going.entries()) {
      const id = String(order.id);
      const reply = replies[i]!;
      if (reply.status === 'rejected') fail(id, reply.reason);
      else if (reply.value.outcome === 'pending') done(id, 'awaiting_confirmation');
      else if (reply.value.outcome === 'refused') {
        // The operator's sales closed before our call reached it: nothing was bought, refund now.
        await service.expire(id).then(() => done(id, 'refused'), (error: unknown) => fail(id, error));
      } else bought.push({ id, ticketRef: reply.value.ticketRef });
    }
    const recorded = await recordBoughtMany(bought, `purchased (${gateway.kind})`);
    for (const { id } of bought) {
      const result = recorded.get(id);
      done(id, result === 'flagged' ? 'flagged' : result === 'purchased' ? 'purchased' : 'skipped');
    }
    return ids.map((id) => outcomes.get(id) ?? { status: 'rejected', reason: new Error(`order ${id} got no purchase outcome`) });
  }

  const purchases = createBatcher(purchaseBatch, { maxBatch: PURCHASE_BATCH, maxInFlight: PURCHASE_BATCHES_IN_FLIGHT });

  /**
   * The orders of every purchase job not finished yet, a page of jobs at a time. The states are
   * read in the order a job goes through them, so one that moves on meanwhile is still seen once.
   */
  async function liveOrderIds(): Promise<Set<string>> {
    const ids = new Set<string>();
    const queue = queues.queue(PURCHASE_QUEUE);
    for (const state of LIVE_JOB_STATES) {
      for (let start = 0; ; start += LIVE_JOBS_PAGE) {
        const jobs = await queue.getJobs([state], start, start + LIVE_JOBS_PAGE - 1, true);
        for (const job of jobs) if (job) for (const id of orderIdsOf(job.data)) ids.add(id);
        if (jobs.length < LIVE_JOBS_PAGE) break;
      }
    }
    return ids;
  }

  /**
   * `expire` for the orders still in 0/1 whose sales closed by `closeAt`, up to `limit` of them,
   * a page at a time in id order, EXPIRE_AT_ONCE in parallel. One order the gateway cannot answer
   * for does not hold up the others: it is counted `undecided` and asked again later.
   */
  async function expireOverdue(closeAt: Date, limit: number): Promise<ExpiryCounts> {
    const counts: ExpiryCounts = { refunded: 0, purchased: 0, undecided: 0 };
    let afterId = '0';
    for (let seen = 0; seen < limit; ) {
      const page = await ordersRepo.overdue(db, closeAt, Math.min(EXPIRE_PAGE, limit - seen), afterId);
      if (page.length === 0) break;
      seen += page.length;
      afterId = String(page.at(-1)!.id);
      for (let i = 0; i < page.length; i += EXPIRE_AT_ONCE) {
        await Promise.all(
          page.slice(i, i + EXPIRE_AT_ONCE).map(async ({ id }) => {
            const outcome = await service.expire(String(id)).catch((error: unknown) => {
              logger.warn({ err: error, orderId: String(id) }, 'order past its cut-off: the gateway could not say whether it sold it; will ask again');
              return 'undecided' as const;
            });
            if (outcome === 'refunded' || outcome === 'purchased' || outcome === 'undecided') counts[outcome]++;
          }),
        );
      }
    }
    return counts;
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
      try {
        // Keno can check and price an order before writing: one statement places it (placeAtOnce).
        if (!isFootballRequest(body)) return await plumbing.placeAtOnce(userId, key, body, keno.prepare(userId, body));
        return await plumbing.place(userId, key, body, football.record(userId, body));
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The transaction did not commit: nothing was charged, and the same Idempotency-Key may be
        // tried again. 503 when the database was out of reach (a moment's trouble), 500 otherwise.
        logger.error({ err: error, userId }, 'order could not be recorded');
        throw orderFailed(error);
      }
    },

    async list(userId: string, query: OrdersQuery): Promise<Paged<OrderWire>> {
      const { rows, total } = await ordersRepo.page(db, userId, query, query.page, query.pageSize);
      return { items: await present(db, rows), page: query.page, pageSize: query.pageSize, total };
    },

    /** One of the member's own orders with its history; anyone else's reads as `order_not_found`. */
    async get(userId: string, id: string): Promise<OrderWire> {
      const found = isId(id) ? await ordersRepo.findWithResult(db, id) : undefined;
      if (!found || String(found.user_id) !== String(userId)) throw new AppError('order_not_found');
      const [order] = await present(db, [found]);
      const history = await ordersRepo.history(db, id);
      return { ...order!, history: history.map((h) => ({ from: h.from, to: h.to, at: iso(h.at), reason: h.reason })) };
    },

    /**
     * The purchase job: 0 → 1, buy through the gateway under the order's stable reference, 1 → 2.
     * Safe to run twice, after a crash mid-call (the gateway returns the ticket it already sold) or
     * after the timeout (a late ticket is flagged, never kept). Throws to be retried when the
     * gateway's answer is unknown. Concurrent purchases travel together (`purchaseBatch`): one
     * read, one 0 → 1, one call to the operator and one 1 → 2 for the whole batch, each order
     * still moved conditionally on its own status and answered with its own outcome.
     */
    purchase(orderId: string): Promise<PurchaseOutcome> {
      return purchases.run(orderId);
    },

    /** Open back-office flags (a ticket bought after a refund, a purchase in doubt), oldest first. */
    async openFlags(): Promise<OrderFlag[]> {
      return (await ordersRepo.openFlags(db, 500)).map((row) => ({
        id: String(row.id),
        orderId: String(row.order_id),
        kind: row.kind,
        detail: row.detail,
        createdAt: iso(row.created_at),
        order: { userId: String(row.user_id), productCode: row.product_code, issue: row.issue, status: row.status, pointsSpent: row.points_spent, ticketRef: row.ticket_ref },
      }));
    },

    /** Back office (manual gateway): the ticket was bought. `order_issue` once the order has left 0/1. */
    async confirm(orderId: string, ticketRef: string): Promise<OrderWire> {
      const row = isId(orderId) ? await ordersRepo.find(db, orderId) : undefined;
      if (!row || row.trial) throw new AppError('order_not_found');
      const moved = await transition(orderId, [0, 1], 2, 'purchase confirmed by operator', { ticket_ref: ticketRef, purchased_at: now() });
      if (!moved) {
        const status = (await ordersRepo.find(db, orderId))?.status ?? null;
        // Bought by hand after the order was refunded at its cut-off: the ticket exists, so the back office must settle it.
        if (status === 9) await ordersRepo.flag(db, orderId, 'bought_after_refund', { ticketRef, by: 'operator' });
        throw new AppError('order_issue', { details: { status } });
      }
      const [order] = await present(db, [moved.row]);
      return order!;
    },

    /**
     * Back office console (admin/queue.ts), inside the caller's transaction so the ticket scan and
     * the audit entry commit with the status change: the ticket was bought (0/1 → 2, the member's
     * `order` push written with it). Undefined when the order is not a real one in 0/1.
     */
    async confirmIn(trx: Tx, orderId: string, ticketRef: string) {
      const row = await ordersRepo.find(trx, orderId);
      if (!row || row.trial) return undefined;
      const moved = await plumbing.transitionIn(trx, orderId, [0, 1], 2, 'purchase confirmed by operator', { ticket_ref: ticketRef, purchased_at: now() });
      if (moved) await ordersRepo.resolveFlags(trx, orderId, now());
      return moved ? { userId: String(moved.row.user_id), status: moved.row.status } : undefined;
    },

    /**
     * Back office: the ticket could not be bought. 0/1 → 9 and the points refunded in the caller's
     * transaction, under the same cause as the cut-off refund (`refund`, order:<id>), so however the
     * two race the member is refunded once; `reason` is the member's history line.
     */
    async failIn(trx: Tx, orderId: string, reason: string) {
      const moved = await plumbing.transitionIn(trx, orderId, [0, 1], 9, `purchase failed: ${reason}`);
      if (!moved) return undefined;
      const { row } = moved;
      const userId = String(row.user_id);
      const balances = await walletService.credit(trx, { userId, account: row.trial ? 'trial' : 'real', kind: 'refund', amount: row.points_spent, refType: 'order', refId: orderId });
      await outbox.write(trx, [outbox.event(balanceMessage(userId, balances, now()), now())]);
      await ordersRepo.resolveFlags(trx, orderId, now());
      return { userId, refunded: row.points_spent };
    },

    /**
     * The timeout job, at the sales cut-off: asks the gateway what it sold under the order's
     * reference before deciding. Bought → 2 with that ticket; not bought → 9 and refunded, in one
     * transaction, once. A job that comes before the cut-off (a stale job) changes nothing. If the
     * gateway cannot answer, nothing is decided: it throws to be retried, and past
     * PURCHASE_DOUBT_FLAG_SECONDS the order is flagged for the back office.
     */
    async expire(orderId: string): Promise<'refunded' | 'purchased' | 'skipped' | 'early'> {
      const order = await ordersRepo.find(db, orderId);
      if (!order || (order.status !== 0 && order.status !== 1)) return 'skipped';
      const closeAt = new Date(order.sales_close_at);
      if (now() < closeAt) return 'early';
      if (!order.trial) {
        const found = await gateway.lookup(refOf(order)).catch(async (error: unknown) => {
          if (now().getTime() - closeAt.getTime() > config.PURCHASE_DOUBT_FLAG_SECONDS * 1000) {
            await ordersRepo.flag(db, orderId, 'purchase_in_doubt', { error: String((error as Error)?.message ?? error).slice(0, 300) });
          }
          throw error;
        });
        if (found.state === 'bought') {
          const recorded = await recordBought(orderId, found.ticketRef, `purchased (${gateway.kind}; found by lookup at the cut-off)`);
          return recorded === 'purchased' ? 'purchased' : 'skipped';
        }
      }
      const refunded = await db.transaction().execute(async (trx) => {
        const moved = await plumbing.transitionIn(trx, orderId, [0, 1], 9, 'sales closed before purchase: refunded');
        if (!moved) return false;
        const { row } = moved;
        const userId = String(row.user_id);
        const balances = await walletService.credit(trx, {
          userId,
          account: row.trial ? 'trial' : 'real',
          kind: 'refund',
          amount: row.points_spent,
          refType: 'order',
          refId: orderId,
        });
        await outbox.write(trx, [outbox.event(balanceMessage(userId, balances, now()), now())]);
        return true;
      });
      if (!refunded) return 'skipped';
      outbox.kick();
      return 'refunded';
    },

    /**
     * The timeout job of a cut-off: `expire` for every order still in 0/1 whose sales closed by
     * `closeAt`, a page of them at a time, 8 at once. 'early' (nothing done) before the cut-off.
     */
    async expireAt(closeAt: Date): Promise<'early' | ExpiryCounts> {
      if (now() < closeAt) return 'early';
      return expireOverdue(closeAt, Number.POSITIVE_INFINITY);
    },

    /**
     * The reconciler: re-queues the purchase of real orders left in 0 for over 10 s without a live
     * job, and ends the orders past their deadline that a lost timeout job left in 0/1 (asking the
     * gateway first, as the timeout does).
     */
    async reconcile(): Promise<{ requeued: number; expired: number; undecided: number }> {
      const at = now();
      let requeued = 0;
      const purchases = queues.queue(PURCHASE_QUEUE);
      const stale = await ordersRepo.stalePending(db, new Date(at.getTime() - 10_000), 500);
      // An order's purchase may be one of a gathered job's: what the live jobs hold, read once.
      const live = stale.length ? await liveOrderIds() : new Set<string>();
      for (const { id, created_at } of stale) {
        const orderId = String(id);
        if (live.has(orderId)) continue;
        const jobId = purchaseJobId(orderId, created_at);
        // Its own job, finished (failed for good) yet still kept, would swallow the new add.
        await (await purchases.getJob(jobId))?.remove();
        await purchaseJob.enqueue(queues, { orderIds: [orderId] }, { jobId });
        requeued++;
      }
      const { refunded, purchased, undecided } = await expireOverdue(at, 500);
      return { requeued, expired: refunded + purchased, undecided };
    },
  };
  return service;
}
