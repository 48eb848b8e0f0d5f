import type { OrderWire } from '@gp/common';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { Points } from '../../shared/money/points.tsx';
import { FootballIssue, FootballLegs, FootballPayout, FootballPlayType, FootballScores } from '../../shared/football/football-order-cells.tsx';
import { OfficialResult } from './official-result.tsx';
import { OrderDetails } from './order-details.tsx';
import { OrderDrawResult } from './order-draw-result.tsx';
import { PlayTypes, SelectedNumbers, SuperNumbers } from './order-plays-cells.tsx';
import { formatLocalAmount } from '../../shared/money/local-money.ts';
import { kenoPlays } from '../../shared/keno/order-plays.ts';
import { OrderStatus } from './order-status.tsx';
import { drawOrderCells, drawPrizeAmount } from '../../shared/draw/draw-order-row.tsx';
import { NUMERIC_COLUMNS, ORDER_COLUMNS, type OrderColumn } from './orders-columns.ts';
import { Moment } from '../../shared/time/moment.tsx';

export const COLUMN_COUNT = Object.keys(ORDER_COLUMNS).length;

/** The dash of a column that does not apply to an order. */
const NOT_APPLICABLE = '—';

/** The prize in GP, the local amount it came from under it. */
function Prize({ order }: { order: OrderWire }) {
  const intl = useIntl();
  if (order.prize === null) {
    return <span className="muted">{order.status === 9 ? '—' : <FormattedMessage id="orders.prize.pending" />}</span>;
  }
  const won = order.football ? order.football.payout : (drawPrizeAmount(order) ?? order.drawResult?.prize);
  return (
    <span className={`order-money${order.prize > 0 ? ' amount--credit' : ' muted'}`}>
      <span data-testid="order-prize">
        <Points value={order.prize} />
      </span>
      {won && won.amount > 0 && <span className="order-money__local">{formatLocalAmount(won, intl.locale)}</span>}
    </span>
  );
}

/** GP spent, the stake (and fee) it bought in the local currency under it. */
function Spent({ order }: { order: OrderWire }) {
  const intl = useIntl();
  const paid = { amount: order.stake.amount + order.fee.amount, currency: order.stake.currency };
  return (
    <span className="order-money">
      <span data-testid="order-points">
        <Points value={order.pointsSpent} />
      </span>
      <span className="order-money__local">{formatLocalAmount(paid, intl.locale)}</span>
    </span>
  );
}

/** One order as a table row (a card on a phone); the lottery cell opens its details and status history. */
export function OrderRow({ order, showSuper }: { order: OrderWire; showSuper: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const plays = kenoPlays(order.selections);
  const lines = order.drawResult?.lines ?? [];
  const detailsId = `order-details-${order.id}`;
  // Football orders (HKS01) carry their legs in `football`; the keno columns show them instead.
  const football = order.football;
  // Draw lotteries (issue 12) bring their own cells; see shared/draw/draw-order-row.tsx.
  const draw = drawOrderCells(order);
  // A column that means nothing for this order (a football order's special number or multiplier)
  // holds a dash in the wide table, and is left off its card on a phone (orders.css).
  const cell = (column: OrderColumn, content: ReactNode) => (
    <td
      data-label={intl.formatMessage({ id: ORDER_COLUMNS[column] })}
      className={`order-row__${column}${NUMERIC_COLUMNS.has(column) ? ' numeric' : ''}${content === NOT_APPLICABLE ? ' order-row__cell--none' : ''}`}
    >
      {content}
    </td>
  );

  return (
    <>
      <tr className={`order-row${open ? ' order-row--open' : ''}`} data-testid="order-row" data-order-id={order.id}>
        <th scope="row" className="order-row__product">
          <span className="order-row__name">
            <FormattedMessage id={productNameId(order.productCode)} />
          </span>
          <button
            type="button"
            className="order-row__toggle"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={intl.formatMessage({ id: open ? 'orders.details.hideLabel' : 'orders.details.showLabel' }, { issue: order.issue })}
            onClick={() => setOpen((was) => !was)}
            data-testid="order-toggle"
          >
            <ChevronRightIcon size={14} />
            <FormattedMessage id={open ? 'orders.details.hide' : 'orders.details.show'} />
          </button>
        </th>
        {cell('issue', draw ? draw.issue : football ? <FootballIssue issue={order.issue} /> : <span className="mono">{order.issue}</span>)}
        {cell('numbers', draw ? draw.numbers : football ? <FootballLegs part={football} /> : <SelectedNumbers plays={plays} lines={lines} />)}
        {cell('special', draw ? draw.special : football || !showSuper ? NOT_APPLICABLE : <SuperNumbers plays={plays} drawn={order.officialResult?.superNumber ?? null} />)}
        {cell('playType', draw ? draw.playType : football ? <FootballPlayType part={football} /> : <PlayTypes plays={plays} />)}
        {cell('multiplier', draw ? draw.multiplier : football ? NOT_APPLICABLE : `×${order.multiplier}`)}
        {cell('status', <OrderStatus order={order} />)}
        {cell('points', <Spent order={order} />)}
        {cell('time', <Moment value={order.createdAt} length="short" />)}
        {cell('drawResult', draw ? draw.drawResult : football ? <FootballPayout part={football} refunded={order.status === 9} /> : <OrderDrawResult order={order} />)}
        {cell('official', draw ? draw.official : football ? <FootballScores part={football} /> : <OfficialResult order={order} showSuper={showSuper} />)}
        {cell('prize', <Prize order={order} />)}
      </tr>
      {open && (
        <tr className="order-details-row" id={detailsId}>
          <td colSpan={COLUMN_COUNT}>
            <OrderDetails id={order.id} />
          </td>
        </tr>
      )}
    </>
  );
}
