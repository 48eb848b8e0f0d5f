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
import { quoteOf, withdrawalKeys } from './withdrawals-api.ts';

/**
 * The terms, stated before anything is asked (minimum, maximum, what is left of the day, the fee,
 * the rate, what may be withdrawn), then an amount, a quote of what arrives, and a confirmation.
 * One Idempotency-Key per confirmed amount: a retried request answers the same withdrawal.
 */
export function WithdrawForm({ terms }: { terms: WithdrawalTerms }) {
  const http = useHttp();
  const intl = useIntl();
  const translate = useTranslateRef();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const key = useRef<string>(newIdempotencyKey());
  const request = useMutation({
    mutationFn: (amount: number) => http.post<Withdrawal>('/api/withdrawals', { amount, method: 'bank_transfer' }, { headers: { 'Idempotency-Key': key.current } }),
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
    if (amount > terms.withdrawable) return setError('winnings_insufficient');
    setError(undefined);
    setConfirming(amount);
  }

  return (
    <div data-testid="withdraw">
      <dl className="withdrawals-terms" data-testid="withdraw-terms">
        <dt><FormattedMessage id="withdrawals.terms.withdrawable" /></dt>
        <dd data-testid="withdrawable"><Points value={terms.withdrawable} /></dd>
        <dt><FormattedMessage id="withdrawals.terms.limits" /></dt>
        <dd><Points value={terms.minimum} /> – <Points value={terms.maximum} /></dd>
        <dt><FormattedMessage id="withdrawals.terms.dailyLeft" /></dt>
        <dd><Points value={terms.dailyLeft} /> / <Points value={terms.dailyLimit} /></dd>
        <dt><FormattedMessage id="withdrawals.terms.fee" /></dt>
        <dd><Points value={terms.fee} /></dd>
        <dt><FormattedMessage id="withdrawals.terms.rate" /></dt>
        <dd><FormattedMessage id="withdrawals.terms.rateValue" values={{ money: unitRate }} /></dd>
      </dl>
      <p className="muted"><FormattedMessage id="withdrawals.terms.winningsOnly" /></p>
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
        <div className="withdrawals-quote" role="group" aria-labelledby="withdraw-quote" data-testid="withdraw-quote">
          <p id="withdraw-quote">
            <FormattedMessage
              id="withdrawals.quote"
              values={{ amount: <Points value={confirming} />, fee: <Points value={terms.fee} />, payout: <strong>{money(quoteOf(terms, confirming))}</strong> }}
            />
          </p>
          {request.isError && (
            <p className="notice notice--error" role="alert">
              {translate(describeError(request.error))}
            </p>
          )}
          <div className="withdrawals-actions">
            <button type="button" className="button button--primary" disabled={request.isPending} onClick={() => request.mutate(confirming)} data-testid="withdraw-confirm">
              <FormattedMessage id="withdrawals.confirm" />
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
