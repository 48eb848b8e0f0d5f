import type { OrderWire } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { NumberBalls } from '../../shared/keno/number-balls.tsx';
import { ball, kenoPlays } from '../../shared/keno/order-plays.ts';

/** The draw's official numbers, the member's own numbers marked and the super number last. */
export function OfficialResult({ order, showSuper }: { order: OrderWire; showSuper: boolean }) {
  const result = order.officialResult;
  if (!result) {
    return (
      <span className="muted">
        <FormattedMessage id="orders.draw.pending" />
      </span>
    );
  }
  const chosen = kenoPlays(order.selections).flatMap((play) => (play.type === 'pick' ? play.numbers : []));
  return (
    <div className="official-result" data-testid="order-official-result">
      <NumberBalls numbers={result.numbers} highlight={chosen} superNumber={showSuper ? result.superNumber : undefined} size="tiny" />
      {showSuper && (
        <span className="official-result__super">
          <FormattedMessage id="results.superShort" values={{ number: ball(result.superNumber) }} />
        </span>
      )}
    </div>
  );
}
