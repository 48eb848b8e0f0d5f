import { describe, expect, it } from 'vitest';
import { orderSteps } from './order-steps.ts';

describe('how far an order has come', () => {
  it('walks 0 → 1 → 2 and then waits for the draw', () => {
    expect(orderSteps({ status: 0, settledAt: null }).done).toBe(0);
    expect(orderSteps({ status: 1, settledAt: null }).done).toBe(1);
    expect(orderSteps({ status: 2, settledAt: null })).toEqual({
      steps: ['pending_confirmation', 'purchase_processing', 'purchase_successful', 'settled'],
      done: 3,
    });
    expect(orderSteps({ status: 2, settledAt: '2026-03-20T07:05:03Z' }).done).toBe(4);
  });

  it('shows a trial order as placed then settled, and a timed-out order as refunded', () => {
    expect(orderSteps({ status: 8, settledAt: null })).toEqual({ steps: ['trial_play', 'settled'], done: 1 });
    expect(orderSteps({ status: 9, settledAt: null })).toEqual({ steps: ['pending_confirmation', 'timeout_refunded'], done: 2 });
    expect(orderSteps({ status: 9, settledAt: null, refundCause: 'sales_closed' })).toEqual({ steps: ['pending_confirmation', 'timeout_refunded'], done: 2 });
    // A worker's refusal is not a timeout.
    expect(orderSteps({ status: 9, settledAt: null, refundCause: 'purchase_failed' })).toEqual({ steps: ['pending_confirmation', 'purchase_refused'], done: 2 });
  });
});
