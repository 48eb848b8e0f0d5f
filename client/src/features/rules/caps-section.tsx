import type { ProductDetail } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { useLocalWithPointsText } from '../../shared/money/money-pair.tsx';
import { SectionCard } from '../../shared/ui/section-card.tsx';

// The caps' wire type is `unknown` (each family has its own); these are the keno shapes of common/products.
interface KenoCaps {
  starPool: { stars: number; pool: number; roundTo: number } | null;
  perTicket: { amount: number; onePrize: boolean } | null;
  sharedTopPrize: { stars: number; matches: number; pool: number; minTickets: number } | null;
}

/** The super number prize and the caps on what a draw or a ticket can pay (spec §9). */
export function CapsSection({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const withPoints = useLocalWithPointsText(product.rates.prize);
  // Prizes and caps with their GP value at the prize rate; a rounding step is a local amount only.
  const money = (amount: number) => withPoints({ amount, currency: product.currency });
  const plain = (amount: number) => formatLocalMoney(amount, product.currency, intl.locale);
  const { superNumber } = product.rules;
  const caps = product.rules.caps as ProductDetail['rules']['caps'] & KenoCaps;
  const name = intl.formatMessage({ id: productNameId(product.code) });
  const none = !caps.starPool && !caps.perTicket && !caps.sharedTopPrize;
  return (
    <>
      <SectionCard titleId="super-title" title="rules.super.title" mark={superNumber && <ConfidenceLabel fact={superNumber} />}>
        <p className={superNumber?.offered ? undefined : 'muted'} data-testid="super-number">
          {superNumber?.offered ? (
            <FormattedMessage id="rules.super.body" values={{ prize: money(superNumber.prize), max: superNumber.maxNumbers }} />
          ) : (
            <FormattedMessage id="rules.super.none" values={{ product: name }} />
          )}
        </p>
      </SectionCard>
      <SectionCard titleId="caps-title" title="rules.caps.title" mark={<ConfidenceLabel fact={caps} />} testId="caps">
        {none ? (
          <p className="muted">
            <FormattedMessage id="rules.caps.none" values={{ product: name }} />
          </p>
        ) : (
          <ul className="caps-list">
            {caps.starPool && (
              <li>
                <FormattedMessage
                  id="rules.caps.starPool"
                  values={{ stars: caps.starPool.stars, pool: money(caps.starPool.pool), roundTo: plain(caps.starPool.roundTo) }}
                />
              </li>
            )}
            {caps.perTicket && (
              <li>
                <FormattedMessage id="rules.caps.perTicket" values={{ amount: money(caps.perTicket.amount) }} />
                {caps.perTicket.onePrize && (
                  <>
                    {' '}
                    <FormattedMessage id="rules.caps.onePrize" />
                  </>
                )}
              </li>
            )}
            {caps.sharedTopPrize && (
              <li>
                <FormattedMessage
                  id="rules.caps.sharedTop"
                  values={{
                    minTickets: caps.sharedTopPrize.minTickets,
                    matches: caps.sharedTopPrize.matches,
                    stars: caps.sharedTopPrize.stars,
                    pool: money(caps.sharedTopPrize.pool),
                  }}
                />
              </li>
            )}
          </ul>
        )}
      </SectionCard>
    </>
  );
}
