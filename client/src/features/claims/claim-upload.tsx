import { CLAIM_DOCUMENT_LIMIT, type Claim, type ClaimDocument } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHttp } from '../../shared/api/services.tsx';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { fieldMessageId, serverFieldErrors } from '../../shared/ui/field-errors.ts';
import { claimKeys } from './claims-api.ts';

/**
 * Sending a document for the claim (POST /api/claims/:id/documents): one file at a time, a photo or
 * a PDF scan. Shown while the claim takes documents; sending does not move the claim (staff look first).
 */
export function ClaimUpload({ claim }: { claim: Claim }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const translate = useTranslateRef();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sentName, setSentName] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (form: FormData) => http.post<ClaimDocument>(`/api/claims/${claim.id}/documents`, form),
    onSuccess: (document) => setSentName(document.name),
    onError: (error) => setFieldError(serverFieldErrors(error)?.document ?? null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const file = form.get('document');
    setSentName(null);
    if (!(file instanceof File) || file.size === 0) {
      setFieldError('required');
      return;
    }
    setFieldError(null);
    send.mutate(form, { onSuccess: () => formElement.reset() });
  }

  return (
    <form className="form claim-upload" noValidate onSubmit={submit} data-testid="claim-upload">
      <p className="muted">
        <FormattedMessage id="claims.uploadIntro" values={{ count: CLAIM_DOCUMENT_LIMIT - claim.documents.length }} />
      </p>
      <div className={`field${fieldError ? ' field--invalid' : ''}`}>
        <label htmlFor="claim-document" className="field__label">
          <FormattedMessage id="claims.documentField" />
        </label>
        <input
          id="claim-document"
          name="document"
          type="file"
          className="field__input"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          aria-describedby="claim-document-hint"
          aria-invalid={fieldError ? true : undefined}
          data-testid="claim-document-input"
        />
        <p id="claim-document-hint" className="field__hint">
          <FormattedMessage id="claims.documentHint" />
        </p>
        {fieldError && (
          <p className="field__error" role="alert">
            <FormattedMessage id={fieldMessageId(fieldError)} />
          </p>
        )}
      </div>
      {send.isError && !serverFieldErrors(send.error) && (
        <p className="notice notice--error" role="alert" data-testid="claim-upload-error">
          {translate(describeError(send.error))}
        </p>
      )}
      {sentName && (
        <p className="notice notice--success" role="status" data-testid="claim-upload-done">
          <FormattedMessage id="claims.uploaded" values={{ name: sentName }} />
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={send.isPending} data-testid="claim-upload-submit">
        <FormattedMessage id="claims.upload" />
      </button>
    </form>
  );
}
