import { userRoom, type OrderEventPayload } from '@gp/common';
import type { Effect, Outbox } from '../platform/outbox.ts';
import { balanceMessage, type Balances } from '../wallet/service.ts';

/** What a settlement run did to one order, as its owner hears it. */
export interface SettledOrder {
  userId: number;
  order: { id: number; status: number; updatedAt: Date; prize: number };
  balances: Balances | null;
  /** A large win held for review, or its release: the inbox words it (inbox/from-effects.ts). */
  review?: 'held' | 'released';
}

/**
 * The owner's `order` push (with the prize) for every order and, when a credit moved it,
 * `balance`: outbox effects written in the transaction that settles, so a bus that is down delays
 * them but never loses them. With `walletBalances` (a batch credited at once, each wallet's
 * balances after the whole batch), one `balance` push per member instead of one per order.
 */
export function settlementPushes(outbox: Pick<Outbox, 'event'>, items: readonly SettledOrder[], at: Date, walletBalances?: ReadonlyMap<number, Balances>): Effect[] {
  const effects = items.flatMap(({ userId, order, balances, review }) => {
    const payload: OrderEventPayload = { id: String(order.id), status: order.status, prevStatus: order.status, updatedAt: order.updatedAt.toISOString(), prize: order.prize, ...(review ? { review } : {}) };
    const pushes = [outbox.event({ room: userRoom(userId), event: 'order', payload }, at)];
    if (balances) pushes.push(outbox.event(balanceMessage(userId, balances, at), at));
    return pushes;
  });
  for (const [userId, balance] of walletBalances ?? []) effects.push(outbox.event(balanceMessage(userId, balance, at), at));
  return effects;
}
