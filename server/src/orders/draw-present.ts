import { ORDER_STATUS_LABELS, type DrawOrderPart, type DrawOrderPlays, type DrawOrderRecord, type OrderWire } from '@gp/common';
import type { OrderRow } from '../db/types.ts';

export type DrawPlays = DrawOrderPlays;
export type DrawOrderResult = DrawOrderRecord;

export const isDrawPlays = (plays: unknown): plays is DrawPlays => typeof plays === 'object' && plays !== null && (plays as { kind?: unknown }).kind === 'draw';

const iso = (at: Date | string) => new Date(at).toISOString();

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
  const stake = row.stake as { amount: number; currency: string };
  const settled = row.draw_result as DrawOrderResult | null;
  return {
    id: String(row.id),
    productCode: row.product_code,
    issue: row.issue,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    trial: row.trial,
    specialNumber: null,
    multiplier: row.multiplier,
    units: row.units,
    pointsSpent: row.points_spent,
    stake,
    fee: (row.fee as { amount: number; currency: string } | null) ?? { amount: 0, currency: stake.currency },
    salesCloseAt: iso(row.sales_close_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    ticketRef: row.ticket_ref,
    drawResult: null,
    officialResult: null,
    prize: row.prize,
    settledAt: row.settled_at ? iso(row.settled_at) : null,
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
