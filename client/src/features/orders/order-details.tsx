import type { OrderWire } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LocalWithPoints, RateNote } from '../../shared/money/money-pair.tsx';
import { rateOf } from '../../shared/money/rates.ts';
import { TicketScan } from '../../shared/orders/ticket-scan.tsx';
import { usePrizeRate } from '../../shared/site/site-query.ts';
import { StatusLabel } from './order-status.tsx';
import { useOrder } from './orders-query.ts';
import { Moment } from '../../shared/time/moment.tsx';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { historyReason } from './history-reason.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';
import { RefundNote } from '../../shared/orders/refund-note.tsx';

/** What the member paid, and the rate it came to: GP spent over the stake (and fee) it bought. */
function Paid({ order }: { order: OrderWire }) {
  const paid = { amount: order.stake.amount + order.fee.amount, currency: order.stake.currency };
  const rate = rateOf(order.pointsSpent, paid);
  return (
    <>
      <LocalWithPoints value={paid} rate={rate} points={order.pointsSpent} testId="order-paid" />
      <br />
      <RateNote rate={rate} kind={order.fee.amount > 0 ? 'same' : 'price'} />
    </>
  );
}

/** What the order won, in its currency and in GP, with the market rate prizes convert at. */
function Won({ order }: { order: OrderWire }) {
  const won = order.football ? order.football.payout : order.drawResult?.prize;
  const rate = usePrizeRate(won?.currency ?? order.stake.currency);
  if (order.prize === null || !won) return <FormattedMessage id="orders.prize.pending" />;
  if (order.prize === 0 && won.amount === 0) return <FormattedMessage id="orders.draw.noWin" />;
  return (
    <>
      <LocalWithPoints value={won} rate={rate} points={order.prize} testId="order-won" />
      <br />
      <RateNote rate={rate} kind="prize" />
    </>
  );
}

/** What `GET /api/orders/:id` adds to a row: ticket reference, stake, deadlines and the status history. */
export function OrderDetails({ id }: { id: string }) {
  const intl = useIntl();
  const translate = useTranslateRef();
  const reasonText = (reason: string) => {
    const message = historyReason(reason);
    return message ? translate(message) : '—';
  };
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
      <RefundNote order={data} />
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
          <dt><FormattedMessage id="orders.details.paid" /></dt>
          <dd><Paid order={data} /></dd>
        </div>
        <div>
          <dt><FormattedMessage id="orders.details.prize" /></dt>
          <dd><Won order={data} /></dd>
        </div>
        <div>
          <dt><FormattedMessage id="orders.details.salesClose" /></dt>
          <dd><Moment value={data.salesCloseAt} seconds /></dd>
        </div>
        <div>
          <dt><FormattedMessage id="orders.details.settled" /></dt>
          <dd>{data.settledAt ? <Moment value={data.settledAt} seconds /> : <span className="muted"><FormattedMessage id="orders.prize.pending" /></span>}</dd>
        </div>
      </dl>
      <TicketScan orderId={data.id} status={data.status} />
      <TableWrap>
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
                <td><Moment value={change.at} length="short" seconds /></td>
                <td>
                  {change.from === null ? <FormattedMessage id="orders.details.placed" /> : <StatusLabel status={change.from} refundCause={data.refundCause} />}
                  {' → '}
                  <StatusLabel status={change.to} refundCause={data.refundCause} />
                </td>
                {/* The pipeline records its steps in English for operators: the member reads them translated. */}
                <td className="history-table__reason" data-testid="history-reason">{reasonText(change.reason)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {/* Spec §8's sentence, as the way to customer service with this order attached (/messaging-v1?order=…). */}
      <p className="order-details__support">
        <Link to={`/messaging-v1?order=${encodeURIComponent(data.id)}`} data-testid="order-contact-support">
          <FormattedMessage id="error.order_issue" />
        </Link>
      </p>
    </div>
  );
}
