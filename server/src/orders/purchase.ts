import { UnrecoverableError } from 'bullmq';
import { createBatcher } from '../platform/batcher.ts';
import type { BoughtTickets } from './bought.ts';
import type { OrderContext } from './context.ts';
import type { OrderExpiry } from './expire.ts';
import { purchaseAll } from './gateway.ts';
import { ordersRepo, type PurchaseRow } from './repo.ts';

export type PurchaseOutcome = 'purchased' | 'awaiting_confirmation' | 'skipped' | 'too_late' | 'refused' | 'flagged';

/** Orders bought per batch, and batches under way at once (each waits on the operator's latency). */
const PURCHASE_BATCH = 256;
const PURCHASE_BATCHES_IN_FLIGHT = 4;

/**
 * The purchase job's work: 0 → 1, buy through the gateway under the order's stable reference,
 * 1 → 2. Safe to run twice, after a crash mid-call (the gateway returns the ticket it already
 * sold) or after the timeout (a late ticket is flagged, never kept). Throws to be retried when the
 * gateway's answer is unknown. Concurrent purchases travel together (`purchaseBatch`): one read,
 * one 0 → 1, one call to the operator and one 1 → 2 for the whole batch, each order still moved
 * conditionally on its own status and answered with its own outcome.
 */
export function orderPurchase(context: OrderContext, bought: BoughtTickets, expiry: Pick<OrderExpiry, 'expire'>) {
  const { platform, plumbing, gateway, refOf } = context;
  const { db, now } = platform;

  /** The purchases of a batch of orders; one settled outcome per id, in order. */
  async function purchaseBatch(ids: readonly number[]): Promise<Array<PromiseSettledResult<PurchaseOutcome>>> {
    const outcomes = new Map<number, PromiseSettledResult<PurchaseOutcome>>();
    const done = (id: number, value: PurchaseOutcome) => outcomes.set(id, { status: 'fulfilled', value });
    const fail = (id: number, reason: unknown) => outcomes.set(id, { status: 'rejected', reason });
    const rows = new Map((await ordersRepo.findForPurchase(db, ids)).map((row) => [row.id, row]));
    const at = now();
    const toStart: number[] = [];
    const going: PurchaseRow[] = [];
    for (const id of ids) {
      const order = rows.get(id);
      if (!order) fail(id, new UnrecoverableError(`order ${id} does not exist`));
      else if (order.trial || (order.status !== 0 && order.status !== 1)) done(id, 'skipped');
      else if (at >= new Date(order.sales_close_at)) done(id, 'too_late'); // the timeout asks the gateway, then settles it
      else if (order.status === 0) toStart.push(id);
      else going.push(order);
    }
    const started = new Set((await plumbing.transitionMany(toStart.map((id) => ({ id })), [0], 1, 'purchase started')).map((m) => m.row.id));
    for (const id of toStart) {
      if (started.has(id)) going.push(rows.get(id)!);
      else done(id, 'skipped');
    }
    const replies = await purchaseAll(
      gateway,
      going.map((order) => ({ purchaseRef: refOf(order), orderId: order.id, productCode: order.product_code, issue: order.issue, salesCloseAt: new Date(order.sales_close_at) })),
    );
    const sold: Array<{ id: number; ticketRef: string }> = [];
    for (const [i, order] of going.entries()) {
      const id = order.id;
      const reply = replies[i]!;
      if (reply.status === 'rejected') fail(id, reply.reason);
      else if (reply.value.outcome === 'pending') done(id, 'awaiting_confirmation');
      else if (reply.value.outcome === 'refused') {
        // The operator's sales closed before our call reached it: nothing was bought, refund now.
        await expiry.expire(id).then(() => done(id, 'refused'), (error: unknown) => fail(id, error));
      } else sold.push({ id, ticketRef: reply.value.ticketRef });
    }
    const recorded = await bought.recordBoughtMany(sold, `purchased (${gateway.kind})`);
    for (const { id } of sold) {
      const result = recorded.get(id);
      done(id, result === 'flagged' ? 'flagged' : result === 'purchased' ? 'purchased' : 'skipped');
    }
    return ids.map((id) => outcomes.get(id) ?? { status: 'rejected', reason: new Error(`order ${id} got no purchase outcome`) });
  }

  const purchases = createBatcher(purchaseBatch, { maxBatch: PURCHASE_BATCH, maxInFlight: PURCHASE_BATCHES_IN_FLIGHT });
  return { purchase: (orderId: number): Promise<PurchaseOutcome> => purchases.run(orderId) };
}
