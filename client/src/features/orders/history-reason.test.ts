import { describe, expect, it } from 'vitest';
import { historyReason } from './history-reason.ts';

describe('an order history entry’s reason, in the member’s words', () => {
  it('translates every step the pipeline records', () => {
    expect(historyReason('order placed')).toEqual({ id: 'orders.reason.placed' });
    expect(historyReason('trial order placed')).toEqual({ id: 'orders.reason.trialPlaced' });
    expect(historyReason('order placed (draw 2 of 3)')).toEqual({ id: 'orders.reason.placedDraw', values: { draw: 2, draws: 3 } });
    expect(historyReason('purchase started')).toEqual({ id: 'orders.reason.started' });
    expect(historyReason('purchased (simulated)')).toEqual({ id: 'orders.reason.purchased' });
    expect(historyReason('purchased (manual; found by lookup at the cut-off)')).toEqual({ id: 'orders.reason.purchased' });
    expect(historyReason('purchase confirmed by operator')).toEqual({ id: 'orders.reason.confirmed' });
    expect(historyReason('sales closed before purchase: refunded')).toEqual({ id: 'orders.reason.closedRefunded' });
    // The worker's words reach the member, inside a translated frame.
    expect(historyReason('purchase failed: outlet offline')).toEqual({ id: 'orders.reason.failedWith', values: { reason: 'outlet offline' } });
    expect(historyReason('purchase failed')).toEqual({ id: 'orders.reason.failed' });
  });

  it('shows no English note it does not know', () => {
    expect(historyReason('some operator note')).toBeNull();
  });
});
