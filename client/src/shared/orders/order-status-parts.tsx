import { ORDER_STATUS_LABELS, type OrderStatusCode, type OrderWire } from '@gp/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Points } from '../money/points.tsx';
import { CheckIcon } from '../ui/icons.tsx';
import { useSocketEvent } from '../realtime/use-channel.ts';
import { orderKey, useFollowedOrder } from './order-query.ts';
import { RefundNote } from './refund-note.tsx';
import { SummaryRow } from './summary-row.tsx';

/**
 * The order just bought, live: `useFollowedOrder` re-read on each private `order` event naming it
 * (0 → 1 → 2, then settlement). `refetch` re-reads it for other news (a keno draw's result).
 */
export function useLiveOrder(id: string) {
  const queryClient = useQueryClient();
  const order = useFollowedOrder(id);
  const refetch = useCallback(() => void queryClient.refetchQueries({ queryKey: orderKey(id) }, { cancelRefetch: false }), [queryClient, id]);
  useSocketEvent('order', (event) => {
    if (event.id === id) refetch();
  });
  return { order, refetch };
}

/**
 * The order's status in words, announced when it changes ("Purchase successful"); once the proxy
 * purchase is done (bought, or a trial order recorded), spec §8's "Order processed successfully."
 */
export function OrderStatusLabel({ order }: { order: Pick<OrderWire, 'status' | 'refundCause' | 'refusalReason' | 'pointsSpent'> }) {
  const { status } = order;
  const label = order.refundCause === 'purchase_failed' && status === 9 ? 'purchase_refused' : (ORDER_STATUS_LABELS[status as OrderStatusCode] ?? 'pending_confirmation');
  return (
    <div aria-live="polite" aria-atomic="true">
      <p className={`order-status__label order-status__label--${status}`} data-testid="order-status-label">
        <FormattedMessage id={`keno.status.${label}`} />
      </p>
      {(status === 2 || status === 8) && (
        <p className="order-status__processed" data-testid="order-processed">
          <CheckIcon size={14} /> <FormattedMessage id="success.order_processed" />
        </p>
      )}
      <RefundNote order={order} className="order-status__refund" />
    </div>
  );
}

/** The "Points spent" row of an order's figures. */
export function SpentRow({ points }: { points: number }) {
  return (
    <SummaryRow label="keno.order.spent">
      <Points value={points} />
    </SummaryRow>
  );
}

/** What a settled order credited: `won` (the family's own sentence) when it won, "No prize this time" otherwise; nothing before settlement. */
export function PrizeLine({ prize, won }: { prize: number | null; won: ReactNode }) {
  if (prize === null) return null;
  return (
    <p className={`order-prize${prize > 0 ? ' order-prize--won' : ''}`} data-testid="order-prize" data-prize={prize}>
      {prize > 0 ? won : <FormattedMessage id="keno.order.noPrize" />}
    </p>
  );
}
