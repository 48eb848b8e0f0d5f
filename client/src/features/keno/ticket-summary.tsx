import type { ReactNode } from 'react';
import type { KenoPlayInput, ProductDetail } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { Points } from '../../shared/money/points.tsx';
import { formatLocalAmount } from '../../shared/money/local-money.ts';
import { pad } from './number-board.tsx';
import { OrderProblem } from './order-problem.tsx';
import { ticketPlays, ticketProblem, ticketUnits, type Ticket } from './ticket.ts';
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

function Row({ label, children, testId }: { label: 'keno.summary.units' | 'keno.summary.total' | 'keno.summary.stake' | 'keno.summary.maxPrize'; children: ReactNode; testId: string }) {
  return (
    <div className="summary__row">
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

interface TicketSummaryProps {
  product: ProductDetail;
  ticket: Ticket;
  issue: string | null;
  quote: Quote;
  placing: boolean;
  /** Confirming is held while the member answers "reset the order information?". */
  held: boolean;
  onConfirm: () => void;
  onReset: () => void;
}

/** The purchase items, total units and price (from the server's quote) and the confirm and reset actions. */
export function TicketSummary({ product, ticket, issue, quote, placing, held, onConfirm, onReset }: TicketSummaryProps) {
  const intl = useIntl();
  const plays = ticketPlays(ticket);
  const problem = ticketProblem(ticket);
  const data = quote.data;
  const canConfirm = issue !== null && problem === null && quote.current && !placing && !held;
  const local = (value: { amount: number; currency: string }) => formatLocalAmount(value, intl.locale);

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
      {plays.length > 0 ? (
        <ul className="summary__plays" data-testid="summary-plays">
          {plays.map((play) => (
            <li key={play.type}>
              <PlayLine play={play} />
            </li>
          ))}
          {ticket.multiplier > 1 && (
            <li>
              <FormattedMessage id="keno.summary.multiplier" values={{ multiplier: ticket.multiplier }} />
            </li>
          )}
        </ul>
      ) : (
        <p className="muted">
          <FormattedMessage id="keno.summary.empty" />
        </p>
      )}
      {problem && problem.code !== 'empty' && (
        <p className="keno-hint keno-hint--warning">
          {problem.code === 'pick_more' ? (
            <FormattedMessage id="keno.board.pickMore" values={{ count: problem.count }} />
          ) : problem.code === 'choose_stars' ? (
            <FormattedMessage id="keno.board.chooseStarsFirst" />
          ) : (
            <FormattedMessage id="error.selection_exceeds_pick_count" />
          )}
        </p>
      )}

      <dl className={`summary__figures${quote.loading ? ' summary__figures--stale' : ''}`} aria-busy={quote.loading}>
        <Row label="keno.summary.units" testId="summary-units">
          {data && !quote.error ? data.units : ticketUnits(ticket)}
        </Row>
        <Row label="keno.summary.total" testId="summary-total">
          {data && !quote.error ? <Points value={data.total} /> : '—'}
        </Row>
        <Row label="keno.summary.stake" testId="summary-stake">
          {data && !quote.error ? local(data.stake) : '—'}
        </Row>
        <Row label="keno.summary.maxPrize" testId="summary-max-prize">
          {data && !quote.error ? local(data.maxPrize) : '—'}
        </Row>
      </dl>
      {quote.error != null && <OrderProblem error={quote.error} issue={issue} context="quote" />}
      <p className="muted summary__minimum">
        <FormattedMessage id="keno.summary.minimumNote" values={{ minimum: product.rules.minimumUnits }} />
      </p>

      <div className="summary__actions">
        <button
          type="button"
          className="button button--primary button--large button--block"
          disabled={!canConfirm}
          aria-disabled={!canConfirm}
          onClick={onConfirm}
          data-testid="confirm-order"
        >
          <FormattedMessage id={placing ? 'keno.summary.placing' : 'keno.summary.confirm'} />
        </button>
        <button type="button" className="button button--ghost button--block" onClick={onReset} disabled={placing} data-testid="reset-ticket">
          <FormattedMessage id="keno.summary.reset" />
        </button>
      </div>
    </section>
  );
}
