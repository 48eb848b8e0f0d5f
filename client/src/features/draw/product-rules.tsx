import type { DrawProduct, PointsRateWire } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalAmount } from '../../shared/money/local-money.ts';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { DivisionTable } from './division-table.tsx';
import { extraName, zoneName } from './product-text.ts';

const WEEKDAY_BASE = Date.UTC(2023, 0, 1); // a Sunday

/**
 * How the lottery works: the matrix, the price, when it draws (in its own zone), when sales close,
 * the prize divisions (per play for 39樂合彩). What our sources do not confirm is marked on each fact
 * in the member's words (ConfidenceLabel); the catalogue's engineering notes stay out of the page.
 */
export function ProductRules({ product, prizeRate }: { product: DrawProduct; prizeRate: PointsRateWire | null | undefined }) {
  const intl = useIntl();
  const { calendar } = product;
  const days = calendar.weekdays.map((d) => intl.formatDate(WEEKDAY_BASE + d * 86_400_000, { weekday: 'long', timeZone: 'UTC' })).join(', ');
  const matrix = product.zones.map((zone) => intl.formatMessage({ id: 'draw.rules.zoneMatrix' }, { pick: zone.pick, pool: zone.poolSize, name: zoneName(intl, zone) })).join(' + ');
  return (
    <section className="card section-card draw-rules" id="draw-rules" aria-labelledby="draw-rules-title" data-testid="draw-rules">
      <h2 id="draw-rules-title">
        <FormattedMessage id="draw.rules.title" />
      </h2>
      <dl className="draw-facts">
        <div>
          <dt>
            <FormattedMessage id="draw.rules.matrix" />
          </dt>
          <dd>
            {matrix}
            {product.extra && <> + {intl.formatMessage({ id: 'draw.rules.extraDrawn' }, { count: product.extra.count, name: extraName(intl, product) })}</>}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="draw.rules.price" />
          </dt>
          <dd>
            {formatLocalAmount(product.unitStake, intl.locale)} <ConfidenceLabel fact={product.unitStake} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="draw.rules.when" />
          </dt>
          <dd>
            <FormattedMessage id="draw.rules.schedule" values={{ days, time: calendar.time, zone: calendar.timezone, close: calendar.salesCloseMinutes }} /> <ConfidenceLabel fact={calendar} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="draw.rules.operator" />
          </dt>
          <dd lang="en">{product.operator}</dd>
        </div>
      </dl>
      {product.plays ? (
        product.plays.map((play) => (
          <div key={play.code}>
            <h3>
              <FormattedMessage id="draw.options.playOption" values={{ local: play.localName, pick: play.pick }} />
            </h3>
            <DivisionTable product={product} table={play.table} prizeRate={prizeRate} caption={play.localName} />
          </div>
        ))
      ) : (
        <DivisionTable product={product} table={product.table} prizeRate={prizeRate} />
      )}
    </section>
  );
}
