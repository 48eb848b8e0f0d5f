import type { ReactNode } from 'react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/api-error.ts';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { formatLocalAmount, formatLocalMoney } from '../../shared/money/local-money.ts';
import type { Quote } from '../../shared/orders/use-debounced-quote.ts';
import { Points } from '../../shared/money/points.tsx';
import { FootballProblem } from './football-problem.tsx';
import type { Slip } from './slip.ts';
import type { PriceChange } from './slip-prices.ts';
import { SlipProblemText } from './slip-problem-text.tsx';
import type { SlipPreview, SlipProblem } from './slip-rules.ts';

interface SlipSummaryProps {
  slip: Slip;
  update: (change: (slip: Slip) => Slip) => void;
  preview: SlipPreview | null;
  quote: Quote;
  problem: SlipProblem | null;
  changes: readonly PriceChange[];
  /** Some match of the slip is no longer on sale. */
  closedLegs: boolean;
  onAcceptPrices: () => void;
  placing: boolean;
  /** Confirming waits while the member answers "reset the order information?". */
  held: boolean;
  onConfirm: () => void;
}

/** A refusal the moved-prices notice below already explains. */
const isOddsChanged = (error: unknown) => error instanceof ApiError && error.code === 'odds_changed';

function Row({ label, testId, children }: { label: MessageId; testId: string; children: ReactNode }) {
  return (
    <div className="summary__row">
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Amount per bet, the totals (server quote, previewed by the common rules), rule problems, moved prices and the confirm action. */
export function SlipSummary({ slip, update, preview, quote, problem, changes, closedLegs, onAcceptPrices, placing, held, onConfirm }: SlipSummaryProps) {
  const intl = useIntl();
  const id = useId();
  const quoted = quote.data && !quote.error && quote.current ? quote.data : null;
  const hkd = (cents: number) => formatLocalMoney(cents, 'HKD', intl.locale);
  // A price that moved down (or away) must be accepted; one that moved up is taken when the member allows better odds.
  const mustAccept = changes.some((c) => c.direction !== 'up' || !slip.acceptBetterOdds);
  const canConfirm = problem === null && !closedLegs && !mustAccept && quote.current && !placing && !held;

  return (
    <section className="card football-section summary" aria-labelledby={`${id}-title`} data-testid="slip-summary">
      <h2 id={`${id}-title`} className="football-section__title">
        <FormattedMessage id="football.summary.title" />
      </h2>
      <div className="field">
        <label htmlFor={`${id}-unit`} className="field__label">
          <FormattedMessage id="football.summary.unit" />
        </label>
        <div className="unit-input">
          <span className="unit-input__currency" aria-hidden="true">
            HK$
          </span>
          <input
            id={`${id}-unit`}
            className="field__input"
            type="number"
            inputMode="numeric"
            min={10}
            step={10}
            value={slip.unitDollars ?? ''}
            aria-describedby={`${id}-unit-hint`}
            onChange={(e) => {
              const value = e.target.valueAsNumber;
              update((s) => ({ ...s, unitDollars: Number.isFinite(value) && value > 0 ? Math.trunc(value) : null }));
            }}
            data-testid="unit-stake"
          />
        </div>
        <p id={`${id}-unit-hint`} className="field__hint">
          <FormattedMessage id="football.summary.unitHint" values={{ minimum: hkd(1000), handicap: hkd(20000), purchase: hkd(3000) }} />
        </p>
      </div>

      <dl className={`summary__figures${quote.loading || !quoted ? ' summary__figures--stale' : ''}`} aria-busy={quote.loading}>
        <Row label="football.summary.bets" testId="summary-bets">
          {quoted?.bets ?? preview?.bets ?? '—'}
        </Row>
        <Row label="football.summary.stake" testId="summary-stake">
          {quoted ? formatLocalAmount(quoted.stake, intl.locale) : preview ? hkd(preview.stake) : '—'}
        </Row>
        <Row label="football.summary.fee" testId="summary-fee">
          {quoted ? formatLocalAmount(quoted.fee, intl.locale) : preview ? hkd(preview.fee) : '—'}
        </Row>
        <Row label="football.summary.maxPrize" testId="summary-max-prize">
          {quoted ? formatLocalAmount(quoted.maxPrize, intl.locale) : preview ? hkd(preview.maxPrize) : '—'}
        </Row>
        <Row label="football.summary.total" testId="summary-total">
          {quoted ? <Points value={quoted.total} /> : '—'}
        </Row>
      </dl>

      {problem && problem.code !== 'empty' && (
        <p className="football-hint football-hint--warning" role="status" data-testid="slip-problem" data-code={problem.code}>
          <SlipProblemText problem={problem} />
        </p>
      )}
      {!problem && quote.error != null && !(isOddsChanged(quote.error) && changes.length > 0) && <FootballProblem error={quote.error} context="quote" />}

      {changes.length > 0 && (
        <div className="notice notice--info odds-changed" role="alert" data-testid="odds-changed">
          <p>
            <FormattedMessage id="football.summary.pricesMoved" values={{ count: changes.length }} />
          </p>
          <button type="button" className="button button--primary button--small" onClick={onAcceptPrices} data-testid="accept-prices">
            <FormattedMessage id="football.summary.acceptPrices" />
          </button>
        </div>
      )}
      {closedLegs && (
        <p className="football-hint football-hint--warning" role="alert" data-testid="closed-legs">
          <FormattedMessage id="football.summary.closedLegs" />
        </p>
      )}

      <label className="checkbox football-better">
        <input type="checkbox" checked={slip.acceptBetterOdds} onChange={(e) => update((s) => ({ ...s, acceptBetterOdds: e.target.checked }))} data-testid="accept-better" />
        <span>
          <FormattedMessage id="football.summary.acceptBetter" />
        </span>
      </label>

      <button
        type="button"
        className="button button--primary button--large button--block"
        disabled={!canConfirm}
        onClick={onConfirm}
        data-testid="confirm-order"
      >
        <FormattedMessage id={placing ? 'keno.summary.placing' : 'keno.summary.confirm'} />
      </button>
    </section>
  );
}
