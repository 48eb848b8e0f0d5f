import type { BoughtTickets } from './bought.ts';
import type { OrderContext } from './context.ts';
import { refundIn } from './refund.ts';
import { ordersRepo } from './repo.ts';

/** What a pass of timeouts did: orders refunded, found bought by the gateway, or left for a later try. */
export interface ExpiryCounts {
  refunded: number;
  purchased: number;
  undecided: number;
}

/** Overdue orders read per page, and expired at once (each may ask the gateway). */
const EXPIRE_PAGE = 500;
const EXPIRE_AT_ONCE = 8;

/** The timeout of orders at their sales cut-off (the timeout job, the reconciler, a purchase the operator refused). */
export function orderExpiry(context: OrderContext, bought: BoughtTickets) {
  const { platform, plumbing, gateway, refOf } = context;
  const { db, now, config, logger, outbox } = platform;

  /**
   * The timeout job, at the sales cut-off: asks the gateway what it sold under the order's
   * reference before deciding. Bought → 2 with that ticket; not bought → 9 and refunded, in one
   * transaction, once. A job that comes before the cut-off (a stale job) changes nothing. If the
   * gateway cannot answer, nothing is decided: it throws to be retried, and past
   * PURCHASE_DOUBT_FLAG_SECONDS the order is flagged for the back office.
   */
  async function expire(orderId: number): Promise<'refunded' | 'purchased' | 'skipped' | 'early'> {
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
        const recorded = await bought.recordBought(orderId, found.ticketRef, `purchased (${gateway.kind}; found by lookup at the cut-off)`);
        return recorded === 'purchased' ? 'purchased' : 'skipped';
      }
    }
    const refunded = await db.transaction().execute(async (trx) => {
      const moved = await plumbing.transitionIn(trx, orderId, [0, 1], 9, 'sales closed before purchase: refunded', { refund_cause: 'sales_closed' });
      if (!moved) return false;
      await refundIn(platform, trx, moved.row, orderId);
      return true;
    });
    if (!refunded) return 'skipped';
    outbox.kick();
    return 'refunded';
  }

  /**
   * `expire` for the orders still in 0/1 whose sales closed by `closeAt`, up to `limit` of them,
   * a page at a time in id order, EXPIRE_AT_ONCE in parallel. One order the gateway cannot answer
   * for does not hold up the others: it is counted `undecided` and asked again later.
   */
  async function expireOverdue(closeAt: Date, limit: number): Promise<ExpiryCounts> {
    const counts: ExpiryCounts = { refunded: 0, purchased: 0, undecided: 0 };
    let afterId = 0;
    for (let seen = 0; seen < limit; ) {
      const page = await ordersRepo.overdue(db, closeAt, Math.min(EXPIRE_PAGE, limit - seen), afterId);
      if (page.length === 0) break;
      seen += page.length;
      afterId = page.at(-1)!.id;
      for (let i = 0; i < page.length; i += EXPIRE_AT_ONCE) {
        await Promise.all(
          page.slice(i, i + EXPIRE_AT_ONCE).map(async ({ id }) => {
            const outcome = await expire(id).catch((error: unknown) => {
              logger.warn({ err: error, orderId: id }, 'order past its cut-off: the gateway could not say whether it sold it; will ask again');
              return 'undecided' as const;
            });
            if (outcome === 'refunded' || outcome === 'purchased' || outcome === 'undecided') counts[outcome]++;
          }),
        );
      }
    }
    return counts;
  }

  return {
    expire,
    expireOverdue,

    /**
     * The timeout job of a cut-off: `expire` for every order still in 0/1 whose sales closed by
     * `closeAt`, a page of them at a time, 8 at once. 'early' (nothing done) before the cut-off.
     */
    async expireAt(closeAt: Date): Promise<'early' | ExpiryCounts> {
      if (now() < closeAt) return 'early';
      return expireOverdue(closeAt, Number.POSITIVE_INFINITY);
    },
  };
}

export type OrderExpiry = ReturnType<typeof orderExpiry>;
