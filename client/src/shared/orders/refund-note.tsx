import type { OrderWire } from '@gp/common';
import { formatPoints } from '@gp/common/money';
import { FormattedMessage, useIntl } from 'react-intl';

type Refunded = Pick<OrderWire, 'status' | 'refundCause' | 'refusalReason' | 'pointsSpent'>;

/**
 * Why a refunded order (status 9) was refunded, in the member's language, and the points given
 * back: a worker's refusal frames their own words ("We could not buy this ticket: terminal offline.
 * 12.00 GP refunded."); otherwise its sales closed before it was bought (orders refunded before
 * causes were recorded read so too). Nothing for an order that was not refunded.
 */
export function RefundNote({ order, className = 'notice notice--error' }: { order: Refunded; className?: string }) {
  const intl = useIntl();
  if (order.status !== 9) return null;
  const amount = formatPoints(order.pointsSpent, intl.locale);
  const refused = order.refundCause === 'purchase_failed';
  return (
    <p className={className} data-testid="order-refund-note" data-cause={order.refundCause ?? 'sales_closed'}>
      {refused ? (
        <FormattedMessage id="orders.refund.refused" values={{ reason: order.refusalReason ?? '', amount }} />
      ) : (
        <FormattedMessage id="orders.refund.salesClosed" values={{ amount }} />
      )}
    </p>
  );
}
