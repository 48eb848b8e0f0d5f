import { type DrawOrderPart, type DrawOrderPlays, type DrawOrderRecord, type OrderWire } from '@gp/common';
import type { OrderRow } from '../../db/types.ts';
import { presentOrderCommon } from '../../orders/service.ts';

export type DrawPlays = DrawOrderPlays;
export type DrawOrderResult = DrawOrderRecord;

export const isDrawPlays = (plays: unknown): plays is DrawPlays => typeof plays === 'object' && plays !== null && (plays as { kind?: unknown }).kind === 'draw';

function stateOf(row: Pick<OrderRow, 'settled_at' | 'hold' | 'draw_result'>): DrawOrderPart['state'] {
  if (row.settled_at) return 'settled';
  if (row.hold === 'large_win') return 'large_win';
  if (row.hold === 'pending_amount') return 'pending';
  return 'open';
}

/**
 * A draw-lottery order as API.md shows it: `selections` are its entries as bought, `draw` the rest
 * (play, system, add-ons, group, the draw's result and how the order fared, line by line). `prize`
 * is what has been credited so far (GP hundredths), null until something was.
 */
export function presentDrawOrder(row: OrderRow): Extract<OrderWire, { playType: 'draw' }> {
  const plays = row.plays as DrawPlays;
  const settled = row.draw_result as DrawOrderResult | null;
  return {
    ...presentOrderCommon(row, null),
    drawResult: null,
    playType: 'draw',
    selections: plays.entries.map((e) => ({ zones: e.zones.map((z) => [...z]), ...(e.bankers ? { bankers: e.bankers.map((b) => [...b]) } : {}) })),
    draw: {
      displayIssue: plays.displayIssue,
      drawAt: plays.drawAt,
      play: plays.play,
      system: plays.system,
      partialUnit: plays.partialUnit,
      addOns: [...plays.addOns],
      lines: plays.lines,
      lineMultipliers: plays.lineMultipliers,
      group: { ...plays.group },
      result: settled?.result ?? null,
      state: stateOf(row),
      outcome: settled?.outcome ?? null,
    },
  };
}
