import type { OrderWire, SettledLine } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { ball, isSidePick } from '../../shared/keno/order-plays.ts';

const ADJUSTMENTS = ['starPool', 'sharedTopPrize', 'onePrize', 'perTicket'] as const;
type Adjustment = (typeof ADJUSTMENTS)[number];
const isAdjustment = (name: string): name is Adjustment => (ADJUSTMENTS as readonly string[]).includes(name);

function LineText({ line }: { line: SettledLine }) {
  switch (line.type) {
    case 'pick':
      return <FormattedMessage id="orders.draw.matched" values={{ matches: line.matches ?? 0, stars: line.stars ?? 0 }} />;
    case 'bigSmall':
    case 'oddEven': {
      const result = line.result && isSidePick(line.result) ? line.result : 'none';
      return <FormattedMessage id="orders.draw.side" values={{ result: <FormattedMessage id={`results.outcome.${result}`} /> }} />;
    }
    case 'superNumber':
      return <FormattedMessage id="orders.draw.super" values={{ number: ball(line.number ?? 0), superNumber: ball(line.superNumber ?? 0) }} />;
  }
}

function Line({ line, currency }: { line: SettledLine; currency: string }) {
  const intl = useIntl();
  const caps = line.adjustments.filter(isAdjustment).map((name) => intl.formatMessage({ id: `orders.adjust.${name}` }));
  return (
    <li className={`draw-line draw-line--${line.outcome}`}>
      <span className="draw-line__text">
        <LineText line={line} />
      </span>{' '}
      <span className={`outcome-tag outcome-tag--${line.outcome}`}>
        {line.outcome === 'win' ? formatLocalMoney(line.prize, currency, intl.locale) : <FormattedMessage id={`orders.outcome.${line.outcome}`} />}
      </span>
      {caps.length > 0 && (
        <span className="draw-line__caps" title={caps.join(' · ')}>
          {' '}
          <FormattedMessage id="orders.adjust.capped" />
        </span>
      )}
    </li>
  );
}

/**
 * The order's draw result: what each line matched and paid ("1 of 1 matched · CA$6", "0 of 2
 * matched · no win"), or why there is none yet. What the order won in all says the status, once.
 */
export function OrderDrawResult({ order }: { order: OrderWire }) {
  const outcome = order.drawResult;
  if (!outcome) {
    return (
      <span className="muted" data-testid="order-draw-result">
        <FormattedMessage id={order.status === 9 ? 'orders.draw.refunded' : 'orders.draw.pending'} />
      </span>
    );
  }
  return (
    <div className="draw-result" data-testid="order-draw-result">
      <ul className="draw-lines">
        {outcome.lines.map((line, index) => (
          <Line key={index} line={line} currency={outcome.prize.currency} />
        ))}
      </ul>
    </div>
  );
}
