import type { KenoPlayInput, ProductDetail } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatPoints } from '@gp/common/money';
import type { MessageRef } from '../../shared/i18n/message-ids.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { formatLocalAmount } from '../../shared/money/local-money.ts';
import { Points } from '../../shared/money/points.tsx';
import { LocalWithPoints, RateNote } from '../../shared/money/money-pair.tsx';
import { pad } from './number-board.tsx';
import { ConfirmSpend, ShortBalance, type BuyFlowProps } from '../../shared/orders/spend.tsx';
import { SummaryRow } from '../../shared/orders/summary-row.tsx';
import { OrderProblem } from './order-problem.tsx';
import { UnconfirmedMark } from './unconfirmed-mark.tsx';
import { ticketPlays, ticketProblem, ticketUnits, type Ticket, type TicketProblem } from './ticket.ts';
import type { Quote } from './use-quote.ts';

const numberList = (numbers: readonly number[] | undefined) => (numbers ?? []).map(pad).join(' · ');

function PlayLine({ play }: { play: KenoPlayInput }) {
  switch (play.type) {
    case 'pick':
      return <FormattedMessage id="keno.summary.pick" values={{ stars: play.stars, numbers: numberList(play.numbers) }} />;
    case 'bigSmall':
    case 'oddEven':
      return (
        <FormattedMessage
          id={play.type === 'bigSmall' ? 'keno.summary.bigSmall' : 'keno.summary.oddEven'}
          values={{ pick: <FormattedMessage id={`keno.side.${play.pick}` as 'keno.side.big'} /> }}
        />
      );
    case 'superNumber':
      return <FormattedMessage id="keno.summary.super" values={{ numbers: numberList(play.numbers), count: play.numbers?.length ?? 0 }} />;
  }
}

/**
 * `held`: buying is held while the member answers "reset the order information?"; `confirming`: the
 * confirm step shows here (on a phone it opens in the bottom bar instead).
 */
interface TicketSummaryProps extends BuyFlowProps {
  product: ProductDetail;
  ticket: Ticket;
  issue: string | null;
  quote: Quote;
  onReset: () => void;
}

/** Whether the ticket on screen can be bought now: complete, priced as it is, affordable, nothing in flight. */
export function canBuy({ product, issue, ticket, quote, spend, placing, held }: Pick<TicketSummaryProps, 'product' | 'issue' | 'ticket' | 'quote' | 'spend' | 'placing' | 'held'>): boolean {
  return issue !== null && ticketProblem(ticket, product.rules.minimumUnits) === null && quote.current && spend.shortBy === 0 && !placing && !held;
}

/** What the ticket's problem says, in the member's words. */
function problemMessage(problem: TicketProblem): MessageRef {
  switch (problem.code) {
    case 'empty':
      return { id: 'keno.summary.empty' };
    case 'pick_more':
      return { id: 'keno.board.pickMore', values: { count: problem.count } };
    case 'choose_stars':
      return { id: 'keno.board.chooseStarsFirst' };
    case 'below_minimum':
      return { id: 'keno.problem.belowMinimum', values: { minimum: problem.minimum, units: problem.units } };
    case 'multiplier':
      return { id: 'keno.summary.fixMultiplier' };
    case 'selection_exceeds_pick_count':
      return { id: 'error.selection_exceeds_pick_count' };
  }
}

/**
 * Why Buy is disabled, to say beside it (the phone's bar, the summary), or null: no issue on sale,
 * the ticket's problem, or a balance too small. Nothing while an order is in flight or a question
 * waits (those speak for themselves), nor while the price is being asked.
 */
export function buyBlocker(
  { product, issue, ticket, spend, placing, held }: Pick<TicketSummaryProps, 'product' | 'issue' | 'ticket' | 'spend' | 'placing' | 'held'>,
  locale: string,
): MessageRef | null {
  if (placing || held) return null;
  if (issue === null) return { id: 'keno.why.closed' };
  const problem = ticketProblem(ticket, product.rules.minimumUnits);
  if (problem) return problemMessage(problem);
  if (spend.shortBy > 0) return { id: ticket.trial ? 'order.why.shortTrial' : 'order.why.short', values: { missing: formatPoints(spend.shortBy, locale) } };
  return null;
}

/** What one unit costs and the smallest ticket, said before the member builds one: "1 unit = 1.00 GP (CA$1 stake) · at least 3 units". */
function UnitPrice({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const stake = product.rules.unitStake;
  return (
    <p className="summary__unit" data-testid="summary-unit-price">
      <FormattedMessage
        id="keno.summary.unitPrice"
        values={{
          price: <Points value={product.unitPrice} />,
          stake: formatLocalAmount(stake, intl.locale),
          minimum: product.rules.minimumUnits,
        }}
      />
      {stake.confidence === 'unconfirmed' && <UnconfirmedMark />}
    </p>
  );
}

/** The purchase items, total units and price (from the server's quote) and the confirm and reset actions. */
export function TicketSummary({ product, ticket, issue, quote, spend, placing, held, confirming, onBuy, onConfirm, onCancel, onReset }: TicketSummaryProps) {
  const intl = useIntl();
  const translate = useTranslateRef();
  const plays = ticketPlays(ticket);
  const problem = ticketProblem(ticket, product.rules.minimumUnits);
  const data = quote.data;
  const buyable = canBuy({ product, issue, ticket, quote, spend, placing, held });
  // Beside Buy, why it is disabled — but a short balance, which the notice above says with its way to top up.
  const why = buyable || spend.shortBy > 0 ? null : buyBlocker({ product, issue, ticket, spend, placing, held }, intl.locale);
  const priced = data && !quote.error ? data : null;
  const rates = priced?.rates ?? product.rates;

  return (
    <section className="card summary" aria-labelledby="keno-summary-title" data-testid="ticket-summary">
      <h2 id="keno-summary-title" className="keno-section__title">
        <FormattedMessage id="keno.summary.title" />
      </h2>
      <p className="muted summary__issue">
        {issue ? <FormattedMessage id="keno.summary.issue" values={{ issue }} /> : <FormattedMessage id="keno.summary.noIssue" />}
        {ticket.trial && (
          <span className="keno-badge keno-badge--trial">
            <FormattedMessage id="keno.summary.trial" />
          </span>
        )}
      </p>
      <UnitPrice product={product} />
      {plays.length > 0 && (
        <ul className="summary__plays" data-testid="summary-plays">
          {plays.map((play) => (
            <li key={play.type}>
              <PlayLine play={play} />
            </li>
          ))}
          {ticket.multiplier !== null && ticket.multiplier > 1 && (
            <li>
              <FormattedMessage id="keno.summary.multiplier" values={{ multiplier: ticket.multiplier }} />
            </li>
          )}
        </ul>
      )}

      <dl className={`summary__figures${quote.loading ? ' summary__figures--stale' : ''}`} aria-busy={quote.loading}>
        <SummaryRow label="keno.summary.units" testId="summary-units">
          {data && !quote.error ? data.units : ticketUnits(ticket)}
        </SummaryRow>
        <SummaryRow label="keno.summary.total" testId="summary-total">
          {priced ? <Points value={priced.total} /> : '—'}
        </SummaryRow>
        <SummaryRow label="keno.summary.stake" testId="summary-stake" note={<RateNote rate={rates?.price} kind="price" testId="summary-price-rate" />}>
          {priced ? <LocalWithPoints value={priced.stake} rate={rates?.price} points={priced.total} /> : '—'}
        </SummaryRow>
        <SummaryRow label="keno.summary.maxPrize" testId="summary-max-prize" note={<RateNote rate={rates?.prize} kind="prize" testId="summary-prize-rate" />}>
          {priced ? <LocalWithPoints value={priced.maxPrize} rate={rates?.prize} points={priced.maxPrizePoints} /> : '—'}
        </SummaryRow>
      </dl>
      <p className="muted summary__rates">
        <FormattedMessage id="money.twoRates" />
      </p>
      {quote.error != null && <OrderProblem error={quote.error} issue={issue} context="quote" />}

      {quote.current && !confirming && <ShortBalance spend={spend} trial={ticket.trial} />}
      {confirming ? (
        <ConfirmSpend total={priced?.total ?? null} trial={ticket.trial} spend={spend} placing={placing} onConfirm={onConfirm} onCancel={onCancel} />
      ) : (
        <div className="summary__actions">
          {why && (
            <p className={`keno-hint${problem && problem.code !== 'empty' ? ' keno-hint--warning' : ''} summary__why`} role="status" data-testid="buy-why">
              {problem?.code === 'below_minimum' ? <span data-testid="summary-below-minimum">{translate(why)}</span> : translate(why)}
            </p>
          )}
          <button
            type="button"
            className="button button--primary button--large button--block"
            disabled={!buyable}
            aria-disabled={!buyable}
            onClick={onBuy}
            data-testid="confirm-order"
          >
            <FormattedMessage id={placing ? 'keno.summary.placing' : 'order.buy'} />
          </button>
          <button type="button" className="button button--ghost button--block" onClick={onReset} disabled={placing} data-testid="reset-ticket">
            <FormattedMessage id="keno.summary.reset" />
          </button>
        </div>
      )}
    </section>
  );
}
