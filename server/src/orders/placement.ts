import { userRoom, type OrderEventPayload, type OrderWire } from '@gp/common';
import type { Tx } from '../db/database.ts';
import type { OrderRow, OrderStatus } from '../db/types.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';
import { publishBalance, walletService, type Balances } from '../wallet/service.ts';
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

const iso = (at: Date | string) => new Date(at).toISOString();

/** What a product family records inside the placement transaction: the order row and its wire form. */
export type RecordOrder = (trx: Tx) => Promise<{ row: OrderRow; order: OrderWire }>;

export type OrderPlumbing = ReturnType<typeof orderPlumbing>;

/**
 * What every order shares, whatever its family (keno, football): the placement transaction under
 * the Idempotency-Key (the family's row, then the wallet debit of `points_spent`), the `order` and
 * `balance` pushes, the purchase and timeout jobs, and conditional status moves.
 */
export function orderPlumbing(platform: Pick<Platform, 'db' | 'queues' | 'bus' | 'now'>) {
  const { db, queues, bus, now } = platform;

  async function publishOrder(userId: string, row: Pick<OrderRow, 'id' | 'status' | 'updated_at'>, prevStatus: OrderStatus | null) {
    const payload: OrderEventPayload = { id: String(row.id), status: row.status, prevStatus, updatedAt: iso(row.updated_at) };
    await bus.publish({ room: userRoom(userId), event: 'order', payload });
  }

  /** Queues the purchase now and the timeout at the sales cut-off. Fixed job ids: a second call is a no-op. */
  async function enqueue(order: Pick<OrderWire, 'id' | 'trial' | 'salesCloseAt'>) {
    if (order.trial) return;
    const orderId = order.id;
    await queues.queue<OrderJob>(PURCHASE_QUEUE).add('purchase', { orderId }, { jobId: purchaseJobId(orderId) });
    const delay = Math.max(0, new Date(order.salesCloseAt).getTime() - now().getTime());
    await queues.queue<OrderJob>(TIMEOUT_QUEUE).add('order-timeout', { orderId }, { jobId: timeoutJobId(orderId), delay });
  }

  return {
    publishOrder,
    enqueue,

    /**
     * Records the order (`record`) and debits its `points_spent` (trial orders: the trial account)
     * in one transaction under the Idempotency-Key, then pushes `order` and `balance` and queues
     * the purchase and the timeout. Any refusal inside `record` or the debit rolls everything
     * back. A replay returns the first answer and re-queues (fixed job ids make that a no-op) but
     * publishes nothing.
     */
    async place(userId: string, key: string, body: unknown, record: RecordOrder): Promise<{ status: number; body: { order: OrderWire } }> {
      let balances: Balances | undefined;
      let placed: OrderRow | undefined;
      const result = await runIdempotent<{ order: OrderWire }>(db, { userId, scope: 'order', key, body }, async (trx) => {
        const { row, order } = await record(trx);
        const account = row.trial ? ('trial' as const) : ('real' as const);
        const debited = await walletService.debit(trx, { userId, account, kind: 'order', amount: row.points_spent, refType: 'order', refId: String(row.id) });
        balances = { balance: debited.balance, trialBalance: debited.trialBalance };
        placed = row;
        return { status: 201, body: { order } };
      });
      // Published before the purchase is queued, so the owner hears `null → 0` before the worker's `0 → 1`.
      if (!result.replayed && placed && balances) {
        await publishOrder(userId, placed, null);
        await publishBalance(bus, userId, balances, now());
      }
      await enqueue(result.body.order);
      return { status: result.status, body: result.body };
    },

    /** Moves an order from one of `from` to `to` in its own transaction and tells the owner. */
    async transition(id: string, from: readonly OrderStatus[], to: OrderStatus, reason: string, extra: Parameters<typeof ordersRepo.transition>[6] = {}) {
      const moved = await db.transaction().execute((trx) => ordersRepo.transition(trx, id, from, to, reason, now(), extra));
      if (moved) await publishOrder(String(moved.row.user_id), moved.row, moved.prevStatus);
      return moved;
    },
  };
}
