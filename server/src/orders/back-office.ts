import type { OrderFlag, OrderWire } from '@gp/common';
import type { Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import { iso, type OrderContext } from './context.ts';
import { refundIn } from './refund.ts';
import { ordersRepo } from './repo.ts';

/** The back office's hand on orders: open flags, and the manual gateway's confirmation or failure of a purchase. */
export function orderBackOffice({ platform, plumbing, present }: OrderContext) {
  const { db, now } = platform;

  return {
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
    async confirm(orderId: number, ticketRef: string): Promise<OrderWire> {
      const row = await ordersRepo.find(db, orderId);
      if (!row || row.trial) throw new AppError('order_not_found');
      const moved = await plumbing.transition(orderId, [0, 1], 2, 'purchase confirmed by operator', { ticket_ref: ticketRef, purchased_at: now() });
      if (!moved) {
        const status = (await ordersRepo.find(db, orderId))?.status ?? null;
        // Bought by hand after the order was refunded at its cut-off: the ticket exists, so the back office must settle it.
        if (status === 9) await ordersRepo.flag(db, orderId, 'bought_after_refund', { ticketRef, by: 'operator' });
        throw new AppError('order_issue', { details: { status } });
      }
      const [order] = await present(db, [moved.row], now());
      return order!;
    },

    /**
     * Back office console (admin/queue.ts), inside the caller's transaction so the ticket scan and
     * the audit entry commit with the status change: the ticket was bought (0/1 → 2, the member's
     * `order` push written with it). Undefined when the order is not a real one in 0/1.
     */
    async confirmIn(trx: Tx, orderId: number, ticketRef: string) {
      const row = await ordersRepo.find(trx, orderId);
      if (!row || row.trial) return undefined;
      const moved = await plumbing.transitionIn(trx, orderId, [0, 1], 2, 'purchase confirmed by operator', { ticket_ref: ticketRef, purchased_at: now() });
      if (moved) await ordersRepo.resolveFlags(trx, orderId, now());
      return moved ? { userId: String(moved.row.user_id), status: moved.row.status } : undefined;
    },

    /**
     * Back office: the ticket could not be bought. 0/1 → 9 and the points refunded in the caller's
     * transaction, under the same cause as the cut-off refund (`refund`, order:<id>), so however the
     * two race the member is refunded once. `reason` is kept on the order (`refusal_reason`, cause
     * `purchase_failed`): the member reads it on the order, in the order list and in the inbox.
     */
    async failIn(trx: Tx, orderId: number, reason: string) {
      const moved = await plumbing.transitionIn(trx, orderId, [0, 1], 9, `purchase failed: ${reason}`, { refund_cause: 'purchase_failed', refusal_reason: reason });
      if (!moved) return undefined;
      const userId = await refundIn(platform, trx, moved.row, orderId);
      await ordersRepo.resolveFlags(trx, orderId, now());
      return { userId, refunded: moved.row.points_spent };
    },
  };
}
