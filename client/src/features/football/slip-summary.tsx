import type { QuoteResponse } from '@gp/common';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/api-error.ts';
import { formatLocalAmount, formatLocalMoney } from '../../shared/money/local-money.ts';
import type { Quote } from '../../shared/orders/use-debounced-quote.ts';
import { Points } from '../../shared/money/points.tsx';
import { LocalWithPoints, RateNote } from '../../shared/money/money-pair.tsx';
import { ConfirmSpend, ShortBalance, type BuyFlowProps } from '../../shared/orders/spend.tsx';
import { SummaryRow } from '../../shared/orders/summary-row.tsx';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { FootballProblem } from './football-problem.tsx';
import type { Slip } from './slip.ts';
import type { PriceChange } from './slip-prices.ts';
import { SlipProblemText } from './slip-problem-text.tsx';
import type { SlipPreview, SlipProblem } from './slip-rules.ts';

/** `held`: buying waits while the member decides what to do with the slip after an order. */
interface SlipSummaryProps extends BuyFlowProps {
  slip: Slip;
  update: (change: (slip: Slip) => Slip) => void;
  preview: SlipPreview | null;
  quote: Quote;
  problem: SlipProblem | null;
  changes: readonly PriceChange[];
  /** Some match of the slip is no longer on sale. */
  closedLegs: boolean;
  onAcceptPrices: () => void;
}

/** Whole Hong Kong dollars only: `"30"` → 30; `"10.5"`, `"-5"`, `"1e2"` → `'invalid'`; `""` → `'empty'`. */
export function parseUnitDollars(text: string): number | 'empty' | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (!/^\d{1,7}$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value > 0 ? value : 'invalid';
}

/** A refusal the moved-prices notice below already explains. */
const isOddsChanged = (error: unknown) => error instanceof ApiError && error.code === 'odds_changed';

/** "HK$70 (stake and fee) · 1 GP = HK$7.81": what the GP total converts. */
function TotalNote({ quoted }: { quoted: QuoteResponse }) {
  const intl = useIntl();
  const paid = { amount: quoted.stake.amount + quoted.fee.amount, currency: quoted.stake.currency };
  return (
    <span data-testid="summary-total-local">
      <FormattedMessage id="football.summary.totalLocal" values={{ amount: formatLocalAmount(paid, intl.locale) }} /> ·{' '}
      <RateNote rate={quoted.rates.price} kind="same" testId="summary-price-rate" />
    </span>
  );
}

/** Amount per bet, the totals (server quote, previewed by the common rules), rule problems, moved prices and the confirm action. */
export function SlipSummary({ slip, update, preview, quote, problem, changes, closedLegs, onAcceptPrices, spend, placing, held, confirming, onBuy, onConfirm, onCancel }: SlipSummaryProps) {
  const intl = useIntl();
  const id = useId();
  const quoted = quote.data && !quote.error && quote.current ? quote.data : null;
  const hkd = (cents: number) => formatLocalMoney(cents, 'HKD', intl.locale);
  // What the member typed while it is not an amount HKJC takes: shown as typed, with why (never cut to whole dollars).
  const [entry, setEntry] = useState<string | null>(null);
  const refusedEntry = entry !== null && parseUnitDollars(entry) === 'invalid';
  // A price that moved down (or away) must be accepted; one that moved up is taken when the member allows better odds.
  const mustAccept = changes.some((c) => c.direction !== 'up' || !slip.acceptBetterOdds);
  // The spec's "max prize multiplier": the most the order can return for each dollar staked (display only).
  const stakeCents = quoted?.stake.amount ?? preview?.stake ?? 0;
  const prizeCents = quoted?.maxPrize.amount ?? preview?.maxPrize ?? 0;
  const maxMultiplier = stakeCents > 0 && prizeCents > 0 ? Math.floor((prizeCents * 100) / stakeCents) / 100 : null;
  const canConfirm = problem === null && !refusedEntry && !closedLegs && !mustAccept && quote.current && spend.shortBy === 0 && !placing && !held;

  return (
    <section className="card football-section summary" aria-labelledby={`${id}-title`} data-testid="slip-summary">
      <h2 id={`${id}-title`} className="football-section__title">
        <FormattedMessage id="football.summary.title" />
      </h2>
      <div className="field">
        <label htmlFor={`${id}-unit`} className="field__label">
          <FormattedMessage id="football.summary.unit" />
        </label>
        <div className={`unit-input${refusedEntry ? ' unit-input--invalid' : ''}`}>
          <span className="unit-input__currency" aria-hidden="true">
            HK$
          </span>
          <input
            id={`${id}-unit`}
            className="field__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={entry ?? (slip.unitDollars === null ? '' : String(slip.unitDollars))}
            aria-invalid={refusedEntry || undefined}
            aria-describedby={`${id}-unit-hint${refusedEntry ? ` ${id}-unit-error` : ''}`}
            onChange={(e) => {
              const text = e.target.value;
              const parsed = parseUnitDollars(text);
              setEntry(typeof parsed === 'number' ? null : text);
              update((s) => ({ ...s, unitDollars: typeof parsed === 'number' ? parsed : null, autoUnit: false }));
            }}
            data-testid="unit-stake"
          />
        </div>
        {refusedEntry && (
          <p id={`${id}-unit-error`} className="field__error" role="alert" data-testid="unit-stake-error">
            <AlertIcon size={14} />
            <FormattedMessage id="football.summary.unitInvalid" values={{ value: entry.trim() }} />
          </p>
        )}
        <p id={`${id}-unit-hint`} className="field__hint">
          <FormattedMessage id="football.summary.unitHint" values={{ minimum: hkd(1000), handicap: hkd(20000), purchase: hkd(3000) }} />
          {slip.autoUnit === true && slip.picks.length > 0 && slip.unitDollars !== null && (
            <span data-testid="unit-stake-auto">
              {' '}
              <FormattedMessage id="football.summary.unitAuto" values={{ amount: hkd(slip.unitDollars * 100) }} />
            </span>
          )}
        </p>
      </div>

      <dl className={`summary__figures${quote.loading || !quoted ? ' summary__figures--stale' : ''}`} aria-busy={quote.loading}>
        <SummaryRow label="football.summary.bets" testId="summary-bets">
          {quoted?.bets ?? preview?.bets ?? '—'}
        </SummaryRow>
        <SummaryRow label="football.summary.stake" testId="summary-stake">
          {quoted ? <LocalWithPoints value={quoted.stake} rate={quoted.rates.price} /> : preview ? hkd(preview.stake) : '—'}
        </SummaryRow>
        <SummaryRow
          label="football.summary.fee"
          testId="summary-fee"
          note={
            (quoted?.fee.amount ?? preview?.fee ?? 0) > 0 && (
              <span className="rate-note" data-testid="summary-fee-note">
                <FormattedMessage id="football.summary.feeNote" values={{ fee: hkd(quoted?.fee.amount ?? preview?.fee ?? 0) }} />
              </span>
            )
          }
        >
          {quoted ? <LocalWithPoints value={quoted.fee} rate={quoted.rates.price} /> : preview ? hkd(preview.fee) : '—'}
        </SummaryRow>
        <SummaryRow label="football.summary.maxPrize" testId="summary-max-prize" note={quoted && <RateNote rate={quoted.rates.prize} kind="prize" testId="summary-prize-rate" />}>
          {quoted ? <LocalWithPoints value={quoted.maxPrize} rate={quoted.rates.prize} points={quoted.maxPrizePoints} /> : preview ? hkd(preview.maxPrize) : '—'}
        </SummaryRow>
        <SummaryRow label="football.summary.maxMultiplier" testId="summary-max-multiplier">
          {maxMultiplier === null ? '—' : `×${intl.formatNumber(maxMultiplier, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`}
        </SummaryRow>
        <SummaryRow label="football.summary.total" testId="summary-total" note={quoted && <TotalNote quoted={quoted} />}>
          {quoted ? <Points value={quoted.total} /> : '—'}
        </SummaryRow>
      </dl>
      {quoted && (
        <p className="muted summary__rates">
          <FormattedMessage id="money.sameRate" />
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

      {quoted && !confirming && <ShortBalance spend={spend} trial={false} />}
      {/* Why Buy waits, right above it. */}
      {!confirming && problem && problem.code !== 'empty' && !(refusedEntry && problem.code === 'noAmount') && (
        <p className="football-hint football-hint--warning" role="status" data-testid="slip-problem" data-code={problem.code}>
          <SlipProblemText problem={problem} />
        </p>
      )}
      {confirming ? (
        <ConfirmSpend total={quoted?.total ?? null} trial={false} spend={spend} placing={placing} onConfirm={onConfirm} onCancel={onCancel} />
      ) : (
        <button
          type="button"
          className="button button--primary button--large button--block"
          disabled={!canConfirm}
          onClick={onBuy}
          data-testid="confirm-order"
        >
          <FormattedMessage id={placing ? 'keno.summary.placing' : 'order.buy'} />
        </button>
      )}
    </section>
  );
}
