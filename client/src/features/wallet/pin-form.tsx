import { formatPoints, isPinFormat, redeemBody, type MeResponse, type RedeemResponse } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/api-error.ts';
import { newIdempotencyKey } from '../../shared/api/idempotency-key.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { serverFieldErrors } from '../../shared/ui/field-errors.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import { PinOutcome, type RedeemOutcome } from './pin-outcome.tsx';

/** Spec §2 PIN redemption, with each outcome (credited, not found, redeemed, failed, rate limited) shown. */
export function PinForm() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<RedeemOutcome | null>(null);

  const redeem = useMutation({
    // A fresh key per submit: a network retry of this request can never credit a PIN twice.
    mutationFn: (body: { code: string }) =>
      http.post<RedeemResponse>('/api/pins/redeem', body, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    onSuccess: (result) => {
      setOutcome({ kind: 'credited', ...result });
      setCode('');
      notify.success({ id: 'success.points_credited', values: { points: formatPoints(result.points, intl.locale) } });
      queryClient.setQueryData<MeResponse>(queryKeys.me, (me) => (me ? { ...me, balance: result.balance } : me));
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields?.code) return setFieldError(fields.code);
      setOutcome({ kind: 'failed', error, retryAfterSeconds: error instanceof ApiError ? error.retryAfterSeconds : null });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = redeemBody.safeParse({ code });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? 'invalid');
    // Not a PIN at all (wrong length, 0/O/1/I/L): said here, without a request that would count as a wrong guess.
    if (!isPinFormat(code)) return setFieldError('pin_format');
    setFieldError(undefined);
    redeem.mutate(parsed.data);
  };

  return (
    <form className="form pin-form" noValidate onSubmit={submit} data-testid="pin-form">
      <div className="pin-form__row">
        <TextField
          name="code"
          label="pins.label"
          className="pin-form__field"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          data-testid="pin-input"
        />
        <button type="submit" className="button button--primary" disabled={redeem.isPending}>
          <FormattedMessage id={redeem.isPending ? 'pins.submitting' : 'pins.submit'} />
        </button>
      </div>
      {outcome && <PinOutcome outcome={outcome} />}
    </form>
  );
}
