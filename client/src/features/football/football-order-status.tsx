import { FOOTBALL_PRODUCT_CODE, type OrderWire } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { SummaryRow } from '../../shared/orders/summary-row.tsx';
import { OrderStatusLabel, PrizeLine, SpentRow, useLiveOrder } from '../../shared/orders/order-status-parts.tsx';
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
  const { order } = useLiveOrder(id);
  const data = order.data;
  if (!data) return null;
  return (
    <section className="card football-section football-order" aria-labelledby="football-order-title" data-testid="order-status" data-status={data.status}>
      <h2 id="football-order-title" className="football-section__title">
        <FormattedMessage id="keno.order.title" />
      </h2>
      <p className="muted mono">{data.id}</p>
      <OrderStatusLabel order={data} />
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
        <SpentRow points={data.pointsSpent} />
        {data.football && (
          <SummaryRow label="football.order.returns">
            <FootballPayout part={data.football} refunded={data.status === 9} />
          </SummaryRow>
        )}
      </dl>
      <div aria-live="polite">
        <PrizeLine prize={data.prize} won={<FormattedMessage id="football.order.prizeWon" values={{ points: <Points value={data.prize ?? 0} /> }} />} />
      </div>
      <Link to={`/orders?productCode=${FOOTBALL_PRODUCT_CODE}`} className="button button--ghost button--small">
        <FormattedMessage id="football.order.allOrders" />
      </Link>
    </section>
  );
}
