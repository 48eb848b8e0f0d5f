import type { ProductDetail } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { SectionCard } from '../../shared/ui/section-card.tsx';

/** How a round works, in the product's own numbers; side bets and the super number only where sold. */
export function HowToPlay({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const { rules } = product;
  const sidesSold = Object.values(rules.sideBets).some((bet) => bet.offered);
  const superNumber = rules.superNumber?.offered ? rules.superNumber : null;
  return (
    <SectionCard titleId="how-to-title" title="rules.howTo.title">
      <ol className="how-to">
        <li>
          <FormattedMessage id="rules.howTo.draw" values={{ drawCount: rules.matrix.drawCount, poolSize: rules.matrix.poolSize }} />
        </li>
        <li>
          <FormattedMessage id="rules.howTo.pick" values={{ min: rules.picks.min, max: rules.picks.max }} />
        </li>
        {sidesSold && (
          <li>
            <FormattedMessage id="rules.howTo.side" values={{ half: rules.matrix.poolSize / 2, poolSize: rules.matrix.poolSize }} />
          </li>
        )}
        {superNumber && (
          <li>
            <FormattedMessage id="rules.howTo.super" values={{ prize: formatLocalMoney(superNumber.prize, product.currency, intl.locale) }} />
          </li>
        )}
        <li>
          <FormattedMessage id="rules.howTo.minimum" values={{ units: rules.minimumUnits, max: rules.maxMultiplier.value }} />
        </li>
      </ol>
    </SectionCard>
  );
}
