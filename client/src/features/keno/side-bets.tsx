import type { BigSmallOption, OddEvenOption, ProductDetail } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { useLocalWithPointsText } from '../../shared/money/money-pair.tsx';
import type { TicketUpdate } from './ticket-atoms.ts';
import { sideMarkets, type Ticket } from './ticket.ts';
import { UnconfirmedMark } from './unconfirmed-mark.tsx';

interface MarketProps<O extends string> {
  market: 'bigSmall' | 'oddEven';
  options: O[];
  chosen: O | null;
  onChoose: (option: O | null) => void;
  product: ProductDetail;
}

function Market<O extends string>({ market, options, chosen, onChoose, product }: MarketProps<O>) {
  const withPoints = useLocalWithPointsText(product.rates.prize);
  const titleId = `keno-${market}-title`;
  return (
    <div className="side-market" role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className="side-market__title">
        <FormattedMessage id={`keno.side.${market}.title`} />
      </h3>
      <p className="muted side-market__help">
        <FormattedMessage id={`keno.side.${market}.help`} />
      </p>
      <div className="side-market__options">
        {options.map((option) => {
          const bet = product.rules.sideBets[option]!;
          const on = chosen === option;
          return (
            <button
              key={option}
              type="button"
              className={`side-option${on ? ' side-option--on' : ''}`}
              aria-pressed={on}
              onClick={() => onChoose(on ? null : option)}
              data-testid={`side-${option}`}
            >
              <span className="side-option__name">
                <FormattedMessage id={`keno.side.${option}` as MessageId} />
              </span>
              <span className="side-option__payout">
                <FormattedMessage
                  id="keno.side.payout"
                  values={{ amount: withPoints({ amount: bet.prize, currency: product.currency }) }}
                />
              </span>
              {bet.confidence === 'unconfirmed' && <UnconfirmedMark />}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Guess big/small and odd/even with the options the product sells, each with its payout per unit. */
export function SideBets({ product, ticket, update }: { product: ProductDetail; ticket: Ticket; update: TicketUpdate }) {
  const markets = sideMarkets(product.rules);
  if (markets.bigSmall.length === 0 && markets.oddEven.length === 0) return null;
  return (
    <section className="card keno-section" aria-labelledby="keno-side-title">
      <h2 id="keno-side-title" className="keno-section__title">
        <FormattedMessage id="keno.side.title" />
      </h2>
      <div className="side-markets">
        {markets.bigSmall.length > 0 && (
          <Market<BigSmallOption>
            market="bigSmall"
            options={markets.bigSmall}
            chosen={ticket.bigSmall}
            onChoose={(bigSmall) => update((t) => ({ ...t, bigSmall }))}
            product={product}
          />
        )}
        {markets.oddEven.length > 0 && (
          <Market<OddEvenOption>
            market="oddEven"
            options={markets.oddEven}
            chosen={ticket.oddEven}
            onChoose={(oddEven) => update((t) => ({ ...t, oddEven }))}
            product={product}
          />
        )}
      </div>
    </section>
  );
}
