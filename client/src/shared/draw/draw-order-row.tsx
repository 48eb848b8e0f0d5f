import type { OrderWire } from '@gp/common';
import type { ReactNode } from 'react';
import { DrawIssue, DrawMultiplier, DrawNumbers, DrawOfficial, DrawOutcome, DrawPlayType, DrawSpecial } from './draw-order-cells.tsx';

/** The orders list's column contents for a draw-lottery order (null for keno and football orders, which the list renders itself). */
export function drawOrderCells(order: OrderWire): Record<'issue' | 'numbers' | 'special' | 'playType' | 'multiplier' | 'drawResult' | 'official', ReactNode> | null {
  if (order.playType !== 'draw') return null;
  return {
    issue: <DrawIssue part={order.draw} />,
    numbers: <DrawNumbers order={order} />,
    special: <DrawSpecial order={order} />,
    playType: <DrawPlayType order={order} />,
    multiplier: <DrawMultiplier order={order} />,
    drawResult: <DrawOutcome order={order} />,
    official: <DrawOfficial order={order} />,
  };
}

/** What a settled draw order won in local money (shown under its GP prize). */
export const drawPrizeAmount = (order: OrderWire) => (order.playType === 'draw' ? (order.draw.outcome?.prize ?? null) : null);
