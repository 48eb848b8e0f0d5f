import type { MessageRef } from '../../shared/i18n/message-ids.ts';

/**
 * An order history entry's reason in the member's words. The pipeline records its steps as English
 * notes for operators ("order placed", "purchased (simulated)", "purchase failed: …"); a member reads
 * the translated step, and nothing for a note this list does not know (an operator's own words).
 *
 * @example historyReason('order placed (draw 2 of 3)') → { id: 'orders.reason.placedDraw', values: { draw: 2, draws: 3 } }
 */
export function historyReason(reason: string): MessageRef | null {
  const draw = /^order placed \(draw (\d+) of (\d+)\)$/.exec(reason);
  if (draw) return { id: 'orders.reason.placedDraw', values: { draw: Number(draw[1]), draws: Number(draw[2]) } };
  if (reason === 'order placed') return { id: 'orders.reason.placed' };
  if (reason === 'trial order placed') return { id: 'orders.reason.trialPlaced' };
  if (reason === 'purchase started') return { id: 'orders.reason.started' };
  if (reason === 'purchase confirmed by operator') return { id: 'orders.reason.confirmed' };
  if (reason.startsWith('purchased')) return { id: 'orders.reason.purchased' };
  if (reason === 'sales closed before purchase: refunded') return { id: 'orders.reason.closedRefunded' };
  // "purchase failed: <the worker's words>": the words go to the member inside a translated frame.
  const failed = /^purchase failed: ([\s\S]+)$/.exec(reason);
  if (failed) return { id: 'orders.reason.failedWith', values: { reason: failed[1]!.trim() } };
  if (reason.startsWith('purchase failed')) return { id: 'orders.reason.failed' };
  return null;
}
