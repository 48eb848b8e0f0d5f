import { kycBody } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHttp } from '../../shared/api/services.tsx';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { fieldMessageId, serverFieldErrors } from '../../shared/ui/field-errors.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import { Moment } from '../../shared/time/moment.tsx';
import { useKyc, withdrawalKeys } from './withdrawals-api.ts';

type Fields = Partial<Record<'accountName' | 'accountNumber' | 'bankCode' | 'document' | 'selfie', string>>;

/**
 * The identity check (issue 33 item 1): its state, staff's words when they refused or asked for more,
 * and the form (a document, a selfie, the bank account in the member's own name) whenever one may be sent.
 */
export function KycSection() {
  const kyc = useKyc();
  const http = useHttp();
  const queryClient = useQueryClient();
  const translate = useTranslateRef();
  const [fields, setFields] = useState<Fields>({});
  const send = useMutation({
    mutationFn: (form: FormData) => http.post('/api/me/kyc', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
    onError: (error) => setFields(serverFieldErrors(error) ?? {}),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = kycBody.safeParse({ accountName: form.get('accountName'), accountNumber: form.get('accountNumber'), bankCode: form.get('bankCode') });
    const missing: Fields = {};
    for (const name of ['document', 'selfie'] as const) {
      const file = form.get(name);
      if (!(file instanceof File) || file.size === 0) missing[name] = 'required';
    }
    const textErrors: Fields = text.success ? {} : Object.fromEntries(text.error.issues.map((i) => [String(i.path[0]), i.message]));
    const all = { ...textErrors, ...missing };
    setFields(all);
    if (Object.keys(all).length === 0) send.mutate(form);
  }

  const status = kyc.data;
  if (!status) return null;
  const canSend = status.state !== 'pending' && status.state !== 'approved';
  return (
    <div data-testid="kyc" data-state={status.state}>
      <p className={`notice ${status.state === 'approved' ? 'notice--success' : status.state === 'rejected' || status.state === 'more_needed' ? 'notice--error' : ''}`} role="status" data-testid="kyc-state">
        <FormattedMessage id={`withdrawals.kyc.state.${status.state}`} values={{ last4: status.accountLast4 ?? '', bank: status.bankCode ?? '' }} />
        {status.submittedAt && (
          <>
            {' '}
            <span className="muted">
              <FormattedMessage id="withdrawals.kyc.sent" /> <Moment value={status.submittedAt} />
            </span>
          </>
        )}
      </p>
      {status.reason && (status.state === 'rejected' || status.state === 'more_needed') && (
        <p data-testid="kyc-reason">
          <FormattedMessage id="withdrawals.kyc.reason" values={{ reason: status.reason }} />
        </p>
      )}
      {canSend && (
        <form className="form withdrawals-kyc" noValidate onSubmit={submit} data-testid="kyc-form">
          <p className="muted">
            <FormattedMessage id="withdrawals.kyc.intro" />
          </p>
          <FileField name="document" label="withdrawals.kyc.document" hint="withdrawals.kyc.documentHint" accept="image/jpeg,image/png,image/webp,application/pdf" error={fields.document} />
          <FileField name="selfie" label="withdrawals.kyc.selfie" hint="withdrawals.kyc.selfieHint" accept="image/jpeg,image/png,image/webp" capture="user" error={fields.selfie} />
          <TextField name="accountName" label="withdrawals.kyc.accountName" hint="withdrawals.kyc.accountNameHint" autoComplete="name" maxLength={70} error={fields.accountName} />
          <TextField name="bankCode" label="withdrawals.kyc.bankCode" hint="withdrawals.kyc.bankCodeHint" inputMode="numeric" maxLength={7} error={fields.bankCode} />
          <TextField name="accountNumber" label="withdrawals.kyc.accountNumber" inputMode="numeric" autoComplete="off" maxLength={20} error={fields.accountNumber} />
          {send.isError && !serverFieldErrors(send.error) && (
            <p className="notice notice--error" role="alert">
              {translate(describeError(send.error))}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={send.isPending} data-testid="kyc-submit">
            <FormattedMessage id="withdrawals.kyc.submit" />
          </button>
        </form>
      )}
    </div>
  );
}

function FileField({ name, label, hint, accept, capture, error }: { name: string; label: 'withdrawals.kyc.document' | 'withdrawals.kyc.selfie'; hint: 'withdrawals.kyc.documentHint' | 'withdrawals.kyc.selfieHint'; accept: string; capture?: 'user'; error?: string }) {
  const id = `kyc-${name}`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        <FormattedMessage id={label} />
      </label>
      <input id={id} name={name} type="file" className="field__input" accept={accept} capture={capture} aria-describedby={`${id}-hint`} aria-invalid={error ? true : undefined} data-testid={`kyc-${name}`} />
      <p id={`${id}-hint`} className="field__hint">
        <FormattedMessage id={hint} />
      </p>
      {error && (
        <p className="field__error" role="alert">
          <FormattedMessage id={fieldMessageId(error)} />
        </p>
      )}
    </div>
  );
}
