import './draw.css';
import { ORDER_STATUS_LABELS, type OrderWire } from '@gp/common';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { DrawIssue, DrawOutcome } from '../../shared/draw/draw-order-cells.tsx';
import { lottoPath, lottoResultsPath } from '../../shared/draw/draw-links.ts';
import { EntryBalls } from '../../shared/draw/entry-balls.tsx';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { Points } from '../../shared/money/points.tsx';
import { useFollowedOrder } from '../../shared/orders/order-query.ts';
import { ResetPrompt } from '../../shared/orders/reset-prompt.tsx';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { LoadError } from '../../shared/ui/load-state.tsx';
import { EMPTY_DRAW_TICKET, useDrawTicket } from './ticket-atoms.ts';
import { useDrawProduct } from './draw-queries.ts';
import { Moment } from '../../shared/time/moment.tsx';

/** Ids in the address are ours; anything else is ignored rather than sent to the server. */
const ORDER_ID = /^[\w-]{1,64}$/;
const MAX_ORDERS = 60;

function StatusText({ order }: { order: OrderWire }) {
  return order.status in ORDER_STATUS_LABELS ? <FormattedMessage id={`orders.status.${order.status as keyof typeof ORDER_STATUS_LABELS}`} /> : <>{order.status}</>;
}

/** One bought order, followed live: its draw, status (purchase processing → successful) and, later, its outcome. */
function BoughtOrder({ id, zone }: { id: string; zone: string | undefined }) {
  const query = useFollowedOrder(id);
  const order = query.data;
  if (!order) {
    return (
      <li className="card draw-result" aria-busy="true">
        {query.isError ? <FormattedMessage id="error.order_not_found" /> : <FormattedMessage id="app.loading" />}
      </li>
    );
  }
  return (
    <li className="card draw-result" data-testid="bought-order" data-order-id={order.id} data-status={order.status}>
      <div className="draw-result__head">
        <h3>{order.playType === 'draw' ? <DrawIssue part={order.draw} /> : order.issue}</h3>
        <span className={`status-badge status-badge--${order.status}`} data-testid="bought-status">
          <StatusText order={order} />
        </span>
        {order.status === 2 && (
          <span className="order-status__processed" data-testid="order-processed">
            <FormattedMessage id="success.order_processed" />
          </span>
        )}
        <span className="muted">
          <Points value={order.pointsSpent} />
        </span>
        {order.playType === 'draw' && (
          <span className="muted">
            <Moment value={order.draw.drawAt} timeZone={zone} weekday testId="bought-draw-time" />
          </span>
        )}
      </div>
      {order.playType === 'draw' && (
        <>
          <ol className="draw-mine">
            {order.selections.map((entry, i) => (
              <li key={i}>
                <EntryBalls entry={entry} drawn={order.draw.result?.zones} extra={order.draw.result?.extra} size="small" />
              </li>
            ))}
          </ol>
          <DrawOutcome order={order} />
        </>
      )}
    </li>
  );
}

/** `/payment-result-lotto-combination?product=HKA01&orders=a,b,c`: what the checkout bought, one order per draw. */
export function LottoPurchaseResultPage() {
  usePageTitle('draw.result.title');
  const [params] = useSearchParams();
  const code = (params.get('product') ?? '').toUpperCase();
  const ids = (params.get('orders') ?? '').split(',').filter((id) => ORDER_ID.test(id)).slice(0, MAX_ORDERS);
  const [, update] = useDrawTicket(code);
  const [asked, setAsked] = useState(false);
  // Draw times read in the lottery's own zone, as on the checkout the member just left.
  const zone = useDrawProduct(code).data?.product.calendar.timezone;
  return (
    <div className="container page draw" data-testid="purchase-result-page">
      <header className="page__header">
        <h1>
          <FormattedMessage id="draw.result.title" />
        </h1>
        {code && (
          <p className="muted">
            <FormattedMessage id={productNameId(code)} />
          </p>
        )}
      </header>
      {ids.length === 0 ? (
        <LoadError icon message="error.order_not_found" />
      ) : (
        <>
          {!asked && (
            <ResetPrompt
              onAnswer={(reset) => {
                setAsked(true);
                if (reset) update(() => EMPTY_DRAW_TICKET);
              }}
            />
          )}
          <p className="muted">
            <FormattedMessage id="draw.result.lead" values={{ count: ids.length }} />
          </p>
          <ol className="draw-results-list" data-testid="bought-orders">
            {ids.map((id) => (
              <BoughtOrder key={id} id={id} zone={zone} />
            ))}
          </ol>
        </>
      )}
      <p className="button-row">
        <Link to="/orders" className="button button--primary" data-testid="result-orders-link">
          <FormattedMessage id="draw.result.orders" />
        </Link>
        {code && (
          <>
            <Link to={lottoResultsPath(code)} className="button button--ghost">
              <FormattedMessage id="draw.links.results" />
            </Link>
            <Link to={lottoPath(code)} className="button button--ghost">
              <FormattedMessage id="draw.result.again" />
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
