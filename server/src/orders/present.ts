import { ORDER_STATUS_LABELS, type OrderBaseWire } from '@gp/common';
import type { OrderRow } from '../db/types.ts';

const iso = (at: Date | string) => new Date(at).toISOString();

/** The fields every order has in API.md's shape, whatever its family; its settlement record (`drawResult`) is the family's to present. */
export type OrderCommon = Omit<OrderBaseWire, 'drawResult' | 'history'>;

/**
 * The part of an order's presentation that is the same for every family: ids, status, money and
 * times. Each family's presenter (games/<family>/) adds `playType`, `selections`, the settlement
 * record and its own part; `officialResult` is the result of what the order played, if the family has one.
 */
export function presentOrderCommon(row: OrderRow, officialResult: OrderBaseWire['officialResult']): OrderCommon {
  const stake = row.stake as { amount: number; currency: string };
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
    officialResult,
    prize: row.prize,
    settledAt: row.settled_at ? iso(row.settled_at) : null,
    refundCause: row.status === 9 ? row.refund_cause : null,
    refusalReason: row.status === 9 && row.refund_cause === 'purchase_failed' ? row.refusal_reason : null,
  };
}
