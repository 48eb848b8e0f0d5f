import type { OrderEventPayload } from '@gp/common';
import type { Effect } from '../platform/outbox.ts';
import type { NewInboxMessage } from './repo.ts';

/** `user:<id>` → the member's id. */
const memberOf = (room: string) => (/^user:(\d+)$/.exec(room) ?? [])[1];

/**
 * The inbox messages an outbox write implies: every order transition already pushes an `order`
 * event to its owner, in the transaction that makes it. Purchased (→ 2), failed and refunded
 * (→ 9), and settled (the push that carries `prize`: won that much, or 0) become one message each;
 * the cause names the order and the step, so a second write of the same step adds nothing.
 */
export function messagesOfEffects(effects: readonly Effect[]): NewInboxMessage[] {
  const messages: NewInboxMessage[] = [];
  for (const effect of effects) {
    if (effect.kind !== 'event' || effect.message.event !== 'order') continue;
    const userId = memberOf(effect.message.room);
    if (!userId) continue;
    const order = effect.message.payload as OrderEventPayload;
    const link = `/orders?order=${encodeURIComponent(order.id)}`;
    if (order.prize !== undefined) {
      messages.push({
        userId,
        kind: 'draw_result',
        cause: `order-${order.id}-result`,
        params: { orderId: order.id, won: order.prize > 0, prize: order.prize },
        link,
      });
    } else if (order.status === 2 && order.prevStatus !== 2) {
      messages.push({ userId, kind: 'order_purchased', cause: `order-${order.id}-purchased`, params: { orderId: order.id }, link });
    } else if (order.status === 9 && order.prevStatus !== 9) {
      messages.push({ userId, kind: 'order_refunded', cause: `order-${order.id}-refunded`, params: { orderId: order.id }, link });
    }
  }
  return messages;
}
