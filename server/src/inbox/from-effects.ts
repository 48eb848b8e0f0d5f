import type { DepositEventPayload, OrderEventPayload } from '@gp/common';
import type { Effect } from '../platform/outbox.ts';
import type { NewInboxMessage } from './repo.ts';

/** `user:<id>` → the member's id. */
/** The member of a private room (`user:<id>`, common's `userRoom`), or undefined. */
const memberOf = (room: string) => {
  const id = /^user:(\d+)$/.exec(room)?.[1];
  return id === undefined ? undefined : Number(id);
};

/** An order push → its message, if it is a step the member is told about. */
function orderMessage(userId: number, order: OrderEventPayload): NewInboxMessage | null {
  const link = `/orders?order=${encodeURIComponent(order.id)}`;
  // A large win is not a result yet: "waiting for review", then "released" when the back office credits it.
  // The push's time is part of the cause: a second hold after a release (the pool stage) is a new message.
  if (order.review === 'held')
    return { userId, kind: 'win_review', cause: `order-${order.id}-review-${order.updatedAt}`, params: { orderId: order.id, released: false }, link };
  if (order.review === 'released')
    return { userId, kind: 'win_review', cause: `order-${order.id}-released-${order.updatedAt}`, params: { orderId: order.id, released: true, prize: order.prize ?? 0 }, link };
  if (order.prize !== undefined)
    return { userId, kind: 'draw_result', cause: `order-${order.id}-result`, params: { orderId: order.id, won: order.prize > 0, prize: order.prize }, link };
  if (order.status === 2 && order.prevStatus !== 2)
    return { userId, kind: 'order_purchased', cause: `order-${order.id}-purchased`, params: { orderId: order.id }, link };
  // A refund names its cause, the points given back and — when a worker failed the purchase — their words.
  if (order.status === 9 && order.prevStatus !== 9) {
    const refund = order.refund ? { cause: order.refund.cause, points: order.refund.points, ...(order.refund.reason ? { reason: order.refund.reason } : {}) } : {};
    return { userId, kind: 'order_refunded', cause: `order-${order.id}-refunded`, params: { orderId: order.id, ...refund }, link };
  }
  return null;
}

/** A deposit push → "credited" or "failed"; one per deposit and state, however often the provider tells us. */
function depositMessage(userId: number, deposit: DepositEventPayload): NewInboxMessage {
  return {
    userId,
    kind: deposit.state === 'paid' ? 'deposit_credited' : 'deposit_failed',
    cause: `deposit-${deposit.id}-${deposit.state}`,
    params: { depositId: deposit.id, amount: deposit.points, expired: deposit.state === 'expired' },
    link: `/deposit-result?id=${encodeURIComponent(deposit.id)}`,
  };
}

/**
 * The inbox messages an outbox write implies: every order transition already pushes an `order`
 * event to its owner, and a deposit's final state a `deposit` event, in the transaction that makes
 * it. Purchased (→ 2), failed and refunded (→ 9), settled (the push that carries `prize`), a large
 * win held and released, a deposit credited or failed become one message each; the cause names the
 * subject and the step, so a second write of the same step adds nothing.
 */
export function messagesOfEffects(effects: readonly Effect[]): NewInboxMessage[] {
  const messages: NewInboxMessage[] = [];
  for (const effect of effects) {
    if (effect.kind !== 'event') continue;
    const userId = memberOf(effect.message.room);
    if (!userId) continue;
    if (effect.message.event === 'deposit' && effect.message.payload.state !== 'held') messages.push(depositMessage(userId, effect.message.payload));
    if (effect.message.event !== 'order') continue;
    const message = orderMessage(userId, effect.message.payload);
    if (message) messages.push(message);
  }
  return messages;
}
