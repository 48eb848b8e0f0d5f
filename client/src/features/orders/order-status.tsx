import { ORDER_STATUS_LABELS, type OrderRefundCause, type OrderWire } from '@gp/common';
import { formatPoints } from '@gp/common/money';
import { FormattedMessage, useIntl } from 'react-intl';

/** Spec §4 status codes; an unknown code (a newer server) still shows, as its number. */
export function StatusLabel({ status, refundCause = null }: { status: number; refundCause?: OrderRefundCause | null }) {
  // Status 9 is every refund; one a worker refused is not "timed out".
  if (status === 9 && refundCause === 'purchase_failed') return <FormattedMessage id="orders.status.refused" />;
  return status in ORDER_STATUS_LABELS ? <FormattedMessage id={`orders.status.${status as keyof typeof ORDER_STATUS_LABELS}`} /> : <>{status}</>;
}

/**
 * "Settled — won 4.38 GP" or "Settled — no win" once the order is settled; its step in the purchase
 * before; a refund with its cause ("Not bought, refunded", and the worker's words under it).
 */
export function OrderStatus({ order }: { order: Pick<OrderWire, 'status' | 'trial' | 'settledAt' | 'prize' | 'refundCause' | 'refusalReason'> }) {
  const intl = useIntl();
  const settled = order.settledAt !== null && order.prize !== null && order.status !== 9;
  return (
    <span className="order-status">
      <span
        className={`status-badge status-badge--${settled ? (order.prize! > 0 ? 'won' : 'settled') : order.status}`}
        data-testid="order-status"
        data-status={order.status}
        data-settled={settled || undefined}
      >
        {settled ? (
          order.prize! > 0 ? (
            <FormattedMessage id="orders.settled.won" values={{ amount: intl.formatMessage({ id: 'app.gp' }, { amount: formatPoints(order.prize!, intl.locale) }) }} />
          ) : (
            <FormattedMessage id="orders.settled.noWin" />
          )
        ) : (
          <StatusLabel status={order.status} refundCause={order.refundCause} />
        )}
      </span>
      {order.status === 9 && order.refundCause === 'purchase_failed' && order.refusalReason && (
        <span className="order-status__reason" data-testid="order-refusal-reason">
          <FormattedMessage id="orders.status.refusedBecause" values={{ reason: order.refusalReason }} />
        </span>
      )}
      {order.trial && order.status !== 8 && (
        <span className="status-badge status-badge--trial">
          <FormattedMessage id="orders.trial" />
        </span>
      )}
    </span>
  );
}
