import type { QueueFigures as Figures } from '@gp/common';
import { FormattedMessage, FormattedNumber } from 'react-intl';

/** The live figures above the queue: pace, backlog, the oldest wait, failing purchases, settlement lag per draw. */
export function QueueFigures({ figures }: { figures: Figures }) {
  const worstLag = figures.settlementLag.reduce((max, d) => Math.max(max, d.lagSeconds), 0);
  return (
    <dl className="admin-figures" data-testid="queue-figures">
      <div>
        <dt><FormattedMessage id="admin.figures.perMinute" /></dt>
        <dd><FormattedNumber value={figures.ordersPerMinute} maximumFractionDigits={1} /></dd>
      </div>
      <div>
        <dt><FormattedMessage id="admin.figures.waiting" /></dt>
        <dd data-testid="figure-waiting">{figures.waiting}</dd>
      </div>
      <div>
        <dt><FormattedMessage id="admin.figures.oldest" /></dt>
        <dd>{figures.oldestWaitSeconds === null ? '—' : <FormattedMessage id="admin.figures.seconds" values={{ n: figures.oldestWaitSeconds }} />}</dd>
      </div>
      <div className={figures.failingPurchases > 0 ? 'admin-figures--alert' : ''}>
        <dt><FormattedMessage id="admin.figures.failing" /></dt>
        <dd>{figures.failingPurchases}</dd>
      </div>
      <div title={figures.settlementLag.map((d) => `${d.productCode} ${d.issue}: ${d.lagSeconds}s`).join('\n')}>
        <dt><FormattedMessage id="admin.figures.settlementLag" /></dt>
        <dd>{figures.settlementLag.length === 0 ? '—' : <FormattedMessage id="admin.figures.lagDraws" values={{ draws: figures.settlementLag.length, n: worstLag }} />}</dd>
      </div>
    </dl>
  );
}
