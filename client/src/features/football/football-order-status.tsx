import { FOOTBALL_PRODUCT_CODE, ORDER_STATUS_LABELS, type OrderStatusCode, type OrderWire } from '@gp/common';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useSocketEvent } from '../../shared/realtime/use-channel.ts';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { orderKey, useFollowedOrder } from '../../shared/orders/order-query.ts';
import { orderSteps } from '../../shared/orders/order-steps.ts';
import { FootballLegs, FootballPayout, FootballPlayType } from '../../shared/football/football-order-cells.tsx';
import { Points } from '../../shared/money/points.tsx';

/** Pending → processing → successful, then "results in and settled" (a football order has no draw). */
function Steps({ order }: { order: OrderWire }) {
  const { steps, done } = orderSteps(order);
  return (
    <ol className="order-steps">
      {steps.map((step, i) => {
        const state = i < done ? 'done' : i === done ? 'current' : 'todo';
        return (
          <li key={step} className={`order-steps__step order-steps__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="order-steps__dot" aria-hidden="true">
              {state === 'done' ? <CheckIcon size={12} /> : i + 1}
            </span>
            <FormattedMessage id={step === 'settled' ? 'football.step.settled' : `keno.status.${step}`} />
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The order just bought, live: re-read on each private `order` event naming it (0 → 1 → 2, then
 * settlement once its matches have results), with a slow safety-net poll while unsettled.
 */
export function FootballOrderStatus({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const order = useFollowedOrder(id);
  useSocketEvent('order', (event) => {
    if (event.id === id) void queryClient.refetchQueries({ queryKey: orderKey(id) }, { cancelRefetch: false });
  });
  const data = order.data;
  if (!data) return null;
  const label = ORDER_STATUS_LABELS[data.status as OrderStatusCode] ?? 'pending_confirmation';
  return (
    <section className="card football-section football-order" aria-labelledby="football-order-title" data-testid="order-status" data-status={data.status}>
      <h2 id="football-order-title" className="football-section__title">
        <FormattedMessage id="keno.order.title" />
      </h2>
      <p className="muted mono">{data.id}</p>
      <div aria-live="polite" aria-atomic="true">
        <p className={`order-status__label order-status__label--${data.status}`} data-testid="order-status-label">
          <FormattedMessage id={`keno.status.${label}`} />
        </p>
      </div>
      <Steps order={data} />
      {data.football && (
        <>
          <p>
            <FootballPlayType part={data.football} />
          </p>
          <FootballLegs part={data.football} />
        </>
      )}
      <dl className="summary__figures">
        <div className="summary__row">
          <dt>
            <FormattedMessage id="keno.order.spent" />
          </dt>
          <dd>
            <Points value={data.pointsSpent} />
          </dd>
        </div>
        {data.football && (
          <div className="summary__row">
            <dt>
              <FormattedMessage id="football.order.returns" />
            </dt>
            <dd>
              <FootballPayout part={data.football} refunded={data.status === 9} />
            </dd>
          </div>
        )}
      </dl>
      <div aria-live="polite">
        {data.prize !== null && (
          <p className={`order-prize${data.prize > 0 ? ' order-prize--won' : ''}`} data-testid="order-prize" data-prize={data.prize}>
            {data.prize > 0 ? (
              <FormattedMessage id="football.order.prizeWon" values={{ points: <Points value={data.prize} /> }} />
            ) : (
              <FormattedMessage id="keno.order.noPrize" />
            )}
          </p>
        )}
      </div>
      <Link to={`/orders?productCode=${FOOTBALL_PRODUCT_CODE}`} className="button button--ghost button--small">
        <FormattedMessage id="football.order.allOrders" />
      </Link>
    </section>
  );
}
