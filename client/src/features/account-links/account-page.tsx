import './account-links.css';
import type { AccountLogins } from '@gp/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useHttp } from '../../shared/api/services.tsx';
import { useMe } from '../../shared/account/me-query.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';
import { ResponsiblePlaySection } from './responsible-play-section.tsx';
import { ChangePasswordSection, SessionsSection } from './security-section.tsx';
import { CloseAccountSection, StatementsSection, YourDataSection } from './your-account-section.tsx';

const LOGINS_KEY = ['account', 'logins'] as const;

/** The ways to log in: the password, and each provider with link / unlink (never the last way in). */
function LoginMethods() {
  const http = useHttp();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logins = useQuery({ queryKey: LOGINS_KEY, queryFn: () => http.get<AccountLogins>('/api/account/logins') });
  const link = useMutation({
    mutationFn: (provider: string) => http.post<{ url: string }>(`/api/account/logins/${encodeURIComponent(provider)}/link`),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => notify.error(error),
  });
  // Unlinking asks for the password again (issue 29), when the account has one.
  const [confirming, setConfirming] = useState<string | null>(null);
  const unlink = useMutation({
    mutationFn: ({ provider, password }: { provider: string; password?: string }) =>
      http.request<void>('DELETE', `/api/account/logins/${encodeURIComponent(provider)}`, { body: password === undefined ? {} : { password } }),
    onSuccess: async (_, { provider }) => {
      setConfirming(null);
      notify.success({ id: 'account.unlinked', values: { provider: provider === 'line' ? 'LINE' : provider } });
      await queryClient.invalidateQueries({ queryKey: LOGINS_KEY });
    },
    onError: (error) => notify.error(error),
  });
  const data = logins.data;
  if (!data) return <p className="muted">{logins.isError ? <FormattedMessage id="app.error.unknown" /> : <FormattedMessage id="app.loading" />}</p>;
  const ways = (data.passwordSet ? 1 : 0) + data.providers.filter((p) => p.linked).length;

  return (
    <ul className="login-methods" data-testid="login-methods">
      <li className="login-methods__item">
        <span className="login-methods__name">
          <FormattedMessage id="account.password" />
        </span>
        <span className="muted">
          <FormattedMessage id={data.passwordSet ? 'account.passwordSet' : 'account.passwordNotSet'} />
        </span>
      </li>
      {data.providers.map((provider) => (
        <li key={provider.id} className="login-methods__item" data-testid={`login-method-${provider.id}`}>
          <span className="login-methods__name">{provider.name}</span>
          <span className="muted">
            {provider.linked ? (
              <FormattedMessage
                id="account.linkedSince"
                values={{ email: provider.email ?? '—', date: provider.linkedAt ? <FormattedDate key="d" value={provider.linkedAt} dateStyle="medium" /> : '' }}
              />
            ) : (
              <FormattedMessage id="account.notLinked" />
            )}
          </span>
          {provider.linked ? (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={unlink.isPending || ways <= 1}
              onClick={() => (data.passwordSet ? setConfirming(provider.id) : unlink.mutate({ provider: provider.id }))}
              data-testid={`unlink-${provider.id}`}
            >
              <FormattedMessage id="account.unlink" />
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={link.isPending || !data.emailVerified}
              onClick={() => link.mutate(provider.id)}
              data-testid={`link-${provider.id}`}
            >
              <FormattedMessage id="account.link" values={{ provider: provider.name }} />
            </button>
          )}
          {confirming === provider.id && (
            <form
              className="login-methods__confirm"
              onSubmit={(event) => {
                event.preventDefault();
                unlink.mutate({ provider: provider.id, password: String(new FormData(event.currentTarget).get('password') ?? '') });
              }}
              data-testid={`unlink-confirm-${provider.id}`}
            >
              <TextField name="password" label="account.unlinkPassword" type="password" autoComplete="current-password" required autoFocus />
              <button type="submit" className="button button--primary button--small" disabled={unlink.isPending}>
                <FormattedMessage id="account.unlink" />
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(null)}>
                <FormattedMessage id="account.cancel" />
              </button>
            </form>
          )}
        </li>
      ))}
      {ways <= 1 && data.providers.some((p) => p.linked) && (
        <li className="muted login-methods__hint">
          <FormattedMessage id="error.last_login_method" />
        </li>
      )}
      {!data.emailVerified && data.providers.length > 0 && (
        <li className="muted login-methods__hint">
          <FormattedMessage id="account.verifyToLink" />
        </li>
      )}
    </ul>
  );
}

/** The email address and whether it is verified, with "send the link again". */
function EmailStatus() {
  const http = useHttp();
  const notify = useNotify();
  const me = useMe();
  const logins = useQuery({ queryKey: LOGINS_KEY, queryFn: () => http.get<AccountLogins>('/api/account/logins') });
  const resend = useMutation({
    mutationFn: () => http.post<void>('/api/auth/email/resend'),
    onSuccess: () => notify.success({ id: 'account.verificationSent' }),
    onError: (error) => notify.error(error),
  });
  const verified = logins.data?.emailVerified;
  return (
    <div className="email-status" data-testid="email-status">
      <span>{me.data?.user.email ?? '…'}</span>
      {verified === undefined ? null : verified ? (
        <span className="badge badge--success">
          <FormattedMessage id="account.emailVerified" />
        </span>
      ) : (
        <>
          <span className="badge badge--warning">
            <FormattedMessage id="account.emailUnverified" />
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
            data-testid="resend-verification"
          >
            <FormattedMessage id="account.resendVerification" />
          </button>
        </>
      )}
    </div>
  );
}

/** `/account`: the member's email, ways to log in, sessions, password and notification preferences. */
export function AccountPage() {
  usePageTitle('account.title');
  return (
    <div className="container page page--narrow">
      <PageHeader title="account.title" lead="account.lead" />
      <section className="card account-card" aria-labelledby="account-email">
        <h2 id="account-email">
          <FormattedMessage id="account.email" />
        </h2>
        <EmailStatus />
      </section>
      <section className="card account-card" aria-labelledby="account-logins">
        <h2 id="account-logins">
          <FormattedMessage id="account.logins" />
        </h2>
        <LoginMethods />
      </section>
      <ResponsiblePlaySection />
      <SessionsSection />
      <ChangePasswordSection />
      <NotificationPreferences />
      <StatementsSection />
      <YourDataSection />
      <CloseAccountSection />
    </div>
  );
}
