import type { OrderWire } from '@gp/common';

export type OrderStep = 'pending_confirmation' | 'purchase_processing' | 'purchase_successful' | 'trial_play' | 'timeout_refunded' | 'purchase_refused' | 'settled';

/**
 * The steps of an order and how many are behind it (spec §4: 0 → 1 → 2, then the draw and its
 * settlement; 8 trial play; 9 refunded — `purchase_refused` when a worker could not buy it,
 * `timeout_refunded` when its sales closed first). The step at index `done` is the one under way.
 *
 * Example: a purchased, unsettled order → `{ steps: [pending, processing, successful, settled], done: 3 }`.
 */
export function orderSteps(order: Pick<OrderWire, 'status' | 'settledAt'> & Partial<Pick<OrderWire, 'refundCause'>>): { steps: OrderStep[]; done: number } {
  const settled = order.settledAt !== null;
  if (order.status === 8) return { steps: ['trial_play', 'settled'], done: settled ? 2 : 1 };
  if (order.status === 9) return { steps: ['pending_confirmation', order.refundCause === 'purchase_failed' ? 'purchase_refused' : 'timeout_refunded'], done: 2 };
  const steps: OrderStep[] = ['pending_confirmation', 'purchase_processing', 'purchase_successful', 'settled'];
  if (order.status === 2) return { steps, done: settled ? 4 : 3 };
  return { steps, done: order.status === 1 ? 1 : 0 };
}
