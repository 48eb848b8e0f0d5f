import type { DrawProduct, PointsRateWire } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { Moment } from '../../shared/time/moment.tsx';
import { LocalWithPoints } from '../../shared/money/money-pair.tsx';
import type { UpcomingDraw } from './draw-queries.ts';
import { SalesCountdown } from './sales-countdown.tsx';

/**
 * The next draw on sale: its number, when sales close (and the time left, counting down) and when
 * it is drawn — in the reader's time and in the lottery's own zone — and the jackpot (or estimated
 * first prize), live.
 */
export function NextDraw({ product, draw, prizeRate }: { product: DrawProduct; draw: UpcomingDraw | null; prizeRate: PointsRateWire | null | undefined }) {
  const zone = product.calendar.timezone;
  if (!draw) {
    return (
      <p className="muted" data-testid="next-draw-none">
        <FormattedMessage id="draw.summary.noDraw" />
      </p>
    );
  }
  const jackpot = draw.jackpot ?? product.baseJackpot;
  return (
    <dl className="draw-facts" data-testid="next-draw" data-issue={draw.issue}>
      <div>
        <dt>
          <FormattedMessage id="draw.next.issue" />
        </dt>
        <dd data-testid="next-draw-issue">{draw.displayIssue}</dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="draw.next.closes" />
        </dt>
        <dd>
          <Moment value={draw.salesCloseAt} weekday />
        </dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="draw.next.closesIn" />
        </dt>
        <dd>
          <SalesCountdown key={draw.issue} closesAt={draw.salesCloseAt} />
        </dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="draw.next.drawAt" />
        </dt>
        <dd>
          <Moment value={draw.drawAt} timeZone={zone} weekday />
        </dd>
      </div>
      {jackpot && (
        <div>
          <dt>
            <FormattedMessage id={draw.jackpot ? 'draw.next.jackpot' : 'draw.next.baseJackpot'} />
          </dt>
          <dd className="draw-jackpot" data-testid="next-draw-jackpot" aria-live="polite">
            <LocalWithPoints value={jackpot} rate={prizeRate} />
          </dd>
        </div>
      )}
    </dl>
  );
}
