import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { StatusLabel } from './order-status.tsx';
import { useOrder } from './orders-query.ts';

/** What `GET /api/orders/:id` adds to a row: ticket reference, stake, deadlines and the status history. */
export function OrderDetails({ id }: { id: string }) {
  const intl = useIntl();
  const order = useOrder(id);

  if (order.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          <FormattedMessage id="orders.details.error" />
        </p>
        <button type="button" className="button button--ghost button--small" onClick={() => void order.refetch()}>
          <FormattedMessage id="app.retry" />
        </button>
      </div>
    );
  }
  if (!order.data) {
    return (
      <p className="muted" aria-busy="true">
        <FormattedMessage id="app.loading" />
      </p>
    );
  }
  const { data } = order;
  return (
    <div className="order-details" role="region" aria-label={intl.formatMessage({ id: 'orders.col.details' })} data-testid="order-details">
      <dl className="order-details__facts">
        <div>
          <dt><FormattedMessage id="orders.details.id" /></dt>
          <dd className="mono">{data.id}</dd>
        </div>
        <div>
          <dt><FormattedMessage id="orders.details.ticket" /></dt>
          <dd className="mono" data-testid="order-ticket">{data.ticketRef ?? <span className="muted"><FormattedMessage id="orders.details.noTicket" /></span>}</dd>
        </div>
        <div>
          <dt><FormattedMessage id="orders.details.units" /></dt>
          <dd>{data.units}</dd>
        </div>
        <div>
          <dt><FormattedMessage id="orders.details.stake" /></dt>
          <dd>{formatLocalMoney(data.stake.amount, data.stake.currency, intl.locale)}</dd>
        </div>
        <div>
          <dt><FormattedMessage id="orders.details.salesClose" /></dt>
          <dd><FormattedDate value={data.salesCloseAt} dateStyle="medium" timeStyle="medium" /></dd>
        </div>
        <div>
          <dt><FormattedMessage id="orders.details.settled" /></dt>
          <dd>{data.settledAt ? <FormattedDate value={data.settledAt} dateStyle="medium" timeStyle="medium" /> : <span className="muted"><FormattedMessage id="orders.prize.pending" /></span>}</dd>
        </div>
      </dl>
      <div className="table-wrap">
        <table className="table history-table" data-testid="order-history">
          <caption><FormattedMessage id="orders.details.history" /></caption>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="orders.details.at" /></th>
              <th scope="col"><FormattedMessage id="orders.details.change" /></th>
              <th scope="col"><FormattedMessage id="orders.details.reason" /></th>
            </tr>
          </thead>
          <tbody>
            {(data.history ?? []).map((change, index) => (
              <tr key={index}>
                <td><FormattedDate value={change.at} dateStyle="short" timeStyle="medium" /></td>
                <td>
                  {change.from === null ? <FormattedMessage id="orders.details.placed" /> : <StatusLabel status={change.from} />}
                  {' → '}
                  <StatusLabel status={change.to} />
                </td>
                {/* Reasons are the pipeline's own notes, recorded in English. */}
                <td lang="en" className="history-table__reason">{change.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
