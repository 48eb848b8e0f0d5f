import type { MessageId } from '../../shared/i18n/message-ids.ts';

/** The orders list's columns (spec §2), in order: headers on a wide screen, field labels on a card. */
export const ORDER_COLUMNS = {
  product: 'orders.col.product',
  issue: 'orders.col.issue',
  numbers: 'orders.col.numbers',
  special: 'orders.col.special',
  playType: 'orders.col.playType',
  multiplier: 'orders.col.multiplier',
  status: 'orders.col.status',
  points: 'orders.col.points',
  time: 'orders.col.time',
  drawResult: 'orders.col.drawResult',
  official: 'orders.col.official',
  prize: 'orders.col.prize',
} as const satisfies Record<string, MessageId>;

export type OrderColumn = keyof typeof ORDER_COLUMNS;

/** Numeric columns align right on a wide screen. */
export const NUMERIC_COLUMNS: ReadonlySet<OrderColumn> = new Set(['multiplier', 'points', 'prize']);
