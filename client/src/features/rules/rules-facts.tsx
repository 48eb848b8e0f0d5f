import type { ProductDetail } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { Points } from '../../shared/money/points.tsx';
import type { Fact } from '../../shared/ui/confidence-label.tsx';
import { FactItem } from '../../shared/ui/fact-item.tsx';
import { intervalText } from './interval-text.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { RateNote } from '../../shared/money/money-pair.tsx';

function ScheduleText({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const { schedule } = product.rules;
  const interval = intervalText(schedule.intervalSeconds, intl.locale);
  return schedule.dailyWindow ? (
    <FormattedMessage id="rules.schedule.window" values={{ interval, first: schedule.dailyWindow.first, last: schedule.dailyWindow.last, timezone: product.timezone }} />
  ) : (
    <FormattedMessage id="rules.schedule.always" values={{ interval }} />
  );
}

/** The product's key numbers: price, stake, matrix, picks, minimum, multiplier, draw times. */
export function RulesFacts({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const { rules } = product;
  const scheduleFact: Fact = { confidence: rules.schedule.confidence, source: rules.schedule.source };
  return (
    <dl className="rules-facts" data-testid="rules-facts">
      <FactItem label="rules.fact.unitPrice" testId="rules-unit-price">
        <Points value={product.unitPrice} /> <RateNote rate={product.rates.price} kind="price" />
      </FactItem>
      <FactItem label="rules.fact.prizeRate" testId="rules-prize-rate">
        <RateNote rate={product.rates.prize} kind="prize" />
      </FactItem>
      <FactItem label="rules.fact.unitStake" fact={rules.unitStake}>
        {formatLocalMoney(rules.unitStake.amount, rules.unitStake.currency, intl.locale)}
      </FactItem>
      <FactItem label="rules.fact.matrix" fact={rules.matrix}>
        <FormattedMessage id="rules.matrix" values={{ drawCount: rules.matrix.drawCount, poolSize: rules.matrix.poolSize }} />
      </FactItem>
      <FactItem label="rules.fact.picks" fact={rules.picks}>
        {rules.picks.min}–{rules.picks.max}
      </FactItem>
      <FactItem label="rules.fact.minimumUnits">
        <FormattedMessage id="rules.units" values={{ units: rules.minimumUnits }} />
      </FactItem>
      <FactItem label="rules.fact.maxMultiplier" fact={rules.maxMultiplier}>
        ×{rules.maxMultiplier.value}
      </FactItem>
      <FactItem label="rules.fact.schedule" fact={scheduleFact}>
        <ScheduleText product={product} />{' '}
        <FormattedMessage id="rules.schedule.cutoff" values={{ seconds: rules.schedule.salesCloseSeconds }} />
      </FactItem>
    </dl>
  );
}
