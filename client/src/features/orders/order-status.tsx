import { ORDER_STATUS_LABELS, type OrderWire } from '@gp/common';
import { FormattedMessage } from 'react-intl';

/** Spec §4 status codes; an unknown code (a newer server) still shows, as its number. */
export function StatusLabel({ status }: { status: number }) {
  return status in ORDER_STATUS_LABELS ? <FormattedMessage id={`orders.status.${status as keyof typeof ORDER_STATUS_LABELS}`} /> : <>{status}</>;
}

export function OrderStatus({ order }: { order: Pick<OrderWire, 'status' | 'trial'> }) {
  return (
    <span className="order-status">
      <span className={`status-badge status-badge--${order.status}`} data-testid="order-status" data-status={order.status}>
        <StatusLabel status={order.status} />
      </span>
      {order.trial && order.status !== 8 && (
        <span className="status-badge status-badge--trial">
          <FormattedMessage id="orders.trial" />
        </span>
      )}
    </span>
  );
}
