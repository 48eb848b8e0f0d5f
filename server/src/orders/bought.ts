import type { OrderContext } from './context.ts';
import { ordersRepo } from './repo.ts';

export type BoughtOutcome = 'purchased' | 'already' | 'flagged';

/** Recording the tickets the operator sold: what the purchase and the timeout (its lookup) both do. */
export function boughtTickets({ platform, plumbing }: OrderContext) {
  const { db, now, logger } = platform;

  /**
   * The operator sold `ticketRef` for the order: 0/1 → 2. If the order already left 0/1 — refunded
   * at its cut-off — the ticket is not silently kept: the order is flagged for the back office.
   */
  async function recordBought(orderId: number, ticketRef: string, reason: string): Promise<BoughtOutcome> {
    const done = await plumbing.transition(orderId, [0, 1], 2, reason, { ticket_ref: ticketRef, purchased_at: now() });
    if (done) return 'purchased';
    const row = await ordersRepo.find(db, orderId);
    if (row?.status === 2 && row.ticket_ref === ticketRef) return 'already';
    await ordersRepo.flag(db, orderId, 'bought_after_refund', { ticketRef, status: row?.status ?? null });
    logger.error({ orderId, ticketRef, status: row?.status }, 'ticket bought for an order that is no longer processing: flagged for the back office');
    return 'flagged';
  }

  /** Records the tickets the operator sold: 0/1 → 2 for all at once; any that left 0/1 meanwhile goes through `recordBought` (already, or flagged). */
  async function recordBoughtMany(bought: ReadonlyArray<{ id: number; ticketRef: string }>, reason: string) {
    const outcome = new Map<number, BoughtOutcome>();
    const moved = await plumbing.transitionMany(bought.map(({ id, ticketRef }) => ({ id, extra: { ticket_ref: ticketRef, purchased_at: now() } })), [0, 1], 2, reason);
    for (const { row } of moved) outcome.set(row.id, 'purchased');
    for (const { id, ticketRef } of bought) if (!outcome.has(id)) outcome.set(id, await recordBought(id, ticketRef, reason));
    return outcome;
  }

  return { recordBought, recordBoughtMany };
}

export type BoughtTickets = ReturnType<typeof boughtTickets>;
