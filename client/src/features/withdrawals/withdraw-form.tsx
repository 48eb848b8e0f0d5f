import { parsePoints, type Withdrawal, type WithdrawalTerms } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { newIdempotencyKey } from '../../shared/api/idempotency-key.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { Points } from '../../shared/money/points.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { ceilingOf, initialChoice, MethodChoice, paymentMethodName, type WithdrawChoice } from './method-choice.tsx';
import { quoteOf, refundQuoteOf, withdrawalKeys } from './withdrawals-api.ts';

/**
 * The rail first (prizes to the bank, or a Stripe deposit's unplayed points back to that payment),
 * then its terms, stated before anything is asked (minimum, maximum, what is left of the day, the
 * fee, the rate, what may be withdrawn), then an amount, a quote of what arrives, and a confirmation.
 * One Idempotency-Key per confirmed request: a retried request answers the same withdrawal.
 */
export function WithdrawForm({ terms }: { terms: WithdrawalTerms }) {
  const http = useHttp();
  const intl = useIntl();
  const translate = useTranslateRef();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [chosen, setChosen] = useState<WithdrawChoice>(() => initialChoice(terms));
  // The terms are read again after each request: a refunded deposit leaves the list, so the choice follows what is still offered.
  const choice: WithdrawChoice = chosen.method === 'stripe_refund' ? (refreshed(terms, chosen) ?? initialChoice(terms)) : chosen;
  const key = useRef<string>(newIdempotencyKey());
  const request = useMutation({
    mutationFn: ({ amount, choice }: { amount: number; choice: WithdrawChoice }) =>
      http.post<Withdrawal>('/api/withdrawals', choice.method === 'bank_transfer' ? { amount, method: 'bank_transfer' } : { amount, method: 'stripe_refund', depositId: choice.deposit.depositId }, { headers: { 'Idempotency-Key': key.current } }),
    onSuccess: () => {
      key.current = newIdempotencyKey();
      setText('');
      setConfirming(null);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }), queryClient.invalidateQueries({ queryKey: queryKeys.me })]),
  });

  const money = (minor: number) => formatLocalMoney(minor, terms.currency, intl.locale);
  const unitRate = money(Math.floor((100 * terms.rate.denominator) / Math.max(1, terms.rate.numerator)));

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.reset();
    const amount = parsePoints(text);
    if (amount === null || amount <= 0) return setError('invalid');
    if (amount < terms.minimum || amount > terms.maximum || amount > terms.dailyLeft || quoteOf(terms, amount) <= 0) return setError('withdrawal_limit');
    if (choice.method === 'bank_transfer' && amount > terms.withdrawable) return setError('winnings_insufficient');
    if (choice.method === 'stripe_refund' && (amount > choice.deposit.points || refundQuoteOf(choice.deposit, amount) <= 0)) return setError('refund_unavailable');
    setError(undefined);
    setConfirming(amount);
  }

  function choose(next: WithdrawChoice) {
    setChosen(next);
    setConfirming(null);
    setError(undefined);
    request.reset();
    key.current = newIdempotencyKey();
  }

  const refund = choice.method === 'stripe_refund' ? choice.deposit : null;

  return (
    <div data-testid="withdraw">
      <MethodChoice terms={terms} value={choice} onChange={choose} />
      <dl className="withdrawals-terms" data-testid="withdraw-terms" data-method={choice.method}>
        <dt><FormattedMessage id={refund ? 'withdrawals.terms.refundable' : 'withdrawals.terms.withdrawable'} /></dt>
        <dd data-testid="withdrawable"><Points value={ceilingOf(terms, choice)} /></dd>
        <dt><FormattedMessage id="withdrawals.terms.limits" /></dt>
        <dd><Points value={terms.minimum} /> – <Points value={terms.maximum} /></dd>
        <dt><FormattedMessage id="withdrawals.terms.dailyLeft" /></dt>
        <dd><Points value={terms.dailyLeft} /> / <Points value={terms.dailyLimit} /></dd>
        <dt><FormattedMessage id="withdrawals.terms.fee" /></dt>
        <dd>{refund ? <FormattedMessage id="withdrawals.terms.noFee" /> : <Points value={terms.fee} />}</dd>
        <dt><FormattedMessage id={refund ? 'withdrawals.terms.refundPaid' : 'withdrawals.terms.rate'} /></dt>
        <dd>
          {refund ? (
            <FormattedMessage id="withdrawals.terms.refundPaidValue" values={{ points: <Points value={refund.depositPoints} />, money: formatLocalMoney(refund.depositAmount, refund.currency, intl.locale) }} />
          ) : (
            <FormattedMessage id="withdrawals.terms.rateValue" values={{ money: unitRate }} />
          )}
        </dd>
      </dl>
      <p className="muted">
        {refund ? (
          <FormattedMessage id="withdrawals.terms.refundOnly" values={{ method: intl.formatMessage({ id: paymentMethodName(refund.method) }) }} />
        ) : (
          <FormattedMessage id="withdrawals.terms.winningsOnly" />
        )}
      </p>
      <form className="form withdrawals-form" noValidate onSubmit={review}>
        <TextField
          name="amount"
          label="withdrawals.amount"
          hint="withdrawals.amountHint"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setConfirming(null);
            setError(undefined);
          }}
          error={error}
          data-testid="withdraw-amount"
        />
        {confirming === null && (
          <button type="submit" className="button button--primary" data-testid="withdraw-review">
            <FormattedMessage id="withdrawals.review" />
          </button>
        )}
      </form>
      {confirming !== null && (
        <div className="withdrawals-quote" role="group" aria-labelledby="withdraw-quote" data-testid="withdraw-quote" data-method={choice.method}>
          <p id="withdraw-quote">
            {refund ? (
              <FormattedMessage
                id="withdrawals.quoteRefund"
                values={{ amount: <Points value={confirming} />, method: intl.formatMessage({ id: paymentMethodName(refund.method) }), payout: <strong>{formatLocalMoney(refundQuoteOf(refund, confirming), refund.currency, intl.locale)}</strong> }}
              />
            ) : (
              <FormattedMessage
                id="withdrawals.quote"
                values={{ amount: <Points value={confirming} />, fee: <Points value={terms.fee} />, payout: <strong>{money(quoteOf(terms, confirming))}</strong> }}
              />
            )}
          </p>
          {request.isError && (
            <p className="notice notice--error" role="alert">
              {translate(describeError(request.error))}
            </p>
          )}
          <div className="withdrawals-actions">
            <button type="button" className="button button--primary" disabled={request.isPending} onClick={() => request.mutate({ amount: confirming, choice })} data-testid="withdraw-confirm">
              <FormattedMessage id={refund ? 'withdrawals.confirmRefund' : 'withdrawals.confirm'} />
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
              <FormattedMessage id="withdrawals.back" />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The chosen deposit as the newest terms offer it (its unplayed points may have changed), or null when it is no longer offered. */
function refreshed(terms: WithdrawalTerms, chosen: Extract<WithdrawChoice, { method: 'stripe_refund' }>): WithdrawChoice | null {
  const deposit = terms.refundable.find((d) => d.depositId === chosen.deposit.depositId);
  return deposit ? { method: 'stripe_refund', deposit } : null;
}
