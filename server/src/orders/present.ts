import { ORDER_STATUS_LABELS, type DrawOutcome, type KenoResult, type OrderWire } from '@gp/common';
import type { OrderRow } from '../db/types.ts';

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * The API.md order shape. Keno orders: `selections` are the plays, there is no special number.
 * `officialResult` is the draw's result (pass it when the draw has one: refunded orders show it
 * too); `drawResult` is how this order fared, recorded by the settlement.
 */
export function presentOrder(row: OrderRow, officialResult: KenoResult | null = null): OrderWire {
  const stake = row.stake as { amount: number; currency: string };
  return {
    id: String(row.id),
    productCode: row.product_code,
    issue: row.issue,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    playType: 'keno',
    trial: row.trial,
    selections: row.plays as unknown[],
    specialNumber: null,
    multiplier: row.multiplier,
    units: row.units,
    pointsSpent: row.points_spent,
    stake,
    fee: { amount: 0, currency: stake.currency },
    salesCloseAt: iso(row.sales_close_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    ticketRef: row.ticket_ref,
    drawResult: (row.draw_result as DrawOutcome | null) ?? null,
    officialResult,
    prize: row.prize,
    settledAt: row.settled_at ? iso(row.settled_at) : null,
  };
}
