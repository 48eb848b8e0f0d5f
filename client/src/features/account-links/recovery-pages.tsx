import './account-links.css';
import { fieldErrors, forgotPasswordBody, resetPasswordBody } from '@gp/common';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useHttp } from '../../shared/api/services.tsx';
import { describeError } from '../../shared/i18n/describe-error.ts';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { serverFieldErrors, type FieldErrors } from '../../shared/ui/field-errors.ts';
import { TextField } from '../../shared/ui/text-field.tsx';

function ErrorNotice({ error }: { error: unknown }) {
  const message = describeError(error);
  return (
    <p className="notice notice--error" role="alert">
      {'id' in message ? <FormattedMessage id={message.id} values={message.values} /> : message.text}
    </p>
  );
}

/** The frame of the recovery pages: a narrow card titled by the page (and the document titled with it). */
function RecoveryCard({ name, title, children }: { name: string; title: MessageId; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="container page page--narrow">
      <section className="card account-card" aria-labelledby={`${name}-title`}>
        <h1 id={`${name}-title`}>
          <FormattedMessage id={title} />
        </h1>
        {children}
      </section>
    </div>
  );
}

/** `/auth/forgot`: asks for the email; the answer is the same whether or not it has an account. */
export function ForgotPasswordPage() {
  const http = useHttp();
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useMutation({ mutationFn: (email: string) => http.post('/api/auth/password/forgot', { email }) });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = forgotPasswordBody.safeParse({ email: String(new FormData(event.currentTarget).get('email') ?? '') });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    send.mutate(parsed.data.email);
  };
  return (
    <RecoveryCard name="forgot" title="recovery.forgotTitle">
      {send.isSuccess ? (
        <p className="notice notice--success" role="status" data-testid="forgot-sent">
          <FormattedMessage id="recovery.forgotSent" />
        </p>
      ) : (
        <form className="form" noValidate onSubmit={submit} data-testid="forgot-form">
          <p className="muted">
            <FormattedMessage id="recovery.forgotLead" />
          </p>
          <TextField name="email" label="auth.email" type="email" autoComplete="email" inputMode="email" error={errors.email} />
          {send.isError && <ErrorNotice error={send.error} />}
          <button type="submit" className="button button--primary button--block" disabled={send.isPending}>
            <FormattedMessage id="recovery.sendLink" />
          </button>
        </form>
      )}
      <p>
        <Link to="/auth?mode=login">
          <FormattedMessage id="recovery.backToLogin" />
        </Link>
      </p>
    </RecoveryCard>
  );
}

/** `/auth/reset?token=…`: the new password, twice. Every session ends, so the member logs in again. */
export function ResetPasswordPage() {
  const http = useHttp();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useMutation({
    mutationFn: (body: { token: string; password: string; passwordCheck: string }) => http.post('/api/auth/password/reset', body),
    onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { token, password: String(data.get('password') ?? ''), passwordCheck: String(data.get('passwordCheck') ?? '') };
    const parsed = resetPasswordBody.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    reset.mutate(body);
  };
  return (
    <RecoveryCard name="reset" title="recovery.resetTitle">
      {reset.isSuccess ? (
        <div className="notice notice--success" role="status" data-testid="reset-done">
          <p>
            <FormattedMessage id="recovery.resetDone" />
          </p>
          <Link to="/auth?mode=login" className="button button--primary">
            <FormattedMessage id="auth.login" />
          </Link>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={submit} data-testid="reset-form">
          <TextField name="password" label="recovery.newPassword" type="password" autoComplete="new-password" error={errors.password} />
          <TextField name="passwordCheck" label="recovery.newPasswordCheck" type="password" autoComplete="new-password" error={errors.passwordCheck} />
          {reset.isError && !serverFieldErrors(reset.error) && <ErrorNotice error={reset.error} />}
          <button type="submit" className="button button--primary button--block" disabled={reset.isPending || !token}>
            <FormattedMessage id="recovery.resetSubmit" />
          </button>
        </form>
      )}
    </RecoveryCard>
  );
}

/** `/auth/verify?token=…`: confirms the address as soon as the page opens. */
export function VerifyEmailPage() {
  const http = useHttp();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useQuery({
    queryKey: ['auth', 'verify', token],
    queryFn: () => http.post('/api/auth/email/verify', { token }).then(() => true),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <RecoveryCard name="verify" title="recovery.verifyTitle">
      {verify.isSuccess ? (
        <p className="notice notice--success" role="status" data-testid="verify-done">
          <FormattedMessage id="recovery.verifyDone" />
        </p>
      ) : !token ? (
        <p className="notice notice--error" role="alert">
          <FormattedMessage id="error.link_expired" />
        </p>
      ) : verify.isError ? (
        <ErrorNotice error={verify.error} />
      ) : (
        <p className="muted">
          <FormattedMessage id="app.loading" />
        </p>
      )}
      <p>
        <Link to="/account">
          <FormattedMessage id="account.title" />
        </Link>
      </p>
    </RecoveryCard>
  );
}
